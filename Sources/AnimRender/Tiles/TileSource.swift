/// Pixels drawn on demand, a tile at a time: an image too large to hold whole (a shape, text or gradient layer's
/// content larger than `ContentGrid.maxSide`, see `ContentRasterizer`). Both renderers draw such an image from its
/// tiles, asking only for those that visible pixels sample (`TileVisibility`); the source caches what it draws.
public protocol TileSource: AnyObject, Sendable {
    /// `grid.texture(of: tile)`'s pixels as premultiplied RGBA8, top row first, with the image's edge pixels
    /// repeated outside it (what `TileRaster.pixels(of:tile:grid:)` gives for an image held whole). Thread-safe.
    func pixels(of tile: TileIndex, grid: TileGrid) -> [UInt8]
}
