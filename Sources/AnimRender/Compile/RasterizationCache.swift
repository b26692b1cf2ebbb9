import AnimCore
import Logging
import Synchronization

/// The bitmaps of layers with `shouldRasterize` (docs/core-animation-rules.md#layer-properties): each layer's
/// subtree drawn once by the software renderer into an image, kept while the subtree draws the same draw list, and
/// drawn again when anything in it changes (an animation in the subtree changes it every frame). Thread-safe; a
/// least-recently-used cache within a byte budget.
public final class RasterizationCache: Sendable {
    /// The `RenderImage.Key.source` of every rasterized bitmap.
    public static let imageSource = UInt64.max - 2

    private struct Entry {
        var list: DrawList
        var image: RenderImage
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [LayerID: Entry] = [:]
        var bytes = 0
        var uses: UInt64 = 0
        var nextImage: UInt64 = 1
        var rendered = 0
        var reused = 0
    }

    private let state = Mutex(State())
    private let budget: Int
    private let logger = Logger(label: "animserver.render.rasterize")

    public init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// Bitmaps drawn, bitmaps reused unchanged, and the bytes the cache holds now.
    public var statistics: (rendered: Int, reused: Int, bytes: Int) {
        state.withLock { ($0.rendered, $0.reused, $0.bytes) }
    }

    /// The bitmap of `list` (a rasterized layer's subtree), the one kept for `layer` when its list is unchanged;
    /// nil when it cannot be drawn.
    func image(for layer: LayerID, list: DrawList) -> RenderImage? {
        let kept: RenderImage? = state.withLock { state in
            state.uses += 1
            guard var entry = state.entries[layer], entry.list == list else { return nil }
            entry.lastUse = state.uses
            state.entries[layer] = entry
            state.reused += 1
            return entry.image
        }
        if let kept { return kept }
        let key = state.withLock { state in
            state.rendered += 1
            defer { state.nextImage += 1 }
            return RenderImage.Key(source: Self.imageSource, image: state.nextImage)
        }
        let image: RenderImage
        do {
            let renderer = SoftwareRenderer(size: list.size)
            _ = try renderer.render(list, damage: .full)
            image = RenderImage(key: key, pixels: try renderer.readPixels(PixelRect(size: list.size)))
        } catch {
            logger.warning("layer \(layer) not rasterized: \(error)")
            return nil
        }
        let bytes = image.width * image.height * 4
        state.withLock { state in
            if let old = state.entries[layer] { state.bytes -= old.bytes }
            state.entries[layer] = Entry(list: list, image: image, bytes: bytes, lastUse: state.uses)
            state.bytes += bytes
            while state.bytes > budget, state.entries.count > 1,
                let oldest = state.entries.filter({ $0.key != layer }).min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.bytes -= oldest.value.bytes
                state.entries[oldest.key] = nil
            }
        }
        return image
    }
}
