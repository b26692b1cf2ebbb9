/// A path seen as keyframes (docs/core-animation-rules.md#keyframe-paths-and-rotationmode): every element except
/// move-to is one segment, whose end point is a keyframe; a move-to in the middle jumps without a segment. Curves are
/// followed along their Bézier parameter; lines (line-to and close) at constant speed from vertex to vertex, as Core
/// Animation interpolates linearly between a path's vertices (docs/core-animation-rules.md, keyframe paths).
struct PathKeyframes: Sendable {
    /// One drawable piece: a line, quadratic or cubic from `start`.
    struct Segment: Sendable {
        var start: Point
        var control1: Point
        var control2: Point
        var end: Point
        /// A line-to or close: the point at parameter `s` is the straight interpolation of its ends.
        var isLine: Bool = false

        /// A line as a cubic: controls at a third and two thirds, so that its Bézier parameter would also run
        /// at constant speed; `point(segment:s:)` interpolates the ends directly to stay exact.
        static func line(from start: Point, to end: Point) -> Segment {
            Segment(
                start: start, control1: start + (end - start) * (1.0 / 3.0),
                control2: start + (end - start) * (2.0 / 3.0), end: end, isLine: true)
        }
    }

    let segments: [Segment]
    let measure: PathMeasure
    /// Each segment's start as a fraction of the total length: the keyTimes of the paced modes.
    let pacedKeyTimes: [Double]

    init(_ path: BezierPath) {
        var segments: [Segment] = []
        var current = Point.zero
        var subpathStart = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                segments.append(.line(from: current, to: p))
                current = p
            case .quad(let c, let p):
                // Degree elevation: the same curve as a cubic.
                let c1 = current + (c - current) * (2.0 / 3.0)
                let c2 = p + (c - p) * (2.0 / 3.0)
                segments.append(Segment(start: current, control1: c1, control2: c2, end: p))
                current = p
            case .cubic(let c1, let c2, let p):
                segments.append(Segment(start: current, control1: c1, control2: c2, end: p))
                current = p
            case .close:
                segments.append(.line(from: current, to: subpathStart))
                current = subpathStart
            }
        }
        self.segments = segments
        self.measure = PathMeasure(path)
        let ends = measure.elementEndDistances
        let total = measure.length
        if total > 0, ends.count == segments.count {
            pacedKeyTimes = [0] + ends.map { min($0 / total, 1) }
        } else {
            let n = segments.count
            pacedKeyTimes = (0...n).map { n == 0 ? 0 : Double($0) / Double(n) }
        }
    }

    var segmentCount: Int { segments.count }

    /// The start point and the end of every segment.
    var keyframePoints: [Point] {
        guard let first = segments.first else { return [] }
        return [first.start] + segments.map(\.end)
    }

    /// The point at curve parameter `s` of segment `i`.
    @inline(__always)
    func point(segment i: Int, s: Double) -> Point {
        let g = segments[i]
        if g.isLine {
            return Point(x: g.start.x + (g.end.x - g.start.x) * s, y: g.start.y + (g.end.y - g.start.y) * s)
        }
        let u = 1 - s
        let a = u * u * u
        let b = 3 * u * u * s
        let c = 3 * u * s * s
        let d = s * s * s
        return Point(
            x: a * g.start.x + b * g.control1.x + c * g.control2.x + d * g.end.x,
            y: a * g.start.y + b * g.control1.y + c * g.control2.y + d * g.end.y)
    }

    /// The direction of travel (radians) at parameter `s` of segment `i`.
    func tangentAngle(segment i: Int, s: Double) -> Double {
        let g = segments[i]
        if g.isLine { return atan2(g.end.y - g.start.y, g.end.x - g.start.x) }
        let u = 1 - s
        var dx =
            3 * u * u * (g.control1.x - g.start.x) + 6 * u * s * (g.control2.x - g.control1.x)
            + 3 * s * s * (g.end.x - g.control2.x)
        var dy =
            3 * u * u * (g.control1.y - g.start.y) + 6 * u * s * (g.control2.y - g.control1.y)
            + 3 * s * s * (g.end.y - g.control2.y)
        if dx == 0 && dy == 0 {
            // A degenerate end (control point on the end point): the chord gives the direction.
            dx = g.end.x - g.start.x
            dy = g.end.y - g.start.y
        }
        return atan2(dy, dx)
    }
}
