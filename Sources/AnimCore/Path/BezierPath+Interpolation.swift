extension BezierPath {
    /// True when both paths have the same element kinds in the same order, so that they can be interpolated.
    public func hasSameStructure(as other: BezierPath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// The path between `self` (t = 0) and `other` (t = 1) for animating `CAShapeLayer.path`: every point,
    /// control points included, moves linearly. Only paths with the same structure (`hasSameStructure(as:)`)
    /// can be interpolated (docs/core-animation-rules.md#interpolation-by-value-type leaves the rest undefined): for
    /// any other pair this returns nil and the caller switches discretely. `t` is not clamped, so timing functions may
    /// overshoot; t = 0 and t = 1 return the end paths exactly.
    public func interpolated(to other: BezierPath, fraction t: Double) -> BezierPath? {
        guard hasSameStructure(as: other) else { return nil }
        if t == 0 { return self }
        if t == 1 { return other }
        var result: [PathElement] = []
        result.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)):
                result.append(.move(mix(p, q, t)))
            case (.line(let p), .line(let q)):
                result.append(.line(mix(p, q, t)))
            case (.quad(let c, let p), .quad(let d, let q)):
                result.append(.quad(control: mix(c, d, t), to: mix(p, q, t)))
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                result.append(.cubic(control1: mix(c1, d1, t), control2: mix(c2, d2, t), to: mix(p, q, t)))
            default:
                result.append(.close)
            }
        }
        return BezierPath(elements: result)
    }
}
