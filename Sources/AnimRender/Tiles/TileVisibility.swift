import AnimCore

/// Which tiles of an image an `ImageDraw`-like draw needs for the output pixels of a visible rectangle
/// (output ∩ clip ∩ damage): those holding an image point that some visible pixel centre samples, including the
/// antialiased fringe just outside the drawn rectangle.
struct TileVisibility {
    let grid: TileGrid
    let map: ProjectiveMap
    /// The draw's rectangle (local units) and the image pixels stretched over it.
    let rect: Rect
    let source: Rect
    let clampToSource: Bool

    /// The tiles, column-major order within rows (row by row, left to right).
    func tiles(visible: PixelRect) -> [TileIndex] {
        guard !visible.isEmpty, rect.width != 0, rect.height != 0 else { return [] }
        // Pixel centres are what the fragments sample.
        let centres = Rect(
            x: Double(visible.x) + 0.5, y: Double(visible.y) + 0.5, width: Double(visible.width - 1),
            height: Double(visible.height - 1))
        let inside = map.preimage(of: centres, within: rect)
        // The fringe: pixels up to half a pixel outside the rectangle get coverage; one pixel's worth of local units
        // (the largest seen at the polygon's corners, times two for the curvature of a perspective map) is enough.
        var margin = 0.0
        let corners =
            inside.isEmpty ? ConvexPolygon(rect).points.compactMap(map.project) : inside.points.compactMap(map.project)
        for corner in corners {
            if let units = map.localUnitsPerPixel(at: corner) { margin = max(margin, 2 * units) }
        }
        let grown = rect.insetBy(dx: -margin, dy: -margin)
        let polygon = map.preimage(of: centres, within: grown)
        guard !polygon.isEmpty else { return [] }
        let image = polygon.points.map(imagePoint)
        var bounds = Rect.bounding(image)
        if clampToSource {
            let lo = Point(x: source.minX + 0.5, y: source.minY + 0.5)
            let hi = Point(x: max(source.maxX - 0.5, lo.x), y: max(source.maxY - 0.5, lo.y))
            let x0 = min(max(bounds.minX, lo.x), hi.x)
            let x1 = min(max(bounds.maxX, lo.x), hi.x)
            let y0 = min(max(bounds.minY, lo.y), hi.y)
            let y1 = min(max(bounds.maxY, lo.y), hi.y)
            bounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let columns = grid.column(at: bounds.minX)...grid.column(at: bounds.maxX)
        let rows = grid.row(at: bounds.minY)...grid.row(at: bounds.maxY)
        var out = [TileIndex]()
        for row in rows {
            for column in columns {
                let tile = TileIndex(column: column, row: row)
                // Clamping is not affine, so a clamped draw keeps the whole box; otherwise the tile must meet the
                // (convex) image-space polygon.
                if clampToSource || meets(tile, ConvexPolygon(points: image)) { out.append(tile) }
            }
        }
        return out
    }

    /// Local point → image pixel coordinates (the affine stretch of `source` over `rect`).
    func imagePoint(_ q: Point) -> Point {
        Point(
            x: source.origin.x + (q.x - rect.origin.x) * source.size.width / rect.size.width,
            y: source.origin.y + (q.y - rect.origin.y) * source.size.height / rect.size.height)
    }

    /// Whether the image coordinates the tile owns (an edge tile owns everything beyond the image's edge) meet
    /// `polygon`.
    private func meets(_ tile: TileIndex, _ polygon: ConvexPolygon) -> Bool {
        let owned = grid.pixels(of: tile)
        var clipped = polygon
        if tile.column > 0 { clipped = clipped.clipped(a: 1, b: 0, c: -Double(owned.x)) }
        if tile.column < grid.columns - 1 { clipped = clipped.clipped(a: -1, b: 0, c: Double(owned.maxX)) }
        if tile.row > 0 { clipped = clipped.clipped(a: 0, b: 1, c: -Double(owned.y)) }
        if tile.row < grid.rows - 1 { clipped = clipped.clipped(a: 0, b: -1, c: Double(owned.maxY)) }
        return !clipped.isEmpty
    }
}
