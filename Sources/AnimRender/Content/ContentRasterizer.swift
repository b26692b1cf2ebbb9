import AnimCore
import Logging
import Synchronization

/// Rasterizes what CAShapeLayer, CAGradientLayer and CATextLayer draw of their own into premultiplied images
/// (cairo, on the CPU), so that both renderers show the same pixels for them, and keeps the images in a
/// least-recently-used cache within a byte budget. Thread-safe: the cache sits behind a lock; rasterization runs
/// outside it (two threads missing the same entry at once both rasterize, and the later image is kept).
///
/// A raster larger than `ContentGrid.maxSide` pixels a side is not drawn here: its image is drawn on demand
/// (`ContentTiles`), tile by tile at the full scale, when a renderer draws it (only the tiles visible pixels sample),
/// and the tiles are kept in a second cache of `tileCacheBytes`.
public final class ContentRasterizer: Sendable {
    /// The `RenderImage.Key.source` of every content image (client images use their session ids).
    public static let imageSource = UInt64.max - 1

    /// A raster and the local rect it covers, relative to the layer's bounds origin for gradients and text; nil
    /// when the layer draws nothing (kept, so an empty shape is not rasterized again every frame).
    private struct Entry {
        var image: RenderImage?
        var rect: Rect
        /// The memory the image holds.
        var bytes = 0
    }

    private struct State {
        var cache: ContentCache<ContentKey, Entry>
        var nextImage: UInt64 = 1
        var rasterized = 0
        var cached = 0
    }

    /// What an entry that holds no image costs in the budget (the key and bookkeeping).
    private static let emptyEntryCost = 256

    private let state: Mutex<State>
    private let tiles: ContentTileCache
    private let logger = Logger(label: "animserver.render.content")

    public init(cacheBytes: Int = 64 << 20, tileCacheBytes: Int = 64 << 20) {
        state = Mutex(State(cache: ContentCache(budget: cacheBytes)))
        tiles = ContentTileCache(budget: tileCacheBytes)
    }

    /// Rasters made, lookups answered from the cache, and the bytes the cache holds now.
    public var statistics: (rasterized: Int, cached: Int, bytes: Int) {
        state.withLock { ($0.rasterized, $0.cached, $0.cache.bytes) }
    }

    /// Tiles of oversize rasters drawn so far, and the tiles and bytes the tile cache holds now.
    public var tileStatistics: (rasterized: Int, cached: Int, bytes: Int) { tiles.statistics }

    /// The layer's own content at `scale` output pixels per local unit (the compiler passes √|det| of the layer's
    /// world transform rounded up to a power of two ≥ 1, so animations of scale do not re-rasterize every frame;
    /// anything but a positive finite scale reads as 1), or nil when the layer draws nothing of its own (not a
    /// shape, gradient or text layer, no path, no colours, empty bounds, values that are not finite).
    public func content(for layer: LayerState, scale: Double) -> LayerContent? {
        guard let job = ContentJob(layer, scale: ContentGrid.sanitized(scale)) else { return nil }
        let origin = job.origin
        let found: Entry? = state.withLock { state in
            let entry = state.cache.value(for: job.key)
            if entry != nil { state.cached += 1 }
            return entry
        }
        if let found { return Self.placed(found, at: origin) }
        let key = state.withLock { state in
            state.rasterized += 1
            defer { state.nextImage += 1 }
            return RenderImage.Key(source: Self.imageSource, image: state.nextImage)
        }
        let entry: Entry
        do {
            entry = try job.rasterize(key: key, tiles: tiles)
        } catch {
            // Remembered as drawing nothing, so the same state is not retried (and logged) every frame.
            logger.warning("\(job.drawing.kind) content not rasterized: \(error)")
            entry = Entry(image: nil, rect: .zero)
        }
        let cost = entry.image == nil ? Self.emptyEntryCost : entry.bytes
        state.withLock { $0.cache.insert(entry, for: job.key, cost: cost) }
        return Self.placed(entry, at: origin)
    }

    private static func placed(_ entry: Entry, at origin: Point) -> LayerContent? {
        guard let image = entry.image else { return nil }
        let rect = Rect(
            x: entry.rect.origin.x + origin.x, y: entry.rect.origin.y + origin.y, width: entry.rect.width,
            height: entry.rect.height)
        return LayerContent(image: image, rect: rect)
    }

    /// One layer's content to draw: what identifies its pixels, and how to make them.
    private struct ContentJob {
        let key: ContentKey
        let drawing: ContentDrawing
        let scale: Double
        /// Added to the entry's rect: the bounds origin for gradients and text, which draw relative to it.
        let origin: Point

        init?(_ layer: LayerState, scale: Double) {
            self.scale = scale
            let bounds = layer.bounds.standardized
            if let shape = layer.special.shape {
                guard let content = ShapeContent(shape) else { return nil }
                drawing = .shape(content)
                key = .shape(shape, scale: scale)
                origin = .zero
            } else if let gradient = layer.special.gradient {
                guard
                    let content = GradientContent(
                        gradient, size: bounds.size, cornerRadius: layer.cornerRadius,
                        maskedCorners: layer.maskedCorners)
                else { return nil }
                drawing = .gradient(content)
                key = .gradient(
                    gradient, size: bounds.size, cornerRadius: layer.cornerRadius.isFinite ? layer.cornerRadius : 0,
                    corners: GradientContent.corners(layer.maskedCorners).rawValue, scale: scale)
                origin = bounds.origin
            } else if let text = layer.special.text {
                guard let content = TextContent(text, size: bounds.size) else { return nil }
                drawing = .text(content)
                key = .text(text, size: bounds.size, scale: scale)
                origin = bounds.origin
            } else {
                return nil
            }
            guard key.isFinite else { return nil }
        }

        func rasterize(key imageKey: RenderImage.Key, tiles: ContentTileCache) throws(ContentCanvas.Failure) -> Entry {
            let grid: ContentGrid?
            switch drawing {
            case .shape(let shape): grid = ContentGrid(around: shape.inkBox, scale: scale, margin: 1)
            case .gradient(let gradient):
                grid = ContentGrid(covering: Rect(origin: .zero, size: gradient.size), scale: scale)
            case .text(let text): grid = ContentGrid(covering: Rect(origin: .zero, size: text.size), scale: scale)
            }
            guard let grid else { return Entry(image: nil, rect: .zero) }
            if grid.isTiled {
                // A scale cairo cannot invert fails here, once, instead of in every tile.
                let probe = try ContentCanvas(width: 1, height: 1)
                grid.apply(to: probe.cr)
                try probe.check("scale")
                let source = ContentTiles(key: imageKey, drawing: drawing, grid: grid, cache: tiles)
                let image = RenderImage(
                    key: imageKey, size: PixelSize(width: grid.width, height: grid.height), tiles: source)
                return Entry(image: image, rect: grid.rect, bytes: ContentRasterizer.emptyEntryCost)
            }
            let canvas = try ContentCanvas(width: grid.width, height: grid.height)
            grid.apply(to: canvas.cr)
            try drawing.draw(on: canvas, grid: grid)
            if case .gradient = drawing {
                // A gradient fills its bounds: nothing to crop.
                let (image, bytes) = try canvas.image(key: imageKey)
                return Entry(image: image, rect: grid.rect, bytes: bytes)
            }
            return try Self.cropped(canvas, grid: grid, key: imageKey)
        }

        /// The canvas cut down to the pixels with ink (none: no image).
        private static func cropped(
            _ canvas: ContentCanvas, grid: ContentGrid, key: RenderImage.Key
        )
            throws(ContentCanvas.Failure) -> Entry
        {
            try canvas.check("drawing")
            guard let ink = canvas.inkBounds() else { return Entry(image: nil, rect: .zero) }
            let (image, bytes) = try canvas.image(key: key, area: ink)
            return Entry(image: image, rect: grid.localRect(of: ink), bytes: bytes)
        }
    }
}

/// What a content raster's pixels depend on, and nothing else (a gradient's or text's bounds origin only moves it).
enum ContentKey: Hashable {
    case shape(ShapeLayerProperties, scale: Double)
    case gradient(GradientLayerProperties, size: Size, cornerRadius: Double, corners: UInt, scale: Double)
    case text(TextLayerProperties, size: Size, scale: Double)

    /// A key holding NaN never equals itself, so it would only fill the cache; such layers draw nothing anyway.
    var isFinite: Bool { self == self }
}
