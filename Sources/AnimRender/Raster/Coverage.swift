import AnimCore

/// The coverage of a (rounded, bordered) rectangle drawn through a projective transform: the reference of
/// `RectDraw`'s rule (and of `ImageDraw`'s quad edges). The GLES fragment shader computes the same expression.
///
/// For the output pixel (i, j), with centre P = (i + 0.5, j + 0.5):
/// 1. H is the 3×3 homography of `transform` rows and columns 1, 2, 4 (row vectors):
///    (X, Y, W) = (x, y, 1) · H, H = [[m11, m12, m14], [m21, m22, m24], [m41, m42, m44]]. K = H⁻¹; a singular or
///    non-finite H draws nothing.
/// 2. (u, v, w) = (P.x, P.y, 1) · K. When w ≤ 0 the point is behind the eye: coverage 0. Else q = (u / w, v / w),
///    the local point.
/// 3. J, the jacobian of P ↦ q (rows q.x, q.y; columns ∂/∂P.x, ∂/∂P.y; Kab is row a, column b of K):
///    J = [[(K11 − q.x·K13) / w, (K21 − q.x·K23) / w], [(K12 − q.y·K13) / w, (K22 − q.y·K23) / w]].
/// 4. d, the signed distance from q to the rounded rectangle in local units (negative inside), and n, its
///    gradient (a unit vector): c = the rectangle's centre, b = its half size, s = q − c, r = the radius of the
///    corner in s's quadrant (y down: s.x ≥ 0 and s.y ≥ 0 is bottomRight; sign(0) = +1), clamped to
///    [0, min(b.x, b.y)]; p = (|s.x| − b.x + r, |s.y| − b.y + r).
///    - p.x > 0 and p.y > 0: d = |p| − r, n = (sign(s.x)·p.x, sign(s.y)·p.y) / |p|;
///    - else if p.x ≥ p.y: d = p.x − r, n = (sign(s.x), 0);
///    - else: d = p.y − r, n = (0, sign(s.y)).
/// 5. g = |Jᵀ·n| = √((J11·n.x + J21·n.y)² + (J12·n.x + J22·n.y)²): local units per output pixel across the edge,
///    so d / g is the distance in output pixels.
/// 6. Antialiased: coverage = clamp(0.5 − d / g, 0, 1) (when g is 0 or not finite: as not antialiased).
///    Not antialiased: 1 when d ≤ 0, else 0.
/// 7. A border of width w: coverage = outer × (1 − inner), inner being step 4–6 for the rectangle inset by w on
///    every side with radii max(0, r − w); when the inset rectangle has no area, inner = 0. A width ≤ 0 draws
///    nothing.
///
/// Only the pixels of `outputBounds` are drawn; every other pixel has coverage 0 by definition (both renderers
/// scissor to it). `outputBounds` is the bounding box of the rectangle's corners mapped to output pixels (the
/// quad first clipped to W ≥ 1e-6, the part in front of the eye), floored and ceiled, grown by one pixel on each
/// side, limited to ±2²⁸.
public struct RectCoverage: Sendable {
    /// K = H⁻¹, row-major, for row vectors (P.x, P.y, 1) · K.
    let k: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    let outer: RoundedRect
    let inner: RoundedRect?
    let isBorder: Bool
    public let antialiased: Bool
    /// The pixels that may be covered; nil when nothing is (a degenerate or invisible rectangle).
    public let outputBounds: PixelRect?
    /// H has no perspective terms (m14 = m24 = 0): K and J are the same for every pixel.
    public let isAffine: Bool

    /// nil when the transform is singular or not finite, the rectangle is not finite, or `borderWidth` is not
    /// positive (a border of no width covers nothing); a non-finite `borderWidth` fills the rectangle.
    public init?(
        transform t: Transform3D, rect: Rect, radii: CornerRadii = .zero, borderWidth: Double? = nil,
        antialiased: Bool = true
    ) {
        guard t.isFinite, rect.isFinite else { return nil }
        let r = rect.standardized
        let h = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
        guard let k = Self.invert3(h) else { return nil }
        self.k = k
        isAffine = t.m14 == 0 && t.m24 == 0
        self.antialiased = antialiased
        let safeRadii = CornerRadii(
            topLeft: Self.finite(radii.topLeft), topRight: Self.finite(radii.topRight),
            bottomLeft: Self.finite(radii.bottomLeft), bottomRight: Self.finite(radii.bottomRight))
        outer = RoundedRect(rect: r, radii: safeRadii)
        if let w = borderWidth, w.isFinite {
            isBorder = true
            guard w > 0 else { return nil }
            if r.width > 2 * w, r.height > 2 * w {
                inner = RoundedRect(
                    rect: Rect(x: r.minX + w, y: r.minY + w, width: r.width - 2 * w, height: r.height - 2 * w),
                    radii: CornerRadii(
                        topLeft: max(0, safeRadii.topLeft - w), topRight: max(0, safeRadii.topRight - w),
                        bottomLeft: max(0, safeRadii.bottomLeft - w), bottomRight: max(0, safeRadii.bottomRight - w)))
            } else {
                inner = nil
            }
        } else {
            isBorder = false
            inner = nil
        }
        outputBounds = Self.bounds(of: r, homography: h)
    }

    /// The coverage of output pixel (x, y) in [0, 1] (see the type's formula). Outside `outputBounds`, 0.
    public func coverage(atPixelX x: Int, y: Int) -> Double {
        guard let b = outputBounds, x >= b.x, x < b.maxX, y >= b.y, y < b.maxY else { return 0 }
        return evaluate(x: Double(x) + 0.5, y: Double(y) + 0.5)
    }

    /// The rule at a point in output pixels, without the bounds test.
    @inline(__always)
    func evaluate(x px: Double, y py: Double) -> Double {
        let u = px * k.0 + py * k.3 + k.6
        let v = px * k.1 + py * k.4 + k.7
        let w = px * k.2 + py * k.5 + k.8
        guard w > 0 else { return 0 }
        let qx = u / w
        let qy = v / w
        let j11 = (k.0 - qx * k.2) / w
        let j12 = (k.3 - qx * k.5) / w
        let j21 = (k.1 - qy * k.2) / w
        let j22 = (k.4 - qy * k.5) / w
        let o = outer.coverage(qx: qx, qy: qy, j11: j11, j12: j12, j21: j21, j22: j22, antialiased: antialiased)
        guard isBorder, o > 0, let inner else { return o }
        let i = inner.coverage(qx: qx, qy: qy, j11: j11, j12: j12, j21: j21, j22: j22, antialiased: antialiased)
        return o * (1 - i)
    }

    /// The coverage of `area`'s pixels as bytes (round(255 × coverage × `alpha`)), one per pixel, top row first.
    public func rasterize(area: PixelRect, alpha: Double = 1) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: area.pixelCount)
        out.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { rasterize(into: base, stride: area.width, area: area, alpha: alpha) }
        }
        return out
    }

    /// Writes `area`'s coverage bytes into `base` (rows `stride` bytes apart), every byte of the area.
    ///
    /// Affine transforms skip the per-pixel rule where its value is known: pixels whose centre is inside the shape
    /// shrunk by its largest radius plus half a pixel (in local units, with a margin) are 1 (0 inside a border's
    /// hole), pixels outside the shape grown by half a pixel are 0, and only the band between is evaluated.
    func rasterize(into base: UnsafeMutablePointer<UInt8>, stride: Int, area: PixelRect, alpha: Double) {
        let scale = 255 * min(1, max(0, alpha.isFinite ? alpha : 0))
        let full = UInt8((scale).rounded())
        let bounds = outputBounds.flatMap { $0.intersection(area) }
        for row in 0..<area.height {
            (base + row * stride).initialize(repeating: 0, count: area.width)
        }
        guard let bounds, full > 0 else { return }
        let spans = isAffine ? SpanFinder(coverage: self) : nil
        for y in bounds.y..<bounds.maxY {
            let rowBase = base + (y - area.y) * stride - area.x
            let cy = Double(y) + 0.5
            var x0 = bounds.x
            var x1 = bounds.maxX
            var sure: Range<Int> = 0..<0
            var sureValue: UInt8 = 0
            if let spans {
                guard let reach = spans.columns(of: spans.outerGrown, row: cy, within: x0..<x1) else { continue }
                x0 = reach.lowerBound
                x1 = reach.upperBound
                if let shrunk = spans.sureShape, let s = spans.columns(of: shrunk, row: cy, within: x0..<x1) {
                    sure = s
                    sureValue = isBorder ? 0 : full
                }
            }
            var x = x0
            while x < x1 {
                if sure.contains(x) {
                    if sureValue != 0 { (rowBase + x).initialize(repeating: sureValue, count: sure.upperBound - x) }
                    x = sure.upperBound
                    continue
                }
                let c = evaluate(x: Double(x) + 0.5, y: cy)
                rowBase[x] = UInt8((c * scale).rounded())
                x += 1
            }
        }
    }

    private static func finite(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }

    /// The inverse of a row-major 3×3 matrix, or nil when singular or not finite.
    static func invert3(
        _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    ) -> (Double, Double, Double, Double, Double, Double, Double, Double, Double)? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h
        let c1 = f * g - d * i
        let c2 = d * h - e * g
        let det = a * c0 + b * c1 + c * c2
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        let r = (
            c0 * s, (c * h - b * i) * s, (b * f - c * e) * s,
            c1 * s, (a * i - c * g) * s, (c * d - a * f) * s,
            c2 * s, (b * g - a * h) * s, (a * e - b * d) * s
        )
        guard r.0.isFinite, r.1.isFinite, r.2.isFinite, r.3.isFinite, r.4.isFinite, r.5.isFinite, r.6.isFinite,
            r.7.isFinite, r.8.isFinite
        else { return nil }
        return r
    }

    /// `outputBounds` (see the type's documentation).
    static func bounds(
        of rect: Rect, homography h: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    ) -> PixelRect? {
        func project(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
            (x * h.0 + y * h.3 + h.6, x * h.1 + y * h.4 + h.7, x * h.2 + y * h.5 + h.8)
        }
        let limit = Double(1 << 28)
        var lo = (x: limit, y: limit)
        var hi = (x: -limit, y: -limit)
        func include(_ p: (x: Double, y: Double, w: Double)) {
            let x = min(limit, max(-limit, p.x / p.w))
            let y = min(limit, max(-limit, p.y / p.w))
            lo = (min(lo.x, x), min(lo.y, y))
            hi = (max(hi.x, x), max(hi.y, y))
        }
        let a = project(rect.minX, rect.minY)
        let b = project(rect.maxX, rect.minY)
        let c = project(rect.maxX, rect.maxY)
        let d = project(rect.minX, rect.maxY)
        let nearW = Homogeneous.nearW
        if a.w >= nearW, b.w >= nearW, c.w >= nearW, d.w >= nearW {
            // All in front (every affine draw): no clipping, no arrays.
            include(a)
            include(b)
            include(c)
            include(d)
        } else {
            let projected = Homogeneous.clipInFront([a, b, c, d])
            guard !projected.isEmpty else { return nil }
            for p in projected { include(p) }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        let x0 = Int(lo.x.rounded(.down)) - 1
        let y0 = Int(lo.y.rounded(.down)) - 1
        let x1 = Int(hi.x.rounded(.up)) + 1
        let y1 = Int(hi.y.rounded(.up)) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Homogeneous points (X, Y, W) clipped to the part in front of the eye.
enum Homogeneous {
    /// The smallest W kept: points closer to the eye plane project too far to matter.
    static let nearW = 1e-6

    /// `polygon` (closed, in order) clipped to W ≥ `nearW` (Sutherland–Hodgman, which keeps the winding number of
    /// every point on the kept side).
    static func clipInFront(
        _ polygon: [(x: Double, y: Double, w: Double)]
    ) -> [(x: Double, y: Double, w: Double)] {
        if polygon.allSatisfy({ $0.w >= nearW }) { return polygon }
        var out: [(x: Double, y: Double, w: Double)] = []
        for (index, current) in polygon.enumerated() {
            let previous = polygon[(index + polygon.count - 1) % polygon.count]
            let currentIn = current.w >= nearW
            let previousIn = previous.w >= nearW
            if currentIn != previousIn {
                let t = (nearW - previous.w) / (current.w - previous.w)
                out.append(
                    (
                        previous.x + (current.x - previous.x) * t, previous.y + (current.y - previous.y) * t, nearW
                    ))
            }
            if currentIn { out.append(current) }
        }
        return out
    }
}

/// A rectangle with per-corner radii in local units: the signed distance and its gradient (steps 4–6).
struct RoundedRect: Sendable {
    let cx: Double
    let cy: Double
    let bx: Double
    let by: Double
    let topLeft: Double
    let topRight: Double
    let bottomLeft: Double
    let bottomRight: Double
    let maxRadius: Double

    init(rect: Rect, radii: CornerRadii) {
        cx = rect.midX
        cy = rect.midY
        bx = rect.width / 2
        by = rect.height / 2
        let limit = max(0, min(bx, by))
        topLeft = min(radii.topLeft, limit)
        topRight = min(radii.topRight, limit)
        bottomLeft = min(radii.bottomLeft, limit)
        bottomRight = min(radii.bottomRight, limit)
        maxRadius = max(topLeft, topRight, bottomLeft, bottomRight)
    }

    @inline(__always)
    func coverage(
        qx: Double, qy: Double, j11: Double, j12: Double, j21: Double, j22: Double, antialiased: Bool
    ) -> Double {
        let sx = qx - cx
        let sy = qy - cy
        let signX: Double = sx >= 0 ? 1 : -1
        let signY: Double = sy >= 0 ? 1 : -1
        let r = sx >= 0 ? (sy >= 0 ? bottomRight : topRight) : (sy >= 0 ? bottomLeft : topLeft)
        let px = abs(sx) - bx + r
        let py = abs(sy) - by + r
        let d: Double
        let nx: Double
        let ny: Double
        if px > 0, py > 0 {
            let length = (px * px + py * py).squareRoot()
            d = length - r
            nx = signX * px / length
            ny = signY * py / length
        } else if px >= py {
            d = px - r
            nx = signX
            ny = 0
        } else {
            d = py - r
            nx = 0
            ny = signY
        }
        if antialiased {
            let gx = j11 * nx + j21 * ny
            let gy = j12 * nx + j22 * ny
            let g = (gx * gx + gy * gy).squareRoot()
            if g > 0, g.isFinite { return min(1, max(0, 0.5 - d / g)) }
        }
        return d <= 0 ? 1 : 0
    }
}

/// For an affine `RectCoverage`, the columns of a row whose pixel centres lie inside a local rectangle.
private struct SpanFinder {
    /// Local q = q0 + X·dX + Y·dY.
    let q0: (x: Double, y: Double)
    let dX: (x: Double, y: Double)
    let dY: (x: Double, y: Double)
    /// The outer rectangle grown by half a pixel (plus a margin): outside it, coverage is 0.
    let outerGrown: Rect
    /// Where the value is certain: the outer rectangle (or a border's hole) shrunk by its largest radius and
    /// half a pixel, plus a margin; nil when nothing is left.
    let sureShape: Rect?

    init(coverage c: RectCoverage) {
        let k = c.k
        // Affine: w is constant (k.8 when k.2 = k.5 = 0, which holds for the inverse of an affine H).
        let w = k.8
        q0 = (k.6 / w, k.7 / w)
        dX = (k.0 / w, k.1 / w)
        dY = (k.3 / w, k.4 / w)
        // The largest local length one pixel spans in any direction bounds g for every edge direction.
        let a = dX.x * dX.x + dX.y * dX.y
        let b = dX.x * dY.x + dX.y * dY.y
        let d = dY.x * dY.x + dY.y * dY.y
        let gMax = ((a + d) / 2 + (((a - d) / 2) * ((a - d) / 2) + b * b).squareRoot()).squareRoot()
        let margin = (c.antialiased ? 0.5 * gMax : 0) * (1 + 1e-6) + 1e-9 * (1 + gMax)
        let o = c.outer
        outerGrown = Rect(
            x: o.cx - o.bx - margin, y: o.cy - o.by - margin, width: 2 * (o.bx + margin),
            height: 2 * (o.by + margin))
        let shape = c.isBorder ? c.inner : c.outer
        if let shape {
            let inset = shape.maxRadius + margin
            let hx = shape.bx - inset
            let hy = shape.by - inset
            sureShape = hx > 0 && hy > 0 ? Rect(x: shape.cx - hx, y: shape.cy - hy, width: 2 * hx, height: 2 * hy) : nil
        } else {
            sureShape = nil
        }
    }

    /// The columns in `within` whose centres (X + 0.5, `row`) map inside `rect`; nil when none.
    func columns(of rect: Rect, row y: Double, within: Range<Int>) -> Range<Int>? {
        var lo = -Double.infinity
        var hi = Double.infinity
        // Each local coordinate is a·X + b; keep the X where it lies in [minimum, maximum].
        for (a, b, minimum, maximum) in [
            (dX.x, q0.x + y * dY.x, rect.minX, rect.maxX), (dX.y, q0.y + y * dY.y, rect.minY, rect.maxY),
        ] {
            if a == 0 {
                if b < minimum || b > maximum { return nil }
            } else {
                let e0 = (minimum - b) / a
                let e1 = (maximum - b) / a
                lo = max(lo, min(e0, e1))
                hi = min(hi, max(e0, e1))
            }
        }
        guard lo <= hi else { return nil }
        let first = max(Double(within.lowerBound), (lo - 0.5).rounded(.up))
        let last = min(Double(within.upperBound - 1), (hi - 0.5).rounded(.down))
        guard first <= last else { return nil }
        return Int(first)..<Int(last) + 1
    }
}
