/// Where a `LayerTree` keeps its nodes: a dense array and an id → slot table. Nodes are large (a whole
/// `LayerState` each), so the per-frame loops read and change them in place through the array rather
/// than copying them out of a dictionary.
struct LayerNodeStore: Sendable {
    /// Every node, in no particular order.
    private(set) var all: [LayerNode] = []
    private var slots: [LayerID: Int] = [:]

    var count: Int { all.count }

    /// Every id, in no particular order.
    var ids: Dictionary<LayerID, Int>.Keys { slots.keys }

    func contains(_ id: LayerID) -> Bool { slots[id] != nil }

    /// The slot of `id` in `all`; `id` must be in the store.
    func slot(of id: LayerID) -> Int { slots[id]! }

    /// A copy of the node of `id`, or nil.
    func node(_ id: LayerID) -> LayerNode? {
        slots[id].map { all[$0] }
    }

    /// The node of `id`, read or changed in place; `id` must be in the store.
    subscript(id: LayerID) -> LayerNode {
        _read { yield all[slots[id]!] }
        _modify { yield &all[slots[id]!] }
    }

    /// Adds `node`; its id must not be in the store yet.
    mutating func insert(_ node: LayerNode) {
        slots[node.id] = all.count
        all.append(node)
    }

    /// Removes and returns the node of `id`, or nil when there is none. The last node takes its slot.
    @discardableResult
    mutating func remove(_ id: LayerID) -> LayerNode? {
        guard let slot = slots.removeValue(forKey: id) else { return nil }
        let last = all.count - 1
        if slot != last {
            all.swapAt(slot, last)
            slots[all[slot].id] = slot
        }
        return all.removeLast()
    }
}
