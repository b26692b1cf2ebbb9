/// One element of a `BezierPath`, as in `CGPathElement`. Segments start at the current point.
public enum PathElement: Hashable, Codable, Sendable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line to the point.
    case line(Point)
    /// A quadratic Bézier curve to `to`.
    case quad(control: Point, to: Point)
    /// A cubic Bézier curve to `to`.
    case cubic(control1: Point, control2: Point, to: Point)
    /// A straight line back to the start of the current subpath, which it closes.
    case close

    /// The element's points in order (control points first, end point last); none for `close`.
    public var points: [Point] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quad(let c, let p): [c, p]
        case .cubic(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }

    /// The element with `transform` applied to each of its points.
    public func mapPoints(_ transform: (Point) -> Point) -> PathElement {
        switch self {
        case .move(let p): .move(transform(p))
        case .line(let p): .line(transform(p))
        case .quad(let c, let p): .quad(control: transform(c), to: transform(p))
        case .cubic(let c1, let c2, let p): .cubic(control1: transform(c1), control2: transform(c2), to: transform(p))
        case .close: .close
        }
    }
}

/// How a path's interior is decided when it is filled or hit-tested (`CAShapeLayer.fillRule`).
public enum FillRule: String, CaseIterable, Hashable, Codable, Sendable {
    /// Inside where the winding number is not zero (`kCAFillRuleNonZero`, the default).
    case nonZero = "non-zero"
    /// Inside where the winding number is odd (`kCAFillRuleEvenOdd`).
    case evenOdd = "even-odd"
}
