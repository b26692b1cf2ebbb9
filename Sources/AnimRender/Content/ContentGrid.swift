import AnimCore
import CCairo

/// Where a content raster's pixels lie in the layer's local space: `width`×`height` pixels covering `rect`, so a
/// local point p lands at pixel coordinates ((p.x − rect.minX)·scaleX, (p.y − rect.minY)·scaleY).
///
/// A raster up to `maxSide` pixels a side is drawn whole; a larger one is drawn in tiles on demand (only the
/// visible ones, see `ContentRasterizer`), at the full scale. Neither side exceeds `limit` pixels (`maxTiledSide`):
/// a larger request is rasterized at a lower scale (the image is then magnified when drawn), so a hostile bounds
/// size or path cannot make coordinates that cairo's 24.8 fixed point cannot hold.
struct ContentGrid: Hashable {
    /// The largest side of a raster drawn whole.
    static let maxSide = 4096
    /// The largest side of a raster drawn in tiles: 2^21 pixels keeps every device coordinate within cairo's
    /// ±2^23 range.
    static let maxTiledSide = 1 << 21

    private(set) var width: Int
    private(set) var height: Int
    private(set) var rect: Rect
    let scaleX: Double
    let scaleY: Double

    /// The scale a request asked for, or 1 when it is not a positive finite number.
    static func sanitized(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? scale : 1
    }

    /// A raster covering exactly `rect` (gradients, text): ⌈size·scale⌉ pixels a side, the scale stretched a little
    /// per axis so that the pixels end where the rect ends, at most `limit` pixels a side. Nil for an empty or
    /// non-finite rect.
    init?(covering rect: Rect, scale: Double, limit: Int = ContentGrid.maxTiledSide) {
        let r = rect.standardized
        guard r.isFinite, r.width > 0, r.height > 0 else { return nil }
        let s = min(Self.sanitized(scale), Double(limit) / r.width, Double(limit) / r.height)
        width = min(limit, max(1, Int((r.width * s).rounded(.up))))
        height = min(limit, max(1, Int((r.height * s).rounded(.up))))
        self.rect = r
        scaleX = Double(width) / r.width
        scaleY = Double(height) / r.height
    }

    /// A raster whose pixel edges lie at multiples of 1/scale in local units (shapes), holding `box` and `margin`
    /// more pixels on every side for antialiasing, at most `limit` pixels a side. Nil when `box` is not finite.
    init?(around box: Rect, scale: Double, margin: Int, limit: Int = ContentGrid.maxTiledSide) {
        let b = box.standardized
        guard b.isFinite else { return nil }
        let room = Double(limit - 2 * margin - 2)
        var s = Self.sanitized(scale)
        if b.width * s > room { s = room / b.width }
        if b.height * s > room { s = room / b.height }
        let x0 = (b.minX * s).rounded(.down) - Double(margin)
        let y0 = (b.minY * s).rounded(.down) - Double(margin)
        let x1 = (b.maxX * s).rounded(.up) + Double(margin)
        let y1 = (b.maxY * s).rounded(.up) + Double(margin)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        width = min(limit, max(1, Int(x1 - x0)))
        height = min(limit, max(1, Int(y1 - y0)))
        rect = Rect(x: x0 / s, y: y0 / s, width: Double(width) / s, height: Double(height) / s)
        scaleX = s
        scaleY = s
    }

    /// Where this grid's pixel (0, 0) lies in the whole raster's pixels, and the local point at the whole raster's
    /// pixel (0, 0): its own for a whole raster, the whole raster's for a `window`.
    private var offsetX = 0
    private var offsetY = 0
    private var wholeOrigin: Point?

    /// Whether the raster is larger than one drawn whole may be.
    var isTiled: Bool { width > Self.maxSide || height > Self.maxSide }

    /// The pixels of `area` (inside this grid) alone: a tile of a tiled raster. Its pixels are exactly those of the
    /// whole raster (cairo's device space is shifted by whole pixels, the local to pixel mapping is unchanged).
    func window(_ area: PixelRect) -> ContentGrid {
        var grid = self
        grid.width = area.width
        grid.height = area.height
        grid.rect = localRect(of: area)
        grid.offsetX = offsetX + area.x
        grid.offsetY = offsetY + area.y
        grid.wholeOrigin = wholeOrigin ?? rect.origin
        return grid
    }

    /// Sets `cr`'s user space to local units.
    func apply(to cr: OpaquePointer) {
        if offsetX != 0 || offsetY != 0 { cairo_translate(cr, -Double(offsetX), -Double(offsetY)) }
        let origin = wholeOrigin ?? rect.origin
        cairo_scale(cr, scaleX, scaleY)
        cairo_translate(cr, -origin.x, -origin.y)
    }

    /// The local rect the pixels of `area` cover.
    func localRect(of area: PixelRect) -> Rect {
        Rect(
            x: rect.minX + Double(area.x) / scaleX, y: rect.minY + Double(area.y) / scaleY,
            width: Double(area.width) / scaleX, height: Double(area.height) / scaleY)
    }
}
