/// One layer's own geometry (docs/core-animation-rules.md#geometry): its anchor point, frame, the matrix into its
/// superlayer and its hit region. Row vectors throughout (`p' = p · M`, CATransform3D's convention), y downward.
extension LayerState {
    /// The anchor point in the layer's own space: `(bounds.minX + ax·w, bounds.minY + ay·h, anchorPointZ)`.
    public var anchorPointInLayer: Vector3 {
        let b = bounds.standardized
        return Vector3(b.minX + anchorPoint.x * b.width, b.minY + anchorPoint.y * b.height, anchorPointZ)
    }

    /// Maps the layer's own space into its superlayer's space before the superlayer's sublayerTransform:
    /// `T(−A) · transform · T(position.x, position.y, zPosition)`. A point at `bounds.origin` lands on the
    /// layer's top-left corner.
    public var positioningTransform: Transform3D {
        let a = anchorPointInLayer
        if transform.isIdentity {
            return .translation(position.x - a.x, position.y - a.y, zPosition - a.z)
        }
        return Transform3D.translation(-a.x, -a.y, -a.z)
            .concatenating(transform)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// What this layer applies to its sublayers' geometry: `T(−C) · sublayerTransform · T(C)`, where C is
    /// the centre of the bounds, so a perspective there has its vanishing point at the layer's centre
    /// (docs/core-animation-rules.md#geometry). With `geometryFlipped` the sublayers' y axis is also mirrored about the
    /// centre, applied before the sublayerTransform: `T(−C) · S(1, −1, 1) · sublayerTransform · T(C)`
    /// (docs/core-animation-rules.md#layer-properties; the order against a sublayerTransform that rotates is not
    /// documented).
    public var sublayerSpaceTransform: Transform3D {
        guard affectsSublayerGeometry else { return .identity }
        let c = bounds.center
        let centred = Transform3D.translation(-c.x, -c.y, 0)
        let flipped = geometryFlipped ? centred.concatenating(.scale(1, -1, 1)) : centred
        return flipped.concatenating(sublayerTransform).concatenating(.translation(c.x, c.y, 0))
    }

    /// Whether `sublayerSpaceTransform` differs from the identity.
    private var affectsSublayerGeometry: Bool {
        geometryFlipped || !sublayerTransform.isIdentity
    }

    /// The layer → superlayer matrix: `positioningTransform · SubT(superlayer)`
    /// (docs/core-animation-rules.md#geometry). Pass nil for a root (its superlayer space is the root space) and for a
    /// mask (a mask lives in the masked layer's own space, which its sublayerTransform and geometryFlipped do not
    /// touch).
    public func transform(toSuperlayer superlayer: LayerState?) -> Transform3D {
        guard let superlayer, superlayer.affectsSublayerGeometry else { return positioningTransform }
        return positioningTransform.concatenating(superlayer.sublayerSpaceTransform)
    }

    /// The bounding box of the transformed bounds in the superlayer's space (CALayer `frame`); with the
    /// identity transform, `origin = position − (ax·w, ay·h)` and `size = bounds.size`. The superlayer's
    /// sublayerTransform does not enter it. When the layer's own perspective puts a corner of the bounds
    /// behind the eye no finite box holds the image; the frame is then the empty rectangle at `position`.
    public var frame: Rect {
        if transform.isIdentity {
            let b = bounds.standardized
            return Rect(
                x: position.x - anchorPoint.x * b.width, y: position.y - anchorPoint.y * b.height,
                width: b.width, height: b.height)
        }
        return bounds.standardized.boundingBox(through: positioningTransform)
            ?? Rect(origin: position, size: .zero)
    }

    /// Sets the frame as CALayer's setter does: `position` and `bounds.size` change, `bounds.origin` stays
    /// (docs/core-animation-rules.md#geometry). With a transform, the size is solved so the new frame is `newFrame`
    /// exactly for transforms that keep the bounds axis-aligned (scales, rotations by multiples of 90°), which is what
    /// CA supports; for other rotations, where no size gives that box, `bounds.size` takes `newFrame.size`.
    public mutating func setFrame(_ newFrame: Rect) {
        let f = newFrame.standardized
        let linear = transform.affine
        var size = f.size
        if !transform.isIdentity {
            // The box of a w×h rectangle under [[a b] [c d]] is (|a|w + |c|h) × (|b|w + |d|h).
            let (a, b, c, d) = (abs(linear.a), abs(linear.b), abs(linear.c), abs(linear.d))
            let det = a * d - c * b
            if det.magnitude > 1e-12 {
                size = Size(width: (f.width * d - c * f.height) / det, height: (a * f.height - b * f.width) / det)
            }
            if !(size.width >= 0 && size.height >= 0) { size = f.size }
        }
        bounds.size = size
        // The centre of the bounds lands on the centre of the frame.
        let fromAnchor = Point(x: (0.5 - anchorPoint.x) * size.width, y: (0.5 - anchorPoint.y) * size.height)
        let moved = Point(
            x: fromAnchor.x * linear.a + fromAnchor.y * linear.c, y: fromAnchor.x * linear.b + fromAnchor.y * linear.d)
        position = f.center - moved
    }

    /// Whether `p` (in the layer's own space) is inside the bounds: CALayer `contains(_:)`, half-open like
    /// `Rect.contains`.
    public func containsInBounds(_ p: Point) -> Bool {
        bounds.contains(p)
    }

    /// Whether a point in the layer's own space can hit it: inside the bounds, and with `masksToBounds`
    /// not in a corner cut off by `cornerRadius` (circular corners on the corners `maskedCorners` names;
    /// the radius is capped at half the shorter side).
    public func hitRegionContains(_ p: Point) -> Bool {
        guard bounds.contains(p) else { return false }
        guard masksToBounds, cornerRadius > 0 else { return true }
        let b = bounds.standardized
        let r = min(cornerRadius, b.width / 2, b.height / 2)
        let corners = maskedCorners.isFinite ? CornerMask(rawValue: UInt(max(0, min(maskedCorners, 15)))) : .all
        let left = p.x < b.minX + r
        let right = p.x > b.maxX - r
        let top = p.y < b.minY + r
        let bottom = p.y > b.maxY - r
        let corner: (CornerMask, Point)?
        switch (left, right, top, bottom) {
        case (true, _, true, _): corner = (.minXMinY, Point(x: b.minX + r, y: b.minY + r))
        case (_, true, true, _): corner = (.maxXMinY, Point(x: b.maxX - r, y: b.minY + r))
        case (true, _, _, true): corner = (.minXMaxY, Point(x: b.minX + r, y: b.maxY - r))
        case (_, true, _, true): corner = (.maxXMaxY, Point(x: b.maxX - r, y: b.maxY - r))
        default: corner = nil
        }
        guard let (which, centre) = corner, corners.contains(which) else { return true }
        return p.distance(to: centre) <= r
    }

    /// Whether the layer draws its sublayers into its own plane. CATransformLayer does not
    /// (docs/core-animation-rules.md#compositing-order), nor does a replicator with `preservesDepth`
    /// (docs/core-animation-rules.md#special-layer-classes); their sublayers keep their depth in the space above.
    public var flattensSublayers: Bool {
        switch layerClass {
        case .transformLayer: return false
        case .replicator: return !(special.replicator?.replicatorPreservesDepth ?? false)
        default: return true
        }
    }
}

extension Rect {
    /// The bounding box of the four corners mapped through `m`; nil when a corner lands behind the eye.
    func boundingBox(through m: Transform3D) -> Rect? {
        let corners = [
            Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY),
        ]
        var mapped: [Point] = []
        mapped.reserveCapacity(4)
        for c in corners {
            guard let p = m.apply(to: c) else { return nil }
            mapped.append(p)
        }
        return Rect.bounding(mapped)
    }
}
