import Logging
import Synchronization

/// The tiles of a content raster too large to draw whole (`ContentGrid.isTiled`): each tile drawn by cairo at the
/// raster's full scale when a renderer first asks for it, then kept in the rasterizer's `ContentTileCache`.
final class ContentTiles: TileSource {
    private let key: RenderImage.Key
    private let drawing: ContentDrawing
    private let grid: ContentGrid
    private let cache: ContentTileCache
    private let logger = Logger(label: "animserver.render.content")

    init(key: RenderImage.Key, drawing: ContentDrawing, grid: ContentGrid, cache: ContentTileCache) {
        self.key = key
        self.drawing = drawing
        self.grid = grid
        self.cache = cache
    }

    func pixels(of tile: TileIndex, grid tiles: TileGrid) -> [UInt8] {
        let area = tiles.texture(of: tile)
        return cache.pixels(for: ContentTileCache.Key(image: key, area: area)) { draw(area) }
    }

    /// The raster's pixels of `area`, drawn alone; outside the raster its edge pixels repeat, as they do when a
    /// raster drawn whole is sampled.
    private func draw(_ area: PixelRect) -> [UInt8] {
        let whole = PixelRect(x: 0, y: 0, width: grid.width, height: grid.height)
        let inside = area.intersection(whole) ?? whole
        do {
            let canvas = try ContentCanvas(width: inside.width, height: inside.height)
            let window = grid.window(inside)
            window.apply(to: canvas.cr)
            try drawing.draw(on: canvas, grid: window)
            let (image, _) = try canvas.image(key: key)
            return TileRaster.pixels(
                of: image,
                area: PixelRect(x: area.x - inside.x, y: area.y - inside.y, width: area.width, height: area.height))
        } catch {
            // Cached as transparent, so the same tile is not retried (and logged) every frame.
            logger.warning("\(drawing.kind) content tile \(area) not rasterized: \(error)")
            return [UInt8](repeating: 0, count: area.pixelCount * 4)
        }
    }
}

/// The tiles of every tiled content raster, least recently used first out within a byte budget. Thread-safe:
/// tiles are drawn outside the lock (two threads missing the same tile at once both draw it).
final class ContentTileCache: Sendable {
    struct Key: Hashable {
        /// The raster's image; a change of the layer's content makes a new one.
        var image: RenderImage.Key
        /// The tile's texture, in the raster's pixels.
        var area: PixelRect
    }

    private struct State {
        var cache: ContentCache<Key, [UInt8]>
        var rasterized = 0
    }

    private let state: Mutex<State>

    init(budget: Int) {
        state = Mutex(State(cache: ContentCache(budget: budget)))
    }

    /// Tiles drawn so far, and the tiles and bytes the cache holds now.
    var statistics: (rasterized: Int, cached: Int, bytes: Int) {
        state.withLock { ($0.rasterized, $0.cache.count, $0.cache.bytes) }
    }

    func pixels(for key: Key, draw: () -> [UInt8]) -> [UInt8] {
        if let cached = state.withLock({ $0.cache.value(for: key) }) { return cached }
        let pixels = draw()
        state.withLock {
            $0.rasterized += 1
            $0.cache.insert(pixels, for: key, cost: pixels.count)
        }
        return pixels
    }
}
