import AnimCore
import CCairo

/// The antialiased coverage of a filled path in output pixels, rasterized by cairo: the rule of `PathDraw` for
/// both renderers (the GLES renderer uploads these bytes as a texture).
///
/// The path is flattened in local units with a tolerance of 0.1 output pixel (0.1 divided by the largest number of
/// output pixels one local unit spans, measured at the corners of the path's control-point box), each subpath is
/// closed, mapped through `transform`'s homography (rows and columns 1, 2, 4, as `RectCoverage`), clipped to the
/// part in front of the eye (W ≥ 1e-6) and to `area` grown by two pixels (clipping a polygon keeps the winding
/// number of every point inside the clip, so the fill inside `area` is unchanged), then filled by cairo into an A8
/// surface with `CAIRO_ANTIALIAS_DEFAULT` and the winding or even-odd rule.
public enum PathCoverage {
    /// A8 coverage (one byte per pixel, top row first) of `path` under `transform`, for the pixels of `area`.
    /// A transform that is not finite, or an empty area, gives zeros.
    public static func rasterize(_ path: BezierPath, transform: Transform3D, evenOdd: Bool, area: PixelRect) -> [UInt8]
    {
        guard !area.isEmpty else { return [] }
        let stride = stride(forWidth: area.width)
        guard stride >= area.width else { return [UInt8](repeating: 0, count: area.pixelCount) }
        var padded = [UInt8](repeating: 0, count: stride * area.height)
        padded.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                rasterize(path, transform: transform, evenOdd: evenOdd, area: area, into: base, stride: stride)
            }
        }
        if stride == area.width { return padded }
        var out = [UInt8]()
        out.reserveCapacity(area.pixelCount)
        for row in 0..<area.height { out.append(contentsOf: padded[row * stride..<row * stride + area.width]) }
        return out
    }

    /// The bytes a row of `width` A8 pixels takes in a cairo surface (a multiple of 4).
    static func stride(forWidth width: Int) -> Int {
        Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(clamping: width)))
    }

    /// Fills `area`'s coverage into `base`, which holds `area.height` rows of `stride` bytes (`stride(forWidth:)`)
    /// already set to zero.
    static func rasterize(
        _ path: BezierPath, transform t: Transform3D, evenOdd: Bool, area: PixelRect,
        into base: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        guard !area.isEmpty, t.isFinite else { return }
        let polygons = outputPolygons(path, transform: t, clip: area.outset(by: 2).rect)
        guard !polygons.isEmpty else { return }
        guard
            let surface = cairo_image_surface_create_for_data(
                base, CAIRO_FORMAT_A8, Int32(area.width), Int32(area.height), Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, Double(-area.x), Double(-area.y))
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        for polygon in polygons {
            guard let first = polygon.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        }
        cairo_fill(cr)
        cairo_surface_flush(surface)
    }

    /// The path's subpaths as closed polygons in output pixels, clipped to `clip` and to the front of the eye.
    static func outputPolygons(_ path: BezierPath, transform t: Transform3D, clip: Rect) -> [[Point]] {
        let tolerance = 0.1 / max(1e-9, pixelsPerUnit(t, box: path.boundingBox))
        var result: [[Point]] = []
        for subpath in path.flattened(tolerance: tolerance) {
            let homogeneous = subpath.points.map { p in
                (
                    x: p.x * t.m11 + p.y * t.m21 + t.m41, y: p.x * t.m12 + p.y * t.m22 + t.m42,
                    w: p.x * t.m14 + p.y * t.m24 + t.m44
                )
            }
            guard homogeneous.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.w.isFinite }) else { continue }
            var polygon = Homogeneous.clipInFront(homogeneous).map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
            polygon = clipToRect(polygon, clip)
            if polygon.count >= 3 { result.append(polygon) }
        }
        return result
    }

    /// The largest output length of one local unit at the corners of `box` that lie in front of the eye (1 when
    /// none does or the measure is not finite).
    static func pixelsPerUnit(_ t: Transform3D, box: Rect) -> Double {
        guard box.isFinite else { return 1 }
        var best = 0.0
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            let bigX = x * t.m11 + y * t.m21 + t.m41
            let bigY = x * t.m12 + y * t.m22 + t.m42
            let w = x * t.m14 + y * t.m24 + t.m44
            guard w > Homogeneous.nearW else { continue }
            // Jacobian of (X / W, Y / W) with respect to (x, y); its largest singular value.
            let a = (t.m11 * w - bigX * t.m14) / (w * w)
            let b = (t.m21 * w - bigX * t.m24) / (w * w)
            let c = (t.m12 * w - bigY * t.m14) / (w * w)
            let d = (t.m22 * w - bigY * t.m24) / (w * w)
            let p = a * a + c * c
            let q = a * b + c * d
            let r = b * b + d * d
            let sigma = ((p + r) / 2 + (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()).squareRoot()
            if sigma.isFinite { best = max(best, sigma) }
        }
        return best > 0 ? best : 1
    }

    /// `polygon` clipped to `rect` (Sutherland–Hodgman, one edge at a time).
    static func clipToRect(_ polygon: [Point], _ rect: Rect) -> [Point] {
        var points = polygon
        let edges: [(Point) -> Double] = [
            { $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y },
        ]
        for inside in edges {
            guard !points.isEmpty else { break }
            if points.allSatisfy({ inside($0) >= 0 }) { continue }
            var out: [Point] = []
            for (index, current) in points.enumerated() {
                let previous = points[(index + points.count - 1) % points.count]
                let ci = inside(current)
                let pi = inside(previous)
                if (ci >= 0) != (pi >= 0) {
                    let s = pi / (pi - ci)
                    out.append(
                        Point(
                            x: previous.x + (current.x - previous.x) * s, y: previous.y + (current.y - previous.y) * s))
                }
                if ci >= 0 { out.append(current) }
            }
            points = out
        }
        return points
    }
}
