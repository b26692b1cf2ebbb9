import AnimCore

/// One layer as a frame shows it: its presentation state, its sublayers back to front and the transition
/// running on it.
public struct SceneLayer: Sendable {
    public let id: LayerID
    /// The presentation state at the frame's time.
    public let state: LayerState
    /// Back to front. The mask is `state.mask`.
    public let sublayers: [LayerID]
    /// The CATransition running on the layer, if any.
    public let transition: TransitionProgress?
    /// What the layer and its subtree looked like when the transition was added (its old state,
    /// docs/core-animation-rules.md#transitions); nil when no transition runs or the server had nothing to capture.
    public let transitionFrom: SubtreeSnapshot?

    public init(
        id: LayerID, state: LayerState, sublayers: [LayerID], transition: TransitionProgress? = nil,
        transitionFrom: SubtreeSnapshot? = nil
    ) {
        self.id = id
        self.state = state
        self.sublayers = sublayers
        self.transition = transition
        self.transitionFrom = transitionFrom
    }
}

/// A frozen copy of one layer's subtree (the layer, its sublayers and masks, recursively): the old side of a
/// transition.
public struct SubtreeSnapshot: Sendable {
    public let root: LayerID
    /// Every layer of the subtree by id (masks included), without transitions of their own.
    public let layers: [LayerID: SceneLayer]

    public init(root: LayerID, layers: [LayerID: SceneLayer]) {
        self.root = root
        self.layers = layers
    }
}

/// One client's layers as a frame sees them; what the draw-list compiler reads. The server's render
/// snapshot provides one per client; tests build them by hand (`StaticScene`).
public protocol SceneSource {
    /// The layers with no superlayer that are not masks, back to front.
    var roots: [LayerID] { get }
    /// The layer `id`, or nil when there is none.
    func layer(_ id: LayerID) -> SceneLayer?
    /// The layer `id` with its animations evaluated `delay` seconds earlier than the frame's time: what instance
    /// i of a replicator shows for `delay` = i · instanceDelay (docs/core-animation-rules.md#careplicatorlayer).
    /// A source without animations of its own answers `layer(id)`.
    func layer(_ id: LayerID, delayedBy delay: Double) -> SceneLayer?
    /// The image `id` names in this client's `contents`, or nil when there is none.
    func image(_ id: ImageID) -> RenderImage?
    /// The tiles a CATiledLayer draws this frame, back to front (none for other layers).
    func tiles(of layer: LayerID) -> [TiledLayerTile]
    /// The local time of layer `id` at the frame (an emitter's particles are a function of it,
    /// docs/core-animation-rules.md#caemitterlayer); nil when not known, and then no particles are drawn.
    func localTime(of id: LayerID) -> Double?
    /// The model values emitter layer `id` has had (its particles take those in force at their birth,
    /// docs/core-animation-rules.md#caemitterlayer); nil when only the frame's values are known.
    func emitterHistory(of id: LayerID) -> EmitterHistory?
}

extension SceneSource {
    public func localTime(of id: LayerID) -> Double? { nil }
    public func emitterHistory(of id: LayerID) -> EmitterHistory? { nil }
}

extension SceneSource {
    public func layer(_ id: LayerID, delayedBy delay: Double) -> SceneLayer? { layer(id) }
}

/// A scene held in dictionaries: for tests, tools and splash screens.
public struct StaticScene: SceneSource, Sendable {
    public var roots: [LayerID]
    /// Their presentation states, or, for the layers in `animations`, their model states.
    public var layers: [LayerID: SceneLayer]
    public var images: [ImageID: RenderImage]
    /// Animations evaluated over the model states in `layers` at `time` (each layer's local time is `time`).
    public var animations: [LayerID: LayerAnimations] = [:]
    /// Every layer's local time (a static scene has no timing hierarchy): what `animations` are evaluated at and
    /// emitters are drawn at.
    public var time: Double
    /// The emitter layers' histories (`emitterHistory(of:)`); a layer without one shows its frame's values only.
    public var emitterHistories: [LayerID: EmitterHistory] = [:]

    public init(
        roots: [LayerID] = [], layers: [LayerID: SceneLayer] = [:], images: [ImageID: RenderImage] = [:],
        time: Double = 0
    ) {
        self.roots = roots
        self.layers = layers
        self.images = images
        self.time = time
    }

    public func layer(_ id: LayerID) -> SceneLayer? { layer(id, delayedBy: 0) }

    public func layer(_ id: LayerID, delayedBy delay: Double) -> SceneLayer? {
        guard let layer = layers[id] else { return nil }
        guard let animations = animations[id], !animations.isEmpty else { return layer }
        let (state, transition) = PresentationEvaluator.presentation(
            of: layer.state, animations: animations, atLocalTime: time - delay)
        return SceneLayer(
            id: id, state: state, sublayers: layer.sublayers, transition: transition ?? layer.transition,
            transitionFrom: layer.transitionFrom)
    }

    public func image(_ id: ImageID) -> RenderImage? { images[id] }
    public func localTime(of id: LayerID) -> Double? { layers[id] == nil ? nil : time }
    public func emitterHistory(of id: LayerID) -> EmitterHistory? { emitterHistories[id] }
}
