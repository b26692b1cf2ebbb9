import AnimCore

extension ClientContext {
    /// The client's presentation tree at server time `t`, evaluated only for the layers a hit test or a
    /// conversion reads: a layer without animations reads its model state, so routing costs what it visits, not
    /// the whole tree (docs/core-animation-rules.md, "Input").
    func presentationSource(at t: Double) -> LayerStateSource {
        let tree = self.tree
        return .lookup { id in
            // The tree asks only for its own layers.
            guard let node = tree.node(id) else { return LayerState() }
            guard !node.animations.isEmpty,
                let local = try? tree.localTime(of: id, fromAbsolute: t)
            else { return node.state }
            return PresentationEvaluator.presentation(of: node.state, animations: node.animations, atLocalTime: local)
                .state
        }
    }
}
