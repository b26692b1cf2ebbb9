import AnimCore
import AnimRender

/// The old state of a layer a transition was added to (docs/core-animation-rules.md#transitions,
/// #decisions-on-open-points): its subtree's presentation when the commit that added the transition began, kept until
/// that transition ends or is removed.
public struct TransitionCapture: Sendable {
    /// The `LayerAnimations` entry of the transition it belongs to.
    public let entry: UInt64
    public let snapshot: SubtreeSnapshot
}

extension ClientContext {
    /// `id`'s subtree (sublayers and masks, recursively) with each layer's presentation at server time `t`
    /// as the tree was before the commit being applied. A layer the commit created has no old state: the
    /// snapshot then holds no layers.
    func subtreeBeforeCommit(of id: LayerID, at t: Double) -> SubtreeSnapshot {
        var layers: [LayerID: SceneLayer] = [:]
        var pending = [id]
        while let next = pending.popLast() {
            guard layers[next] == nil, let node = tree.nodeBeforeJournal(next) else { continue }
            let state = (try? presentationBeforeCommit(of: next, at: t)) ?? node.state
            layers[next] = SceneLayer(id: next, state: state, sublayers: node.sublayers)
            pending += node.sublayers
            if let mask = state.mask { pending.append(mask) }
        }
        return SubtreeSnapshot(root: id, layers: layers)
    }
}
