import AnimCore

/// Where the compiler finds layers: the live scene (its animations evaluated `delay` seconds before the frame's
/// time inside replicator instances), or the frozen snapshot of a transition's old side (whose layers run no
/// transitions of their own).
enum LayerLookup {
    case live(any SceneSource, delay: Double = 0)
    case snapshot(SubtreeSnapshot)

    func layer(_ id: LayerID) -> SceneLayer? {
        switch self {
        case .live(let scene, let delay): return delay == 0 ? scene.layer(id) : scene.layer(id, delayedBy: delay)
        case .snapshot(let snapshot): return snapshot.layers[id]
        }
    }

    /// The same layers `delay` seconds further back in time (a replicator instance's, nested ones adding up);
    /// a snapshot is frozen and stays as it is.
    func delayed(by delay: Double) -> LayerLookup {
        guard delay != 0, delay.isFinite, case .live(let scene, let earlier) = self else { return self }
        return .live(scene, delay: earlier + delay)
    }

    /// Transitions are drawn only from the live tree: a snapshot is already one side of one.
    var runsTransitions: Bool {
        if case .live = self { return true }
        return false
    }
}
