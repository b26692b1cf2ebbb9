/// Hit testing (CALayer `hitTest(_:)`, docs/core-animation-rules.md#geometry).
extension LayerTree {
    /// The farthest descendant of `root` (itself included) that contains `p`, or nil.
    ///
    /// `p` is in the space `root` is drawn into: its superlayer's (the nearest ancestor that is not a
    /// CATransformLayer), or the root space when `root` is nil, in which case every shown root is tried
    /// (`shownRoots`: the declared root's tree only, when one is declared).
    /// The rules:
    /// - Siblings are tried top to bottom: higher zPosition first, equal zPosition in reverse array order
    ///   (docs/core-animation-rules.md#compositing-order); the first that returns a layer wins.
    /// - A hidden layer is skipped with its subtree.
    /// - A point outside a layer's bounds excludes the layer and its whole subtree (the documented rule,
    ///   docs/core-animation-rules.md#geometry). With `masksToBounds`, a point in a corner that `cornerRadius` cuts off
    ///   is outside too.
    /// - A CATransformLayer is never returned: its sublayers are tried in its place, in 3D
    ///   (docs/core-animation-rules.md#compositing-order).
    /// - A replicator tests only its first instance, i.e. its own sublayers
    ///   (docs/core-animation-rules.md#special-layer-classes).
    /// - The point is unprojected onto each layer's z = 0 plane through the full 4×4 path, so perspective
    ///   counts; a layer whose hit point would lie behind the eye, or that is seen edge-on, is not hit.
    /// - A layer with `doubleSided` false that faces away (its plane mirrored where it is drawn) is not
    ///   hit, since it is not drawn.
    /// Masks are not sublayers and are never returned; unknown `root` gives nil.
    public func hitTest(_ p: Point, in root: LayerID?, using states: LayerStateSource = .model) -> LayerID? {
        hitTest(p, in: root, using: states, rules: .layer)
    }

    /// The layer input routing gives a touch or click at `p` (root space) to, or nil: `hitTest(_:in:using:)`'s
    /// rules, and also a layer whose `userInteractionEnabled` is false is skipped with its subtree, and a layer
    /// with a mask is hit only where `p` lies in the mask's hit region (its bounds, rounded by its corner radius
    /// under `masksToBounds`), since outside it nothing of the layer is drawn (docs/core-animation-rules.md,
    /// "Input").
    public func inputHitTest(_ p: Point, using states: LayerStateSource) -> LayerID? {
        hitTest(p, in: nil, using: states, rules: .input)
    }

    /// `inputHitTest(_:using:)`'s answer, found through `index`, which it keeps up to date for this tree: among many
    /// sublayers only those whose frames hold the point are tested (`LayerHitIndex`). `states` must read the model
    /// for every layer without animations, as the presentation does.
    public func inputHitTest(_ p: Point, using states: LayerStateSource, index: LayerHitIndex) -> LayerID? {
        for id in frontToBack(index.roots(of: self), states) {
            if let hit = hitTest(id, p, above: .identity, superState: nil, states, .input, index) { return hit }
        }
        return nil
    }

    /// Which rules a hit test follows: CALayer's, or input routing's (`inputHitTest`).
    enum HitRules {
        case layer
        case input
    }

    func hitTest(_ p: Point, in root: LayerID?, using states: LayerStateSource, rules: HitRules) -> LayerID? {
        guard let root else {
            for id in frontToBack(shownRoots, states) {
                if let hit = hitTest(id, p, above: .identity, superState: nil, states, rules) { return hit }
            }
            return nil
        }
        guard nodes.contains(root) else { return nil }
        // From the space of root's parent to the plane p lives in.
        var chain = Transform3D.identity
        var parent = nodes[root].parent
        while let id = parent, !states.read(id, in: nodes, \.flattensSublayers) {
            chain = chain.concatenating(layerToParent(id, states))
            parent = nodes[id].parent
        }
        let superState = nodes[root].superlayer.map { states.state(of: $0, in: nodes) }
        return hitTest(root, p, above: chain, superState: superState, states, rules)
    }

    /// Tests `id` and its subtree. `p` is in the plane being hit; `chain` maps the space of `id`'s parent
    /// into that plane; `superState` is the superlayer's state (nil for a root or a mask).
    private func hitTest(
        _ id: LayerID, _ p: Point, above chain: Transform3D, superState: LayerState?, _ states: LayerStateSource,
        _ rules: HitRules, _ index: LayerHitIndex? = nil
    ) -> LayerID? {
        // Most siblings of a large flat tree miss: tell so from the fields read in place, without copying the state.
        if chain.isIdentity, superState.map({ !$0.geometryFlipped && $0.sublayerTransform.isIdentity }) ?? true,
            states.read(id, in: nodes, { Self.missesTranslated($0, p) })
        {
            return nil
        }
        let state = states.state(of: id, in: nodes)
        guard !state.hidden else { return nil }
        if rules == .input, !state.userInteractionEnabled { return nil }
        if chain.isIdentity, state.transform.isIdentity, state.layerClass != .transformLayer,
            superState.map({ !$0.geometryFlipped && $0.sublayerTransform.isIdentity }) ?? true
        {
            return hitTranslated(id, state, p, states, rules, index)
        }
        let toPlane = state.transform(toSuperlayer: superState).concatenating(chain)
        if state.layerClass == .transformLayer {
            return hitSublayers(of: id, state, p, above: toPlane, states, rules, index)
        }
        let planar = PlanarHomography(planeOf: toPlane)
        guard let inverse = planar.inverted, let local = inverse.apply(p) else { return nil }
        if !state.doubleSided, planar.determinant < 0 { return nil }
        guard state.hitRegionContains(local) else { return nil }
        if rules == .input, let mask = state.mask, nodes.contains(mask), !maskContains(local, mask, states) {
            return nil
        }
        let sublayerHit =
            state.flattensSublayers
            ? hitSublayers(of: id, state, local, above: .identity, states, rules, index)
            : hitSublayers(of: id, state, p, above: toPlane, states, rules, index)
        return sublayerHit ?? id
    }

    /// Whether `p` certainly misses `state`'s layer and subtree when only a translation separates the layer from the
    /// plane `p` lives in: it is hidden, or `p` is outside its bounds. False when the layer has a transform of its
    /// own or is a transform layer (the full test decides).
    private static func missesTranslated(_ state: LayerState, _ p: Point) -> Bool {
        guard state.transform.isIdentity, state.layerClass != .transformLayer else { return false }
        if state.hidden { return true }
        let a = state.anchorPointInLayer
        return !state.bounds.contains(Point(x: p.x - (state.position.x - a.x), y: p.y - (state.position.y - a.y)))
    }

    /// `hitTest` for a layer that only a translation separates from the plane `p` lives in (no transform of its
    /// own, nothing from its superlayer, nothing above): the common flat case, without the 4×4 path. The same
    /// answer as the general path, which inverts that translation.
    private func hitTranslated(
        _ id: LayerID, _ state: LayerState, _ p: Point, _ states: LayerStateSource, _ rules: HitRules,
        _ index: LayerHitIndex?
    ) -> LayerID? {
        let a = state.anchorPointInLayer
        let local = Point(x: p.x - (state.position.x - a.x), y: p.y - (state.position.y - a.y))
        guard state.hitRegionContains(local) else { return nil }
        if rules == .input, let mask = state.mask, nodes.contains(mask), !maskContains(local, mask, states) {
            return nil
        }
        let sublayerHit =
            state.flattensSublayers
            ? hitSublayers(of: id, state, local, above: .identity, states, rules, index)
            : hitSublayers(of: id, state, p, above: state.positioningTransform, states, rules, index)
        return sublayerHit ?? id
    }

    /// Whether `p`, in the masked layer's own space, lies in the hit region of its mask `mask` (a hidden mask
    /// shows nothing of the layer).
    private func maskContains(_ p: Point, _ mask: LayerID, _ states: LayerStateSource) -> Bool {
        let state = states.state(of: mask, in: nodes)
        guard !state.hidden else { return false }
        let planar = PlanarHomography(planeOf: state.transform(toSuperlayer: nil))
        guard let inverse = planar.inverted, let local = inverse.apply(p) else { return false }
        return state.hitRegionContains(local)
    }

    private func hitSublayers(
        of id: LayerID, _ state: LayerState, _ p: Point, above chain: Transform3D, _ states: LayerStateSource,
        _ rules: HitRules, _ index: LayerHitIndex?
    ) -> LayerID? {
        // Where `missesTranslated` decides for each sublayer, the index has ruled out the ones it would.
        if let index, chain.isIdentity, !state.geometryFlipped, state.sublayerTransform.isIdentity,
            let grid = index.grid(of: id, in: self)
        {
            let sublayers = nodes[id].sublayers
            var candidates = grid.candidates(at: p).map { candidate in
                let z = candidate.z ?? states.read(sublayers[Int(candidate.place)], in: nodes, \.zPosition)
                return (place: Int(candidate.place), z: z.isNaN ? 0 : z)
            }
            // frontToBack's order.
            candidates.sort { a, b in a.z > b.z || (a.z == b.z && a.place > b.place) }
            for candidate in candidates {
                let child = sublayers[candidate.place]
                if let hit = hitTest(child, p, above: chain, superState: state, states, rules, index) { return hit }
            }
            return nil
        }
        for child in frontToBack(nodes[id].sublayers, states) {
            if let hit = hitTest(child, p, above: chain, superState: state, states, rules, index) { return hit }
        }
        return nil
    }

    /// Siblings (given back to front) in the order they are tried: higher zPosition first, and among
    /// equal zPositions the later one first.
    func frontToBack(_ siblings: [LayerID], _ states: LayerStateSource) -> [LayerID] {
        guard siblings.count > 1 else { return siblings }
        // A NaN zPosition counts as 0, so the order stays a strict weak ordering.
        let z = siblings.map { id -> Double in
            let value = states.read(id, in: nodes, \.zPosition)
            return value.isNaN ? 0 : value
        }
        if z.allSatisfy({ $0 == z[0] }) { return siblings.reversed() }
        let order = z.indices.sorted { a, b in z[a] > z[b] || (z[a] == z[b] && a > b) }
        return order.map { siblings[$0] }
    }
}
