// Node storage, fenced in Sources/AnimCore/Tree/Storage (package access at most, not public API).
// Reference path it must equal: a dictionary of nodes by id; its journal, the tree as it was before the batch.
// Checked by: LayerTreeJournalTests, LayerTreeSharingTests, CommitRollbackTests.

import Synchronization

/// The last revision handed to a changed store (`LayerNodeStore.revision`), over every store of the process.
private let lastRevision = Atomic<UInt64>(0)

/// Where a `LayerTree` keeps its nodes: a dense list of boxed nodes and an id → slot table. Nodes are large
/// (a whole `LayerState` each), so the per-frame loops read and change them in place through the list
/// rather than copying them out of a dictionary, and a copy of the store shares them (`LayerNodeBox`).
///
/// While a journal is open (`beginJournal()`), the store remembers each node's box before its first change
/// (or that the id was absent), so `rollback()` can undo a batch of changes without the batch having worked
/// on a copy of every node. Remembering a box costs a pointer; the change then copies that one node.
///
/// @unchecked Sendable for the journal's boxes: they are only read (a remembered box is never written, the
/// change goes to a copy), so sharing them is safe as `LayerNodeList`'s are.
@usableFromInline
struct LayerNodeStore: @unchecked Sendable {
    /// Every node, in no particular order.
    private(set) var all = LayerNodeList()
    @usableFromInline private(set) var slots = LayerSlotTable()
    /// Each node's layer class by slot (it never changes), beside `all`: a bulk commit checks every change
    /// against its layer's class, and this reads it without reaching the node.
    @usableFromInline private(set) var classes: [LayerClass] = []
    /// Whether changes are being journaled.
    private(set) var isJournaling = false
    /// While journaling: each touched id's node before its first change; `.some(nil)` when it was absent.
    private var originals: [LayerID: LayerNodeBox?] = [:]
    /// A journal table up to this size is kept for the next batch (a pointer per entry), a larger one freed.
    private static let keptJournalCapacity = 4096
    /// Takes a new value, one no store has had before, whenever a node may change (or one is added or removed):
    /// two stores with the same revision hold the same nodes, so what was derived from the nodes
    /// (`LayerHitIndex`) stays valid while the revision does. Empty stores start at 0.
    private(set) var revision: UInt64 = 0

    mutating func newRevision() {
        revision = lastRevision.wrappingAdd(1, ordering: .relaxed).newValue
    }

    var count: Int { all.count }

    /// Every id, in no particular order.
    var ids: [LayerID] { slots.ids }

    func contains(_ id: LayerID) -> Bool { slots[id] != nil }

    /// The slot of `id` in `all`; `id` must be in the store.
    func slot(of id: LayerID) -> Int { slots[id]! }

    /// The slot of `id` in `all`, or nil when it is not in the store.
    func slotIfPresent(_ id: LayerID) -> Int? { slots[id] }

    /// A copy of the node of `id`, or nil.
    func node(_ id: LayerID) -> LayerNode? {
        slots[id].map { all[$0] }
    }

    /// The node of `id`, read or changed in place; `id` must be in the store.
    subscript(id: LayerID) -> LayerNode {
        _read { yield all[slots[id]!] }
        _modify { yield &self[slot: slots[id]!] }
    }

    /// The node at `slot` (from `slotIfPresent`), read or changed in place.
    subscript(slot slot: Int) -> LayerNode {
        _read { yield all[slot] }
        _modify {
            newRevision()
            if isJournaling { remember(all[slot].id, as: all.share(at: slot)) }
            yield &all.address(forChanging: slot).pointee
        }
    }

    /// Runs `change` on the state at `slot` in place (through the node's address: a `_modify` of the node would
    /// move the whole node).
    @inline(__always)
    mutating func modifyState(at slot: Int, _ change: (inout LayerState) -> Void) {
        newRevision()
        if isJournaling { remember(all[slot].id, as: all.share(at: slot)) }
        change(&all.address(forChanging: slot).pointee.state)
    }

    /// Runs `body` with the nodes ready to change in place many at a time (a bulk commit): the store's sharing
    /// is checked once for all of them (`LayerNodeList.changing(_:)`) rather than once a change. Not while
    /// journaling: these changes are not remembered.
    @inline(__always)
    mutating func changingNodes<R>(_ body: (ChangeableNodes) -> R) -> R {
        precondition(!isJournaling, "changingNodes does not journal its changes")
        newRevision()
        return all.changing(body)
    }

    /// Adds `node`; its id must not be in the store yet.
    mutating func insert(_ node: LayerNode) {
        newRevision()
        if isJournaling { remember(node.id, as: nil) }
        slots[node.id] = all.count
        all.append(LayerNodeBox.make(node))
        classes.append(node.state.layerClass)
    }

    /// Removes and returns the node of `id`, or nil when there is none. The last node takes its slot.
    @discardableResult
    mutating func remove(_ id: LayerID) -> LayerNode? {
        guard let slot = slots[id] else { return nil }
        newRevision()
        if isJournaling { remember(id, as: all.share(at: slot)) }
        return removeBox(at: slot).node
    }

    // MARK: Journal

    /// Starts remembering changes; a journal already open is dropped first (its changes stay).
    mutating func beginJournal() {
        originals.removeAll(keepingCapacity: true)
        isJournaling = true
    }

    /// Keeps every change since `beginJournal()` and stops journaling.
    mutating func commitJournal() {
        originals.removeAll(keepingCapacity: originals.capacity <= Self.keptJournalCapacity)
        isJournaling = false
    }

    /// Undoes every change since `beginJournal()` (the nodes as they were; slots may differ) and stops
    /// journaling. Without an open journal it does nothing.
    mutating func rollback() {
        guard isJournaling else { return }
        isJournaling = false
        newRevision()
        for (id, original) in originals {
            if let original {
                if let slot = slots[id] {
                    all.replace(slot, with: original)
                } else {
                    slots[id] = all.count
                    all.append(original)
                    classes.append(original.node.state.layerClass)
                }
            } else if let slot = slots[id] {
                removeBox(at: slot)
            }
        }
        originals.removeAll(keepingCapacity: originals.capacity <= Self.keptJournalCapacity)
    }

    /// The node of `id` as it was when the journal began (nil: absent then); the current node when no
    /// journal is open or `id` was not touched.
    func nodeBeforeJournal(_ id: LayerID) -> LayerNode? {
        if isJournaling, let index = originals.index(forKey: id) { return originals[index].value?.node }
        return node(id)
    }

    /// Runs `change` on the state at `slot` in place when this is the node's first change under the open
    /// journal: the journal then holds the node as it was, and a throw puts that back. Returns false without
    /// doing anything otherwise (no journal, or changed before: the caller changes a copy instead). Saves a
    /// copy of the whole state on each change of a bulk commit.
    mutating func changeStateInPlace(
        at slot: Int, _ change: (inout LayerState) throws(AnimCoreError) -> Void
    ) throws(AnimCoreError) -> Bool {
        guard isJournaling else { return false }
        newRevision()
        var first = false
        Self.keep(&originals[all[slot].id, default: Self.noting(&first, all.share(at: slot))])
        guard first else { return false }
        let address = all.address(forChanging: slot)  // copies the node: the journal holds the original
        do {
            try change(&address.pointee.state)
        } catch {
            restoreFirstChange(at: slot)
            throw error
        }
        return true
    }

    /// Puts back the node at `slot` as the journal has it, after a refused first change
    /// (`changeStateInPlace`).
    mutating func restoreFirstChange(at slot: Int) {
        newRevision()
        if let original = originals[all[slot].id], let original { all.replace(slot, with: original) }
    }

    private static func noting(_ flag: inout Bool, _ box: LayerNodeBox) -> LayerNodeBox? {
        flag = true
        return box
    }

    /// Records `box` (nil: absent) as the original of `id` unless it was touched before. One hash lookup:
    /// the defaulting subscript inserts only when the id is not there yet.
    private mutating func remember(_ id: LayerID, as box: LayerNodeBox?) {
        Self.keep(&originals[id, default: box])
    }

    private static func keep(_: inout LayerNodeBox?) {}

    @discardableResult
    private mutating func removeBox(at slot: Int) -> LayerNodeBox {
        slots[all[slot].id] = nil
        let last = all.count - 1
        if slot != last {
            all.swapAt(slot, last)
            classes.swapAt(slot, last)
            slots[all[slot].id] = slot
        }
        classes.removeLast()
        return all.removeLast()
    }
}
