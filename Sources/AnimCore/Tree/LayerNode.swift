/// One layer of a `LayerTree`: its own properties, its place in the tree and its animations.
///
/// The structural fields change only through `LayerTree`'s operations, which keep them consistent with
/// each other and with `state.mask`.
public struct LayerNode: Sendable {
    public let id: LayerID
    /// The layer's model values (what the app set).
    public internal(set) var state: LayerState
    /// The layer this one is a sublayer of; nil for roots and masks.
    public internal(set) var superlayer: LayerID?
    /// The sublayers, back to front (docs/core-animation-rules.md#compositing-order).
    public internal(set) var sublayers: [LayerID]
    /// The layer this one masks; nil unless it is a mask.
    public internal(set) var maskOf: LayerID?
    /// The animations attached to the layer, in `animationKeys` order.
    public internal(set) var animations: LayerAnimations
    /// Orders the roots: a layer takes the next number each time it becomes a root, so the latest is on top.
    var rootSequence: UInt64

    init(id: LayerID, state: LayerState, rootSequence: UInt64) {
        self.id = id
        self.state = state
        self.superlayer = nil
        self.sublayers = []
        self.maskOf = nil
        self.animations = LayerAnimations()
        self.rootSequence = rootSequence
    }

    /// The layer whose space and time this one lives in: the superlayer, or for a mask the layer it masks.
    public var parent: LayerID? { superlayer ?? maskOf }

    /// A root has no superlayer and is not a mask.
    public var isRoot: Bool { superlayer == nil && maskOf == nil }
}
