import AnimCore
import Testing

@testable import AnimRender

/// The rasterizer's cache: keyed by what changes the pixels, least recently used first out, within its budget.
@Suite struct ContentCacheTests {
    static let square = BezierPath.rect(Rect(x: 0, y: 0, width: 20, height: 20))

    /// The bytes one raster of `square` holds (its canvas, with the antialiasing margin and a spare row).
    var squareBytes: Int {
        let rasterizer = ContentRasterizer()
        _ = rasterizer.content(for: .contentShape(Self.square), scale: 1)
        return rasterizer.statistics.bytes
    }

    @Test func sameStateIsRasterizedOnce() throws {
        let rasterizer = ContentRasterizer()
        let first = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        let second = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        #expect(first.image.key == second.image.key)
        #expect(first.image.bytes.baseAddress == second.image.bytes.baseAddress)
        // 22×22 pixels (a pixel of margin on each side) of 88-byte rows, and a spare row for crops.
        #expect(rasterizer.statistics == (rasterized: 1, cached: 1, bytes: 88 * 23))
    }

    @Test func aChangeMakesANewRaster() throws {
        let rasterizer = ContentRasterizer()
        let black = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        let red = try #require(
            rasterizer.content(
                for: .contentShape(Self.square) { $0.fillColor = Color(red: 1, green: 0, blue: 0) }, scale: 1))
        let sharper = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 2))
        #expect(black.image.key != red.image.key)
        #expect(sharper.image.key != black.image.key && sharper.image.key != red.image.key)
        #expect(rasterizer.statistics.rasterized == 3)
        #expect(rasterizer.statistics.cached == 0)
    }

    @Test func boundsOriginReusesTheRasterOfAGradientOrText() throws {
        let rasterizer = ContentRasterizer()
        var gradient = LayerState.contentGradient(Rect(x: 0, y: 0, width: 30, height: 10)) {
            $0.colors = [.white, .black]
        }
        let home = try #require(rasterizer.content(for: gradient, scale: 1))
        gradient.bounds.origin = Point(x: 12, y: 3)
        gradient.position = Point(x: 100, y: 100)
        let moved = try #require(rasterizer.content(for: gradient, scale: 1))
        #expect(home.image.key == moved.image.key)
        #expect(moved.rect == Rect(x: 12, y: 3, width: 30, height: 10))
        var text = LayerState.contentText("Hi", bounds: Rect(x: 0, y: 0, width: 50, height: 30))
        let textHome = try #require(rasterizer.content(for: text, scale: 1))
        text.bounds.origin = Point(x: -5, y: 0)
        let textMoved = try #require(rasterizer.content(for: text, scale: 1))
        #expect(textHome.image.key == textMoved.image.key)
        #expect(textMoved.rect.minX == textHome.rect.minX - 5)
        #expect(rasterizer.statistics.rasterized == 2 && rasterizer.statistics.cached == 2)
    }

    @Test func cornerRadiusChangesAGradientsRaster() throws {
        let rasterizer = ContentRasterizer()
        var gradient = LayerState.contentGradient(Rect(x: 0, y: 0, width: 30, height: 30)) { $0.colors = [.white] }
        let square = try #require(rasterizer.content(for: gradient, scale: 1))
        gradient.cornerRadius = 5
        let rounded = try #require(rasterizer.content(for: gradient, scale: 1))
        gradient.maskedCorners = 1
        let oneCorner = try #require(rasterizer.content(for: gradient, scale: 1))
        #expect(Set([square.image.key, rounded.image.key, oneCorner.image.key]).count == 3)
    }

    @Test func budgetEvictsTheLeastRecentlyUsed() throws {
        // Room for two 20×20 rasters.
        let rasterizer = ContentRasterizer(cacheBytes: 2 * squareBytes + 100)
        #expect(squareBytes > 0)
        let a = LayerState.contentShape(Self.square)
        let b = LayerState.contentShape(Self.square) { $0.fillColor = .white }
        let c = LayerState.contentShape(Self.square) { $0.fillColor = Color(red: 1, green: 0, blue: 0) }
        _ = rasterizer.content(for: a, scale: 1)
        _ = rasterizer.content(for: b, scale: 1)
        _ = rasterizer.content(for: a, scale: 1)  // a is now the most recently used
        _ = rasterizer.content(for: c, scale: 1)  // evicts b
        #expect(rasterizer.statistics == (rasterized: 3, cached: 1, bytes: 2 * squareBytes))
        _ = rasterizer.content(for: a, scale: 1)
        #expect(rasterizer.statistics.rasterized == 3)
        _ = rasterizer.content(for: b, scale: 1)
        #expect(rasterizer.statistics.rasterized == 4)
        #expect(rasterizer.statistics.bytes == 2 * squareBytes)
    }

    @Test func rasterLargerThanTheBudgetIsNotKept() throws {
        let rasterizer = ContentRasterizer(cacheBytes: 100)
        let first = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        let second = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        #expect(first.image.key != second.image.key)
        #expect(rasterizer.statistics == (rasterized: 2, cached: 0, bytes: 0))
    }

    @Test func smallInkInABigCanvasIsCopiedTight() throws {
        // Miter joins may reach 5 line widths out, so the canvas is far larger than a straight line's ink.
        let rasterizer = ContentRasterizer()
        let line = LayerState.contentShape(
            BezierPath(elements: [.move(Point(x: 0, y: 10)), .line(Point(x: 100, y: 10))])
        ) {
            $0.fillColor = nil
            $0.strokeColor = .white
            $0.lineWidth = 2
        }
        let out = try #require(rasterizer.content(for: line, scale: 1))
        #expect(out.rect == Rect(x: 0, y: 9, width: 100, height: 2))
        #expect(out.image.stride == 400)
        #expect(rasterizer.statistics.bytes == 800)
    }

    @Test func layersThatDrawNothingAreRememberedToo() {
        let rasterizer = ContentRasterizer()
        let line = LayerState.contentShape(BezierPath(elements: [.move(.zero), .line(Point(x: 10, y: 0))]))
        #expect(rasterizer.content(for: line, scale: 1) == nil)
        #expect(rasterizer.content(for: line, scale: 1) == nil)
        #expect(rasterizer.statistics.rasterized == 1 && rasterizer.statistics.cached == 1)
    }

    @Test func aFailedRasterIsRememberedAsNothing() {
        // At the scale that fits 1e300 units in a raster, cairo's matrix is singular and the context fails.
        let rasterizer = ContentRasterizer()
        let huge = LayerState.contentShape(.rect(Rect(x: 0, y: 0, width: 1e300, height: 1e300)))
        #expect(rasterizer.content(for: huge, scale: 1) == nil)
        #expect(rasterizer.content(for: huge, scale: 1) == nil)
        #expect(rasterizer.statistics.rasterized == 1 && rasterizer.statistics.cached == 1)
    }

    @Test func imagesOutliveTheirEviction() throws {
        let rasterizer = ContentRasterizer(cacheBytes: squareBytes)
        let kept = try #require(rasterizer.content(for: .contentShape(Self.square), scale: 1))
        _ = rasterizer.content(for: .contentShape(Self.square) { $0.fillColor = .white }, scale: 1)
        #expect(ContentTestPixels(kept).pixel(column: 5, row: 5) == (0, 0, 0, 255))
    }

    @Test func concurrentCallersGetTheSamePixels() async throws {
        let rasterizer = ContentRasterizer()
        let layers = (0..<8).map { i -> LayerState in
            switch i % 3 {
            case 0: LayerState.contentShape(Self.square) { $0.fillColor = Color(white: Double(i) / 8) }
            case 1: LayerState.contentText("Layer \(i)", bounds: Rect(x: 0, y: 0, width: 80, height: 30))
            default:
                LayerState.contentGradient(Rect(x: 0, y: 0, width: 40, height: 40)) {
                    $0.colors = [.white, Color(white: Double(i) / 8)]
                    $0.gradientType = "conic"
                }
            }
        }
        let keys = await withTaskGroup(of: RenderImage.Key?.self) { group in
            for round in 0..<32 {
                let layer = layers[round % layers.count]
                group.addTask { rasterizer.content(for: layer, scale: 1)?.image.key }
            }
            var keys: [RenderImage.Key?] = []
            for await key in group { keys.append(key) }
            return keys
        }
        #expect(keys.allSatisfy { $0 != nil })
        let stats = rasterizer.statistics
        #expect(stats.rasterized + stats.cached == 32)
        #expect(stats.rasterized >= 8)
    }

    @Test func lruOrderAndCosts() {
        var cache = ContentCache<String, Int>(budget: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        #expect(cache.value(for: "a") == 1)
        cache.insert(3, for: "c", cost: 4)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3)
        #expect(cache.bytes == 8 && cache.count == 2)
        cache.insert(4, for: "a", cost: 7)
        #expect(cache.value(for: "c") == nil)
        #expect(cache.bytes == 7 && cache.count == 1)
        cache.insert(5, for: "d", cost: 11)
        #expect(cache.value(for: "d") == nil && cache.value(for: "a") == 4)
    }
}
