import AnimCore
import AnimRender

/// Everything a renderer needs for one frame, frozen: for every session, its layer trees (roots back to
/// front, each layer's sublayers back to front) and every layer's presentation state at the frame's time.
/// A value built once per frame; the renderer may keep it on another thread.
///
/// It does not copy the scene: each client's model tree is shared with the server (a copy-on-write value
/// whose nodes are boxed: while the snapshot is held, the server's next change copies the list of node
/// pointers once and each node it changes), and only the layers with animations get a presentation state of
/// their own. Every other layer presents its model state.
public struct RenderSnapshot: Sendable {
    public struct Layer: Sendable {
        public let id: LayerID
        /// The presentation state at the frame's time (the model state when nothing animates it).
        public let state: LayerState
        /// Back to front; the mask is `state.mask`.
        public let sublayers: [LayerID]
        /// The CATransition running on the layer, if any.
        public let transition: TransitionProgress?
        /// The layer's subtree as it was when the running transition was added (its old state,
        /// docs/core-animation-rules.md#transitions).
        public let transitionFrom: SubtreeSnapshot?
    }

    /// What a layer's animations make of it at the frame's time.
    public struct Presented: Sendable {
        public let state: LayerState
        public let transition: TransitionProgress?
    }

    /// One client's layers by id, each with its presentation state; built on demand from the model tree and
    /// the presentation of the animated layers.
    public struct Layers: Sendable {
        /// The client's model tree at the frame.
        public let tree: LayerTree
        /// The presentation of the layers with animations; the others present their model state.
        public let presented: [LayerID: Presented]
        /// The old state of each layer a transition was added to, captured when it was added.
        public let transitionCaptures: [LayerID: TransitionCapture]
        /// The absolute time the presentation was evaluated at.
        public let time: Double

        /// The number of layers.
        public var count: Int { tree.count }

        /// Every layer id, in ascending order.
        public var ids: [LayerID] { tree.layerIDs }

        /// The layer `id` as the frame shows it, or nil when the client has none with that id.
        public subscript(id: LayerID) -> Layer? {
            tree.withNode(id) { node in
                let presented = presented[id]
                let transition = presented?.transition
                return Layer(
                    id: id, state: presented?.state ?? node.state, sublayers: node.sublayers,
                    transition: transition,
                    transitionFrom: transition == nil ? nil : transitionCaptures[id]?.snapshot)
            }
        }

        /// The layer `id` with its animations evaluated at absolute time `time − delay` (a replicator instance's
        /// layers, docs/core-animation-rules.md#careplicatorlayer); a layer without animations shows its model state.
        /// Animations already removed from the model tree at `time` (finished and removedOnCompletion) are gone for
        /// the delayed copies too.
        public func layer(_ id: LayerID, delayedBy delay: Double) -> Layer? {
            guard delay != 0 else { return self[id] }
            return tree.withNode(id) { node in
                var state = node.state
                var transition: TransitionProgress?
                if !node.animations.isEmpty, let local = try? tree.localTime(of: id, fromAbsolute: time - delay) {
                    transition = PresentationEvaluator.evaluate(
                        model: node.state, animations: node.animations, atLocalTime: local, into: &state)
                }
                return Layer(
                    id: id, state: state, sublayers: node.sublayers, transition: transition,
                    transitionFrom: transition == nil ? nil : transitionCaptures[id]?.snapshot)
            }
        }

        /// The presentation state of `id` (the model state unless animations change it), or nil when there is
        /// no such layer.
        public func state(of id: LayerID) -> LayerState? {
            if let presented = presented[id] { return presented.state }
            return tree.withNode(id) { $0.state }
        }
    }

    public struct Client: Sendable {
        public let session: SessionID
        public let layers: Layers
        /// The images the client uploaded, which `contents` and emitter cells name.
        public let images: [ImageID: ClientImage]
        /// The frame's server media time: layers' local times (an emitter's time) are taken from it.
        public var time: Double = 0
        /// What each CATiledLayer draws this frame (`TiledLayerStore`).
        public internal(set) var tiles: [LayerID: [TiledLayerTile]] = [:]
        /// The model values each emitter layer has had: its particles take those in force at their birth.
        public internal(set) var emitterHistories: [LayerID: EmitterHistory] = [:]

        /// The client's model tree at the frame.
        public var tree: LayerTree { layers.tree }

        /// The roots drawn, back to front: the declared root's tree when the client declared one (`SetRootLayer`),
        /// else every layer with no superlayer that is not a mask (docs/core-animation-rules.md, "Scenes off screen").
        public var roots: [LayerID] { layers.tree.shownRoots }
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
    /// One client's tree at absolute time `t`: the layers in `animated` (a superset of those with
    /// animations) get their model state with their animations applied at the layer's own local time.
    init(
        session: SessionID, tree: LayerTree, animated: some Sequence<LayerID>,
        transitionCaptures: [LayerID: TransitionCapture] = [:], images: [ImageID: ClientImage], at t: Double
    ) {
        // Once a frame for every animated layer, on the loop thread: sized once, and each node read in place
        // rather than copied out (thousands of animated layers made the frame the loop's longest piece of work).
        var presented: [LayerID: RenderSnapshot.Presented] = [:]
        presented.reserveCapacity(animated.underestimatedCount)
        for id in animated {
            let evaluated = tree.withNode(id) { node -> RenderSnapshot.Presented? in
                guard !node.animations.isEmpty, let local = try? tree.localTime(of: id, fromAbsolute: t) else {
                    return nil
                }
                var state = node.state
                let transition = PresentationEvaluator.evaluate(
                    model: node.state, animations: node.animations, atLocalTime: local, into: &state)
                return RenderSnapshot.Presented(state: state, transition: transition)
            }
            if let evaluated = evaluated ?? nil { presented[id] = evaluated }
        }
        self.init(
            session: session,
            layers: RenderSnapshot.Layers(
                tree: tree, presented: presented, transitionCaptures: transitionCaptures, time: t),
            images: images, time: t)
    }
}
