import AnimCore
import CCairo

/// Where a content raster's pixels lie in the layer's local space: `width`×`height` pixels covering `rect`, so a
/// local point p lands at pixel coordinates ((p.x − rect.minX)·scaleX, (p.y − rect.minY)·scaleY).
///
/// Neither side exceeds `maxSide` pixels: a larger request is rasterized at a lower scale (the image is then
/// magnified when drawn), so a hostile bounds size or path cannot allocate gigabytes.
struct ContentGrid: Hashable {
    static let maxSide = 4096

    let width: Int
    let height: Int
    let rect: Rect
    let scaleX: Double
    let scaleY: Double

    /// The scale a request asked for, or 1 when it is not a positive finite number.
    static func sanitized(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? scale : 1
    }

    /// A raster covering exactly `rect` (gradients, text): ⌈size·scale⌉ pixels a side, the scale stretched a little
    /// per axis so that the pixels end where the rect ends. Nil for an empty or non-finite rect.
    init?(covering rect: Rect, scale: Double) {
        let r = rect.standardized
        guard r.isFinite, r.width > 0, r.height > 0 else { return nil }
        let limit = Double(Self.maxSide)
        let s = min(Self.sanitized(scale), limit / r.width, limit / r.height)
        width = min(Self.maxSide, max(1, Int((r.width * s).rounded(.up))))
        height = min(Self.maxSide, max(1, Int((r.height * s).rounded(.up))))
        self.rect = r
        scaleX = Double(width) / r.width
        scaleY = Double(height) / r.height
    }

    /// A raster whose pixel edges lie at multiples of 1/scale in local units (shapes), holding `box` and `margin`
    /// more pixels on every side for antialiasing. Nil when `box` is not finite.
    init?(around box: Rect, scale: Double, margin: Int) {
        let b = box.standardized
        guard b.isFinite else { return nil }
        let room = Double(Self.maxSide - 2 * margin - 2)
        var s = Self.sanitized(scale)
        if b.width * s > room { s = room / b.width }
        if b.height * s > room { s = room / b.height }
        let x0 = (b.minX * s).rounded(.down) - Double(margin)
        let y0 = (b.minY * s).rounded(.down) - Double(margin)
        let x1 = (b.maxX * s).rounded(.up) + Double(margin)
        let y1 = (b.maxY * s).rounded(.up) + Double(margin)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        width = min(Self.maxSide, max(1, Int(x1 - x0)))
        height = min(Self.maxSide, max(1, Int(y1 - y0)))
        rect = Rect(x: x0 / s, y: y0 / s, width: Double(width) / s, height: Double(height) / s)
        scaleX = s
        scaleY = s
    }

    /// Sets `cr`'s user space to local units.
    func apply(to cr: OpaquePointer) {
        cairo_scale(cr, scaleX, scaleY)
        cairo_translate(cr, -rect.minX, -rect.minY)
    }

    /// The local rect the pixels of `area` cover.
    func localRect(of area: PixelRect) -> Rect {
        Rect(
            x: rect.minX + Double(area.x) / scaleX, y: rect.minY + Double(area.y) / scaleY,
            width: Double(area.width) / scaleX, height: Double(area.height) / scaleY)
    }
}
