import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `PathDraw`: `PathCoverage` into an a8 mask over the path's box, the colour through it.
    func drawPath(_ p: PathDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(p.clip) else { return }
        let color = Pixman.premultiplied8(p.color)
        guard color.a > 0, !p.path.isEmpty else { return }
        var area = clip
        if let bounds = Self.pathBounds(p.path, transform: p.transform) {
            guard let inside = bounds.intersection(clip) else { return }
            area = inside
        }
        let mask = try pool.take(area, format: PIXMAN_a8)
        defer { pool.recycle(mask) }
        PathCoverage.rasterize(
            p.path, transform: p.transform, evenOdd: p.evenOdd, area: area, into: mask.base, stride: mask.stride)
        try composite(color: color, mask: mask, into: target)
        stats.itemsDrawn += 1
    }

    /// The output pixels the path's control points span (its curves stay inside them), grown by a pixel; nil when
    /// part of the box lies behind the eye (the visible part is then unbounded) or it is not finite.
    static func pathBounds(_ path: BezierPath, transform t: Transform3D) -> PixelRect? {
        let box = path.boundingBox
        guard box.isFinite, t.isFinite else { return nil }
        var points: [Point] = []
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            let w = x * t.m14 + y * t.m24 + t.m44
            guard w >= Homogeneous.nearW else { return nil }
            points.append(Point(x: (x * t.m11 + y * t.m21 + t.m41) / w, y: (x * t.m12 + y * t.m22 + t.m42) / w))
        }
        return PixelRect(covering: Rect.bounding(points))?.outset(by: 1)
    }
}
