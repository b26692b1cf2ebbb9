/// One client's layers: every layer's model state, the superlayer/sublayer and mask relations between them,
/// and each layer's animations. A value type with no I/O; the server and the SDK each keep one.
///
/// Structure follows CALayer (docs/core-animation-rules.md#model-presentation-and-render-trees, #compositing-order):
/// sublayers are stored back to front; a layer has at most one superlayer; a mask has no superlayer, masks exactly one
/// layer, and cannot itself have a mask. Every operation that would break a rule throws an `AnimCoreError` naming the
/// layers, and leaves the tree as it was.
///
/// A mask lives in the space and time of the layer it masks: for geometry and timing its parent is that
/// layer (`LayerNode.parent`), but it is not a sublayer, so hit testing never reaches it.
public struct LayerTree: Sendable {
    @usableFromInline var nodes = LayerNodeStore()
    var nextRootSequence: UInt64 = 0
    /// `nextRootSequence` when the open journal began (see LayerTree+Journal).
    var rootSequenceBeforeJournal: UInt64 = 0
    /// The layer the client declared its root (`declareRoot`), nil when it declared none.
    public internal(set) var declaredRoot: LayerID?
    /// `declaredRoot` when the open journal began.
    var declaredRootBeforeJournal: LayerID?

    public init() {}

    /// The number of layers.
    public var count: Int { nodes.count }

    /// Changes whenever a layer may have changed, to a value no other tree has had (`LayerNodeStore.revision`).
    var revision: UInt64 { nodes.revision }

    /// Every layer id, in ascending order.
    public var layerIDs: [LayerID] { nodes.ids.sorted() }

    /// Whether a layer with this id exists.
    public func hasLayer(_ id: LayerID) -> Bool { nodes.contains(id) }

    /// The node of `id`, or nil when there is none.
    public func node(_ id: LayerID) -> LayerNode? { nodes.node(id) }

    /// The class of layer `id`, or nil when there is none.
    public func layerClass(of id: LayerID) -> LayerClass? {
        nodes.slotIfPresent(id).map { nodes.all[$0].state.layerClass }
    }

    /// `body`'s result for the node of `id` read in place (a node is large: this does not copy it), or nil
    /// when there is none.
    public func withNode<Result>(_ id: LayerID, _ body: (LayerNode) -> Result) -> Result? {
        guard nodes.contains(id) else { return nil }
        return body(nodes[id])
    }

    /// The layers with no superlayer that are not masks, back to front: a layer goes on top of the others
    /// each time it becomes a root (inserted, removed from its superlayer, or released as a mask).
    public var roots: [LayerID] {
        nodes.all.indices.filter { nodes.all[$0].isRoot }
            .sorted { nodes.all[$0].rootSequence < nodes.all[$1].rootSequence }
            .map { nodes.all[$0].id }
    }

    /// The model state of `id`.
    public func state(of id: LayerID) throws(AnimCoreError) -> LayerState {
        try requireLayer(id)
        return nodes[id].state
    }

    /// The superlayer of `id`; nil for a root or a mask.
    public func superlayer(of id: LayerID) throws(AnimCoreError) -> LayerID? {
        try requireLayer(id)
        return nodes[id].superlayer
    }

    /// The sublayers of `id`, back to front.
    public func sublayers(of id: LayerID) throws(AnimCoreError) -> [LayerID] {
        try requireLayer(id)
        return nodes[id].sublayers
    }

    /// The layer `id` masks, if it is a mask.
    public func maskedLayer(of id: LayerID) throws(AnimCoreError) -> LayerID? {
        try requireLayer(id)
        return nodes[id].maskOf
    }

    /// The superlayer of `id`, or the layer it masks: the space and time it lives in.
    public func parent(of id: LayerID) throws(AnimCoreError) -> LayerID? {
        try requireLayer(id)
        return nodes[id].parent
    }

    /// The ancestors of `id`, root first, not including `id`. A mask's ancestors are the layer it masks and
    /// that layer's ancestors.
    public func ancestors(of id: LayerID) throws(AnimCoreError) -> [LayerID] {
        var chain: [LayerID] = []
        try requireLayer(id)
        var current = nodes[id].parent
        while let p = current {
            chain.append(p)
            current = nodes[p].parent
        }
        return chain.reversed()
    }

    /// The animations attached to `id`.
    public func animations(of id: LayerID) throws(AnimCoreError) -> LayerAnimations {
        try requireLayer(id)
        return nodes[id].animations
    }

    // MARK: Changing layers

    /// Adds a new root layer. A non-nil `state.mask` is applied as `setMask(_:of:)` would; if that fails,
    /// nothing is inserted.
    public mutating func insert(_ id: LayerID, state: LayerState) throws(AnimCoreError) {
        guard !nodes.contains(id) else { throw .duplicateLayer(id) }
        var plain = state
        plain.mask = nil
        nodes.insert(LayerNode(id: id, state: plain, rootSequence: takeRootSequence()))
        if let mask = state.mask {
            do {
                try setMask(mask, of: id)
            } catch {
                nodes.remove(id)
                throw error
            }
        }
    }

    /// Changes the model state of `id` in place. A change of `mask` is applied as `setMask(_:of:)` would;
    /// if the closure throws or the mask change is refused, the state stays as it was.
    public mutating func updateState(
        of id: LayerID, _ change: (inout LayerState) throws(AnimCoreError) -> Void
    ) throws(AnimCoreError) {
        // One lookup: setMask moves no node, so the slot stays valid.
        guard let slot = nodes.slotIfPresent(id) else { throw .unknownLayer(id) }
        let storedMask = nodes.all[slot].state.mask
        if try nodes.changeStateInPlace(at: slot, change) {
            let newMask = nodes.all[slot].state.mask
            guard newMask != storedMask else { return }
            // setMask compares with the stored mask and keeps the links; it changes nothing when it throws.
            nodes[slot: slot].state.mask = storedMask
            do {
                try setMask(newMask, of: id)
            } catch {
                nodes.restoreFirstChange(at: slot)
                throw error
            }
            return
        }
        var state = nodes[slot: slot].state
        let oldMask = state.mask
        try change(&state)
        let newMask = state.mask
        if newMask != oldMask {
            try setMask(newMask, of: id)
        }
        state.mask = newMask
        nodes[slot: slot].state = state
    }

    /// Runs `body` on the animations of `id` and returns its result (to add, remove or advance them).
    @discardableResult
    public mutating func updateAnimations<Result>(
        of id: LayerID, _ body: (inout LayerAnimations) throws(AnimCoreError) -> Result
    ) throws(AnimCoreError) -> Result {
        guard nodes.contains(id) else { throw .unknownLayer(id) }
        return try body(&nodes[id].animations)
    }

    // MARK: Internals shared by the extensions

    /// A copy of the node of `id`; throws when there is none.
    func existing(_ id: LayerID) throws(AnimCoreError) -> LayerNode {
        guard let node = nodes.node(id) else { throw .unknownLayer(id) }
        return node
    }

    /// Throws unless `id` is in the tree (without copying its node).
    func requireLayer(_ id: LayerID) throws(AnimCoreError) {
        guard nodes.contains(id) else { throw .unknownLayer(id) }
    }

    mutating func takeRootSequence() -> UInt64 {
        nextRootSequence += 1
        return nextRootSequence
    }

    /// Whether `candidate` is `id` itself or one of its ancestors (through superlayers and masks).
    func isSelfOrAncestor(_ candidate: LayerID, of id: LayerID) -> Bool {
        var current: LayerID? = id
        while let c = current {
            if c == candidate { return true }
            current = nodes[c].parent
        }
        return false
    }
}
