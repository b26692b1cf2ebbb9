import AnimCore

/// Where the compiler finds layers: the live scene, or the frozen snapshot of a transition's old side
/// (whose layers run no transitions of their own).
enum LayerLookup {
    case live(any SceneSource)
    case snapshot(SubtreeSnapshot)

    func layer(_ id: LayerID) -> SceneLayer? {
        switch self {
        case .live(let scene): return scene.layer(id)
        case .snapshot(let snapshot): return snapshot.layers[id]
        }
    }

    /// Transitions are drawn only from the live tree: a snapshot is already one side of one.
    var runsTransitions: Bool {
        if case .live = self { return true }
        return false
    }
}
