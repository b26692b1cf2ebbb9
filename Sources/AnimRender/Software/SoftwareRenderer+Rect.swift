import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `RectDraw`: a pixman fill when the rule covers whole pixels exactly (axis-aligned, no radii, no border,
    /// whole-pixel edges or no antialiasing), else the colour through a `RectCoverage` mask.
    func drawRect(_ r: RectDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(r.clip) else { return }
        let color = Pixman.premultiplied8(r.color)
        guard color.a > 0 else { return }
        if r.radii.isZero, r.borderWidth == nil,
            let pixels = Self.wholePixels(r.transform, rect: r.rect, antialiased: r.antialiased)
        {
            guard let box = pixels.intersection(clip) else { return }
            Pixman.fill(target.image, rect: target.local(box), color: color, op: PIXMAN_OP_OVER)
            stats.itemsDrawn += 1
            return
        }
        guard
            let coverage = RectCoverage(
                transform: r.transform, rect: r.rect, radii: r.radii, borderWidth: r.borderWidth,
                antialiased: r.antialiased),
            let box = coverage.outputBounds?.intersection(clip)
        else { return }
        let mask = try pool.take(box, format: PIXMAN_a8)
        defer { pool.recycle(mask) }
        coverage.rasterize(into: mask.base, stride: mask.stride, area: box, alpha: 1)
        try composite(color: color, mask: mask, into: target)
        stats.itemsDrawn += 1
    }

    /// The output pixels `rect` covers fully, when the coverage rule gives exactly those pixels 1 and every other
    /// pixel 0: an axis-aligned scale and translation (m12 = m21 = m14 = m24 = 0, m44 > 0) whose mapped edges
    /// lie on whole pixels (within 1e-9), or any such mapping without antialiasing (pixel centres inside or on
    /// the edges). nil when the rule needs a mask. An empty result is a rectangle that covers nothing.
    static func wholePixels(_ t: Transform3D, rect: Rect, antialiased: Bool) -> PixelRect? {
        guard t.isFinite, rect.isFinite, t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 > 0, t.m11 != 0,
            t.m22 != 0
        else { return nil }
        let ax = (rect.minX * t.m11 + t.m41) / t.m44
        let bx = (rect.maxX * t.m11 + t.m41) / t.m44
        let ay = (rect.minY * t.m22 + t.m42) / t.m44
        let by = (rect.maxY * t.m22 + t.m42) / t.m44
        let limit = Double(1 << 28)
        let edges = [min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)].map { min(limit, max(-limit, $0)) }
        let first: (Double) -> Double
        let last: (Double) -> Double
        if antialiased {
            guard edges.allSatisfy({ abs($0 - $0.rounded()) <= 1e-9 }) else { return nil }
            first = { $0.rounded() }
            last = { $0.rounded() }
        } else {
            // Pixel i is covered when x0 ≤ i + 0.5 ≤ x1.
            first = { ($0 - 0.5).rounded(.up) }
            last = { ($0 - 0.5).rounded(.down) + 1 }
        }
        let x0 = Int(first(edges[0]))
        let x1 = Int(last(edges[1]))
        let y0 = Int(first(edges[2]))
        let y1 = Int(last(edges[3]))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
