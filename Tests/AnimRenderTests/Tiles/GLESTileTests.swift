import AnimCore
import AnimTestSupport
import Testing

@testable import AnimRender

@Suite("GLES tiles", .serialized)
struct GLESTileTests {
    /// 20000×300 with a pattern every pixel differs in: (x mod 256, y mod 256, x / 256, 255).
    static let wide = GLESTest.image(key: 100, width: 20000, height: 300) { x, y in
        (UInt8(x & 255), UInt8(y & 255), UInt8(x >> 8), 255)
    }

    static func draw(_ transform: Transform3D, filter: ImageFilter = .nearest, image: RenderImage = wide) -> DrawItem {
        .image(
            ImageDraw(
                transform: transform, rect: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                image: image, source: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                minificationFilter: filter, magnificationFilter: filter))
    }

    @Test func anOversizeImageRastersOnlyItsVisibleTilesAndScrollingOnlyTheNewOnes() throws {
        let renderer = try GLESTest.renderer(256, maxTextureSize: 2048)
        let size = PixelSize(width: 256, height: 256)
        let first = try renderer.render(
            DrawList(size: size, items: [Self.draw(.translation(-100, 0, 0))]), damage: .full)
        #expect(first.tilesRastered == 2)
        #expect(first.tilesCached == 2 && first.tileCacheBytes == 2 * 258 * 258 * 4)
        var frame = try renderer.readPixels(PixelRect(size: size))
        // Output (x, y) shows image (x + 100, y): never black.
        for (x, y) in [(0, 0), (155, 17), (156, 17), (255, 255)] {
            let ix = x + 100
            #expect(GLESTest.rgba(frame.pixel(x: x, y: y)) == [ix & 255, y & 255, ix >> 8, 255], "(\(x), \(y))")
        }
        // Scrolled by 256: image x 356…611, tiles 1 and 2; only tile 2 is new.
        let second = try renderer.render(
            DrawList(size: size, items: [Self.draw(.translation(-356, 0, 0))]), damage: .full)
        #expect(second.tilesRastered == 1)
        #expect(second.tilesCached == 3)
        frame = try renderer.readPixels(PixelRect(size: size))
        #expect(GLESTest.rgba(frame.pixel(x: 200, y: 40)) == [556 & 255, 40, 556 >> 8, 255])
        // The same view again: everything from the cache.
        let third = try renderer.render(
            DrawList(size: size, items: [Self.draw(.translation(-356, 0, 0))]), damage: .full)
        #expect(third.tilesRastered == 0)
    }

    @Test func theTileCacheKeepsToItsBudget() throws {
        let renderer = try GLESTest.renderer(256, maxTextureSize: 2048)
        renderer.tileCacheBudget = 3 * 258 * 258 * 4
        let size = PixelSize(width: 256, height: 256)
        var rastered = 0
        for step in 0..<6 {
            let stats = try renderer.render(
                DrawList(size: size, items: [Self.draw(.translation(Double(-256 * step), 0, 0))]), damage: .full)
            rastered += stats.tilesRastered
            #expect(stats.tileCacheBytes <= renderer.tileCacheBudget)
            #expect(stats.tilesCached <= 3)
        }
        #expect(rastered == 6)
        // Back to the start: tile 0 was evicted long ago and is rastered again; the image still shows.
        let back = try renderer.render(DrawList(size: size, items: [Self.draw(.identity)]), damage: .full)
        #expect(back.tilesRastered == 1)
        #expect(
            GLESTest.rgba(try renderer.readPixels(PixelRect(x: 10, y: 10, width: 1, height: 1)).pixel(x: 0, y: 0)) == [
                10, 10, 0, 255,
            ])
    }

    @Test func onlyTilesUnderTheDamageAreRastered() throws {
        let size = PixelSize(width: 256, height: 256)
        // A quarter scale shows image x 0…1023 and all 300 rows: 4 columns × 2 rows.
        let list = DrawList(size: size, items: [Self.draw(Transform3D.scale(0.25, 0.25, 1))])
        let full = try GLESTest.renderer(256, maxTextureSize: 2048)
        #expect(try full.render(list, damage: .full).tilesRastered == 8)
        // Damage over output x 70…89, y 0…9 (image x 280…359, y 0…39): only tile (1, 0).
        let damaged = try GLESTest.renderer(256, maxTextureSize: 2048)
        _ = try damaged.render(DrawList(size: size), damage: .full)
        let stats = try damaged.render(list, damage: .region([PixelRect(x: 70, y: 0, width: 20, height: 10)]))
        #expect(stats.tilesRastered == 1)
        #expect(stats.tilesCached == 1)
    }

    /// An image drawn tiled (texture limit 256) and whole (the GPU's limit): the same pixels, seams included.
    @Test(arguments: [ImageFilter.linear, .nearest]) func tileSeamsAreInvisible(filter: ImageFilter) throws {
        let image = GLESTest.image(key: 101, width: 700, height: 600) { x, y in
            let v = UInt8((x * 7 + y * 13) & 255)
            return (v, UInt8((x * y) & 255), UInt8(255 - Int(v)), 255)
        }
        let transforms: [Transform3D] = [
            // Not 0.37: pixel centres would land exactly between two texels, where nearest sampling is a coin toss.
            Transform3D.scale(0.3713, 0.4137, 1),
            Transform3D.translation(-250, -250, 0).concatenating(.rotation(0.3, 0, 0, 1)).concatenating(
                .scale(1.7, 1.7, 1)
            )
            .concatenating(.translation(128, 128, 0)),
            Transform3D.translation(-350, -300, 0).concatenating(.rotation(0.6, 1, 0, 0))
                .concatenating(.perspective(eyeDistance: 900)).concatenating(.scale(0.5, 0.5, 1))
                .concatenating(.translation(128, 128, 0)),
        ]
        for (index, transform) in transforms.enumerated() {
            let tiled = try GLESTest.renderer(256, maxTextureSize: 256)
            let whole = try GLESTest.renderer(256)
            let a = try GLESTest.frame(tiled, [Self.draw(transform, filter: filter, image: image)], size: 256)
            let b = try GLESTest.frame(whole, [Self.draw(transform, filter: filter, image: image)], size: 256)
            let stats = try tiled.render(
                DrawList(
                    size: PixelSize(width: 256, height: 256),
                    items: [Self.draw(transform, filter: filter, image: image)]),
                damage: .full)
            #expect(stats.tilesCached > 1, "transform \(index) is drawn from tiles")
            let comparison = PixelComparison(
                actual: a, expected: b,
                tolerance: PixelComparison.Tolerance(maxChannelDifference: 1, requiredFraction: 1))
            #expect(comparison.passes, "transform \(index), \(filter): \(comparison)")
        }
    }

    /// Offscreen passes larger than the (forced) limit are drawn by the software renderer and uploaded in tiles.
    @Test func anOversizeGroupIsDrawnOnTheCPUInTiles() throws {
        let size = PixelSize(width: 300, height: 300)
        func rect(_ x: Double, _ w: Double, _ color: Color, radius: Double = 0) -> DrawItem {
            .rect(
                RectDraw(
                    transform: .translation(x, x, 0), rect: Rect(x: 0, y: 0, width: w, height: w),
                    radii: CornerRadii(radius: radius), color: color))
        }
        let items: [DrawItem] = [
            rect(0, 300, Color(red: 0.1, green: 0.3, blue: 0.2)),
            .group(
                GroupDraw(
                    bounds: PixelRect(x: 0, y: 0, width: 300, height: 300),
                    items: [
                        rect(10, 200, Color(red: 1, green: 0, blue: 0)),
                        rect(90, 200, Color(red: 0, green: 0, blue: 1)),
                    ],
                    opacity: 0.5, mask: [rect(5, 290, .black, radius: 60)])),
            .shadow(
                ShadowDraw(
                    bounds: PixelRect(x: 0, y: 0, width: 300, height: 300), source: [rect(100, 80, .white)], offsetX: 2,
                    offsetY: 2, sigma: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))),
        ]
        let list = DrawList(size: size, items: items)
        let limited = try GLESRenderer(size: size, maxTextureSize: 256)
        let stats = try limited.render(list, damage: .full)
        #expect(stats.tilesRastered == 8)  // the group and the shadow, 2 × 2 tiles each
        let whole = try GLESRenderer(size: size)
        #expect(try whole.render(list, damage: .full).tilesRastered == 0)
        let comparison = PixelComparison(
            actual: try limited.readPixels(PixelRect(size: size)),
            expected: try whole.readPixels(PixelRect(size: size)),
            tolerance: RenderTolerance.crossRenderer)
        #expect(comparison.passes, "\(comparison)")
        // Not black: the group's red at half opacity over (0.1, 0.3, 0.2): r = 127.5 + 12.75, g = 38.25.
        let p = try limited.readPixels(PixelRect(x: 50, y: 50, width: 1, height: 1)).pixel(x: 0, y: 0)
        #expect(abs(Int(p.r) - 140) <= 2 && abs(Int(p.g) - 38) <= 2 && p.a == 255, "\(p)")
    }
}
