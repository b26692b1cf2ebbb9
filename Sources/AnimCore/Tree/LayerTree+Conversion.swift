/// Coordinate conversion between layers (CALayer `convert(_:from:)` / `convert(_:to:)`,
/// docs/core-animation-rules.md#geometry).
///
/// Each layer is drawn into the plane of the nearest ancestor that flattens its sublayers (every layer but
/// CATransformLayer and a depth-preserving replicator, docs/core-animation-rules.md#compositing-order), or into the
/// root space, where the roots' positions live. The map from a layer's z = 0 plane into that plane is the product of
/// the 4×4 layer → superlayer matrices on the way, projected (`PlanarHomography`), so perspective works. A conversion
/// goes up from the source through these planes to the nearest one the two layers share, then down to the
/// target by unprojecting: intersecting the eye ray with each plane on the way.
extension LayerTree {
    /// The map from the z = 0 plane of `from` to that of `to` (nil means the root space), as a 4×4 matrix
    /// whose z row and column are the identity's: apply it to (x, y, 0, 1) and divide by w. Nil when a
    /// layer is unknown or a plane on the way down is seen edge-on. Unlike `convert`, the single matrix
    /// cannot tell a point that passes behind the eye on the way; `convert` checks each step.
    public func transform(
        from: LayerID?, to: LayerID?, using states: LayerStateSource = .model
    ) -> Transform3D? {
        guard let path = conversionPath(from: from, to: to, states: states) else { return nil }
        var h = PlanarHomography.identity
        for step in path.up { h = h.concatenating(step) }
        for step in path.down.reversed() {
            guard let inverse = step.inverted else { return nil }
            h = h.concatenating(inverse)
        }
        return h.transform
    }

    /// `p` in the space of `from` converted to the space of `to` (nil means the root space). Nil when a
    /// layer is unknown, or the point lands behind the eye or on an edge-on plane at some step.
    public func convert(
        _ p: Point, from: LayerID?, to: LayerID?, using states: LayerStateSource = .model
    ) -> Point? {
        guard let path = conversionPath(from: from, to: to, states: states) else { return nil }
        var q = p
        for step in path.up {
            guard let next = step.apply(q) else { return nil }
            q = next
        }
        for step in path.down.reversed() {
            guard let inverse = step.inverted, let next = inverse.apply(q) else { return nil }
            q = next
        }
        return q
    }

    /// `r` converted from the space of `from` to that of `to`: the bounding box of its four converted
    /// corners; nil when any corner cannot be converted.
    public func convert(
        _ r: Rect, from: LayerID?, to: LayerID?, using states: LayerStateSource = .model
    ) -> Rect? {
        let s = r.standardized
        var corners: [Point] = []
        for c in [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY), Point(x: s.minX, y: s.maxY),
            Point(x: s.maxX, y: s.maxY),
        ] {
            guard let q = convert(c, from: from, to: to, using: states) else { return nil }
            corners.append(q)
        }
        return Rect.bounding(corners)
    }

    /// Whether `p`, in the space of `id`, is inside its bounds (CALayer `contains(_:)`); false for an
    /// unknown layer.
    public func contains(_ p: Point, in id: LayerID, using states: LayerStateSource = .model) -> Bool {
        guard nodes.contains(id) else { return false }
        return states.read(id, in: nodes) { $0.containsInBounds(p) }
    }

    /// The layer → superlayer matrix of `id` (docs/core-animation-rules.md#geometry):
    /// `T(−A) · transform · T(position, zPosition) · SubT(superlayer)`; for a mask, without the masked layer's
    /// sublayerTransform. Nil for an unknown layer.
    public func transformToSuperlayer(of id: LayerID, using states: LayerStateSource = .model) -> Transform3D? {
        guard nodes.contains(id) else { return nil }
        return layerToParent(id, states)
    }

    // MARK: Internals

    /// The layer → parent matrix of `id` with the given states.
    func layerToParent(_ id: LayerID, _ states: LayerStateSource) -> Transform3D {
        let superState = nodes[id].superlayer.map { states.state(of: $0, in: nodes) }
        return states.read(id, in: nodes) { $0.transform(toSuperlayer: superState) }
    }

    /// From `id`'s plane up to the plane it is drawn into: the map and that plane's layer (nil: root space).
    func planeStep(from id: LayerID, _ states: LayerStateSource) -> (map: PlanarHomography, plane: LayerID?) {
        var m = layerToParent(id, states)
        var plane = nodes[id].parent
        while let p = plane, !states.read(p, in: nodes, \.flattensSublayers) {
            m = m.concatenating(layerToParent(p, states))
            plane = nodes[p].parent
        }
        return (PlanarHomography(planeOf: m), plane)
    }

    /// The planes from `id` up to the root space: `planes[0]` is `id` (nil: the root space itself) and
    /// `maps[i]` maps `planes[i]` into `planes[i + 1]`.
    private func planeChain(
        from id: LayerID?, _ states: LayerStateSource
    ) -> (planes: [LayerID?], maps: [PlanarHomography]) {
        var planes: [LayerID?] = [id]
        var maps: [PlanarHomography] = []
        var current = id
        while let c = current {
            let step = planeStep(from: c, states)
            maps.append(step.map)
            planes.append(step.plane)
            current = step.plane
        }
        return (planes, maps)
    }

    /// The maps up from `from` to the nearest plane shared with `to`, and the maps up from `to` to it.
    private func conversionPath(
        from: LayerID?, to: LayerID?, states: LayerStateSource
    ) -> (up: [PlanarHomography], down: [PlanarHomography])? {
        if let from, !nodes.contains(from) { return nil }
        if let to, !nodes.contains(to) { return nil }
        let source = planeChain(from: from, states)
        let target = planeChain(from: to, states)
        // The root space (nil) ends both chains, so a shared plane always exists.
        for (i, plane) in source.planes.enumerated() {
            if let j = target.planes.firstIndex(where: { $0 == plane }) {
                return (Array(source.maps[..<i]), Array(target.maps[..<j]))
            }
        }
        return nil
    }
}
