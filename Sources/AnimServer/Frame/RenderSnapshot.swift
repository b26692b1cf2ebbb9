import AnimCore

/// Everything a renderer needs for one frame, frozen: for every session, its layer trees (roots back to
/// front, each layer's sublayers back to front) and every layer's presentation state at the frame's time.
/// A value built once per frame; the renderer may keep it on another thread.
public struct RenderSnapshot: Sendable {
    public struct Layer: Sendable {
        public let id: LayerID
        /// The presentation state at the frame's time (the model state when nothing animates it).
        public let state: LayerState
        /// Back to front; the mask is `state.mask`.
        public let sublayers: [LayerID]
        /// The CATransition running on the layer, if any.
        public let transition: TransitionProgress?
    }

    public struct Client: Sendable {
        public let session: SessionID
        /// The layers with no superlayer that are not masks, back to front.
        public let roots: [LayerID]
        public let layers: [LayerID: Layer]
        /// The images the client uploaded, which `contents` and emitter cells name.
        public let images: [ImageID: ClientImage]
    }

    /// The frame's number, from 1.
    public let frame: UInt64
    /// The presentation time the states were evaluated at (server media time).
    public let time: Double
    /// In session order.
    public let clients: [Client]

    /// The number of layers over all clients.
    public var layerCount: Int { clients.reduce(0) { $0 + $1.layers.count } }
}

extension RenderSnapshot.Client {
    /// One client's tree at absolute time `t`: each layer's model state with its animations applied at the
    /// layer's own local time.
    init(session: SessionID, tree: LayerTree, images: [ImageID: ClientImage], at t: Double) {
        let times = tree.layerTimes(atAbsoluteTime: t)
        var layers: [LayerID: RenderSnapshot.Layer] = [:]
        layers.reserveCapacity(tree.count)
        for id in tree.layerIDs {
            guard let node = tree.node(id) else { continue }
            var state = node.state
            var transition: TransitionProgress?
            if !node.animations.isEmpty, let local = times[id] {
                transition = PresentationEvaluator.evaluate(
                    model: node.state, animations: node.animations, atLocalTime: local, into: &state)
            }
            layers[id] = RenderSnapshot.Layer(id: id, state: state, sublayers: node.sublayers, transition: transition)
        }
        self.init(session: session, roots: tree.roots, layers: layers, images: images)
    }
}
