import AnimCore

extension ClientContext {
    /// The client's presentation tree at server time `t` for one routing: only the animated layers a hit test or
    /// a conversion visits are evaluated (once each), and every other layer is read in place from the model, so
    /// routing costs what it visits, not the whole tree (docs/core-animation-rules.md, "Input").
    func presentationSource(at t: Double) -> LayerStateSource {
        let tree = self.tree
        let animated = animations
        let evaluated = EvaluatedStates()
        return .overriding { id in
            guard animated[id] != nil else { return nil }
            if let state = evaluated.states[id] { return state }
            guard let node = tree.node(id), !node.animations.isEmpty,
                let local = try? tree.localTime(of: id, fromAbsolute: t)
            else { return nil }
            let state = PresentationEvaluator.presentation(
                of: node.state, animations: node.animations, atLocalTime: local
            ).state
            evaluated.states[id] = state
            return state
        }
    }
}

/// The presentation states one routing evaluated, by layer.
private final class EvaluatedStates {
    var states: [LayerID: LayerState] = [:]
}
