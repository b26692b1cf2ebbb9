/// A 2D path of lines and Bézier curves (`CGPath`): the value of `CAShapeLayer.path`, `shadowPath` and
/// `CAKeyframeAnimation.path`.
///
/// Paths follow Core Graphics' rules: a segment starts at the current point; after `close` the current point is
/// the start of the closed subpath, and a segment drawn from there starts a new subpath at that point.
/// Coordinates are layer-space points (y grows downward).
public struct BezierPath: Hashable, Codable, Sendable {
    public var elements: [PathElement]

    /// An empty path.
    public init() {
        elements = []
    }

    public init(elements: [PathElement]) {
        self.elements = elements
    }

    // MARK: Building

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
    }

    /// Adds a straight line from the current point to `p`. With no current point it moves to `p` instead.
    public mutating func addLine(to p: Point) {
        appendSegment(.line(p), end: p)
    }

    /// Adds a quadratic Bézier curve from the current point to `p`. With no current point it moves to `p`.
    public mutating func addQuadCurve(to p: Point, control: Point) {
        appendSegment(.quad(control: control, to: p), end: p)
    }

    /// Adds a cubic Bézier curve from the current point to `p`. With no current point it moves to `p`.
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        appendSegment(.cubic(control1: control1, control2: control2, to: p), end: p)
    }

    /// Closes the current subpath with a straight line back to its start. Does nothing on an empty path.
    public mutating func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.close)
    }

    private mutating func appendSegment(_ element: PathElement, end: Point) {
        // There is a current point as soon as any element other than close has been added.
        let hasCurrentPoint = elements.contains {
            if case .close = $0 { false } else { true }
        }
        if !hasCurrentPoint {
            elements.append(.move(end))
        } else {
            elements.append(element)
        }
    }

    // MARK: Reading

    /// True when the path has no elements (`CGPathIsEmpty`).
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next segment starts (`CGPathGetCurrentPoint`): the last end point, or after `close` the start
    /// of the closed subpath; nil for an empty path.
    public var currentPoint: Point? {
        var current: Point?
        var subpathStart: Point?
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if current == nil { subpathStart = p }
                current = p
            case .close:
                if subpathStart != nil { current = subpathStart }
            }
        }
        return current
    }

    /// The end point of every element except move-to, in order: the keyframes of a `CAKeyframeAnimation.path`
    /// (docs/core-animation-rules.md#keyframe-paths-and-rotationmode). A `close` contributes the start of the subpath
    /// it closes (`.zero` before any point).
    public var keyframePoints: [Point] {
        var points: [Point] = []
        points.reserveCapacity(elements.count)
        var subpathStart: Point?
        for element in elements {
            switch element {
            case .move(let p):
                subpathStart = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if subpathStart == nil { subpathStart = p }
                points.append(p)
            case .close:
                points.append(subpathStart ?? .zero)
            }
        }
        return points
    }

    /// The path with `transform` applied to every point (`CGPath.copy(using:)`).
    public func transformed(by transform: AffineTransform) -> BezierPath {
        BezierPath(elements: elements.map { $0.mapPoints(transform.apply(to:)) })
    }

    // MARK: Validation

    /// Checks a path that came from a client: every coordinate must be finite (`.nonFinite`, naming
    /// `field[index]`), and a non-empty path must start with a move-to (`.notAllowed` at `field[0]`, naming the element).
    public func validate(field: String) throws(AnimCoreError) {
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let p), .line(let p):
                try Self.requireFinite(p, field, index)
            case .quad(let c, let p):
                try Self.requireFinite(c, field, index)
                try Self.requireFinite(p, field, index)
            case .cubic(let c1, let c2, let p):
                try Self.requireFinite(c1, field, index)
                try Self.requireFinite(c2, field, index)
                try Self.requireFinite(p, field, index)
            case .close:
                break
            }
        }
        if let first = elements.first, case .move = first {
            return
        }
        if let first = elements.first {
            let name =
                switch first {
                case .move: "move"
                case .line: "line"
                case .quad: "quad"
                case .cubic: "cubic"
                case .close: "close"
                }
            throw .notAllowed(
                field: "\(field)[0]", value: name, reason: "cannot start a path: it must start with a move")
        }
    }

    private static func requireFinite(_ p: Point, _ field: String, _ index: Int) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(p.x, "\(field)[\(index)].x")
        try AnimCoreError.requireFinite(p.y, "\(field)[\(index)].y")
    }
}
