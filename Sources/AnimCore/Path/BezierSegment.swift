/// One drawn piece of a path with its start point: a line, a quadratic or a cubic Bézier.
///
/// A line uses `p0 → p1`, a quadratic `p0, p1 → p2`, a cubic `p0, p1, p2 → p3`; unused points repeat the end
/// point so that every field is always a real point of the segment.
struct BezierSegment: Hashable, Sendable {
    enum Kind: UInt8, Hashable, Sendable {
        case line, quad, cubic
    }

    var kind: Kind
    var p0: Point
    var p1: Point
    var p2: Point
    var p3: Point

    static func line(_ a: Point, _ b: Point) -> BezierSegment {
        BezierSegment(kind: .line, p0: a, p1: b, p2: b, p3: b)
    }

    static func quad(_ a: Point, _ c: Point, _ b: Point) -> BezierSegment {
        BezierSegment(kind: .quad, p0: a, p1: c, p2: b, p3: b)
    }

    static func cubic(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point) -> BezierSegment {
        BezierSegment(kind: .cubic, p0: a, p1: c1, p2: c2, p3: b)
    }

    var start: Point { p0 }

    var end: Point {
        switch kind {
        case .line: p1
        case .quad: p2
        case .cubic: p3
        }
    }

    /// The path element that draws this segment from the current point.
    var element: PathElement {
        switch kind {
        case .line: .line(p1)
        case .quad: .quad(control: p1, to: p2)
        case .cubic: .cubic(control1: p1, control2: p2, to: p3)
        }
    }

    // MARK: Evaluation

    /// The point at parameter `t` ∈ [0, 1]; exact at both ends.
    func point(at t: Double) -> Point {
        let mt = 1 - t
        switch kind {
        case .line:
            if t == 1 { return p1 }
            return Point(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
        case .quad:
            let a = mt * mt, b = 2 * mt * t, c = t * t
            return Point(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        case .cubic:
            let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
            return Point(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// The derivative dB/dt at `t`.
    func derivative(at t: Double) -> Point {
        let mt = 1 - t
        switch kind {
        case .line:
            return p1 - p0
        case .quad:
            return Point(
                x: 2 * (mt * (p1.x - p0.x) + t * (p2.x - p1.x)),
                y: 2 * (mt * (p1.y - p0.y) + t * (p2.y - p1.y)))
        case .cubic:
            let a = mt * mt, b = 2 * mt * t, c = t * t
            return Point(
                x: 3 * (a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x)),
                y: 3 * (a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y)))
        }
    }

    /// The direction of travel at `t`. Where the derivative vanishes (a control point on an end point, a cusp),
    /// the direction comes from the control polygon or from the curve on both sides of `t`; zero for a point.
    func direction(at t: Double) -> Point {
        let d = derivative(at: t)
        if d.x != 0 || d.y != 0 { return d }
        switch kind {
        case .line:
            return d
        case .quad:
            return p2 - p0
        case .cubic:
            if t <= 0 {
                return p2 != p0 ? p2 - p0 : p3 - p0
            }
            if t >= 1 {
                return p3 != p1 ? p3 - p1 : p3 - p0
            }
            let h = 1e-6
            let ahead = point(at: min(1, t + h)) - point(at: max(0, t - h))
            return ahead.x != 0 || ahead.y != 0 ? ahead : p3 - p0
        }
    }

    // MARK: Subdivision (de Casteljau)

    /// The two halves of the segment split at `t`, each of the same kind; they share the split point exactly.
    func split(at t: Double) -> (BezierSegment, BezierSegment) {
        switch kind {
        case .line:
            let m = point(at: t)
            return (.line(p0, m), .line(m, p1))
        case .quad:
            let a = mix(p0, p1, t), b = mix(p1, p2, t)
            let m = mix(a, b, t)
            return (.quad(p0, a, m), .quad(m, b, p2))
        case .cubic:
            let a = mix(p0, p1, t), b = mix(p1, p2, t), c = mix(p2, p3, t)
            let ab = mix(a, b, t), bc = mix(b, c, t)
            let m = mix(ab, bc, t)
            return (.cubic(p0, a, ab, m), .cubic(m, bc, c, p3))
        }
    }

    /// The part of the segment between parameters `t0 ≤ t1`, split exactly.
    func subsegment(from t0: Double, to t1: Double) -> BezierSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        if t0 <= 0 { return split(at: t1).0 }
        let tail = split(at: t0).1
        if t1 >= 1 { return tail }
        return tail.split(at: (t1 - t0) / (1 - t0)).0
    }

    // MARK: Measures

    /// How far the control points stray from the chord: the curve lies in their convex hull, so every point of
    /// the curve is within this distance of the straight line `start → end`. NaN for non-finite points.
    var flatness: Double {
        switch kind {
        case .line: 0
        case .quad: distanceToSegment(p1, p0, p2)
        case .cubic: max(distanceToSegment(p1, p0, p3), distanceToSegment(p2, p0, p3))
        }
    }

    /// The arc length between parameters `t0` and `t1`, by 5-point Gauss–Legendre quadrature of the speed.
    /// Exact for lines; for the short, nearly flat pieces the measure uses, the error is far below 1e-9.
    func arcLength(from t0: Double, to t1: Double) -> Double {
        if kind == .line { return p0.distance(to: p1) * (t1 - t0) }
        let half = (t1 - t0) / 2, mid = (t1 + t0) / 2
        var sum = 0.0
        for i in 0..<5 {
            let d = derivative(at: mid + half * gaussNodes[i])
            sum += gaussWeights[i] * (d.x * d.x + d.y * d.y).squareRoot()
        }
        return sum * half
    }

    /// Calls `body` with the parameters of the points where the curve turns in x or in y, inside (0, 1).
    func forEachExtremum(_ body: (Double) -> Void) {
        switch kind {
        case .line:
            return
        case .quad:
            quadExtremum(p0.x, p1.x, p2.x, body)
            quadExtremum(p0.y, p1.y, p2.y, body)
        case .cubic:
            cubicExtrema(p0.x, p1.x, p2.x, p3.x, body)
            cubicExtrema(p0.y, p1.y, p2.y, p3.y, body)
        }
    }
}

private func quadExtremum(_ a: Double, _ b: Double, _ c: Double, _ body: (Double) -> Void) {
    let denominator = a - 2 * b + c
    guard denominator != 0 else { return }
    let t = (a - b) / denominator
    if t > 0 && t < 1 { body(t) }
}

private func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ body: (Double) -> Void) {
    // B'(t)/3 = qa·t² + qb·t + qc.
    solveQuadratic(-a + 3 * b - 3 * c + d, 2 * (a - 2 * b + c), b - a) { t in
        if t > 0 && t < 1 { body(t) }
    }
}

// MARK: Helpers

@inline(__always)
func mix(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

/// The distance from `p` to the segment `a → b` (to `a` when the segment is a point).
func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    guard lengthSquared > 0 else { return p.distance(to: a) }
    let u = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
    return p.distance(to: Point(x: a.x + u * dx, y: a.y + u * dy))
}

/// Calls `body` with the real roots of `a·t² + b·t + c = 0` (the linear equation when `a` is negligible).
func solveQuadratic(_ a: Double, _ b: Double, _ c: Double, _ body: (Double) -> Void) {
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return }
    if abs(a) <= 1e-12 * scale {
        if b != 0 { body(-c / b) }
        return
    }
    let discriminant = b * b - 4 * a * c
    if discriminant < 0 { return }
    // The stable form avoids cancellation between −b and √disc.
    let q = -0.5 * (b + (b >= 0 ? 1 : -1) * discriminant.squareRoot())
    body(q / a)
    if q != 0 { body(c / q) }
}

private let gaussNodes: [Double] = [
    0, -0.538_469_310_105_683_1, 0.538_469_310_105_683_1, -0.906_179_845_938_664_0, 0.906_179_845_938_664_0,
]
private let gaussWeights: [Double] = [
    0.568_888_888_888_888_9, 0.478_628_670_499_366_5, 0.478_628_670_499_366_5, 0.236_926_885_056_189_1,
    0.236_926_885_056_189_1,
]
