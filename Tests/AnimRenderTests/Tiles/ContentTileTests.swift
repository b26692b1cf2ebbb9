import AnimCore
import AnimTestSupport
import Testing

@testable import AnimRender

/// Shape, text and gradient layers larger than a raster drawn whole (`ContentGrid.maxSide`) are drawn in tiles at
/// their full scale, in both renderers: the part in view matches the same drawing in a small layer.
@Suite("Content tiles", .serialized)
struct ContentTileTests {
    static let output = PixelSize(width: 400, height: 48)
    /// How far the wide layers reach: the last 400 points are in view.
    static let wide = 16_000.0

    /// The frame of `layer` (a root) in both renderers, compiled with `rasterizer`.
    static func frames(
        _ layer: LayerState, rasterizer: ContentRasterizer = ContentRasterizer(), gles: GLESRenderer? = nil
    ) throws -> (software: PixelBuffer, gles: PixelBuffer) {
        var scene = CompileTestScene()
        scene.add(1, layer, root: true)
        let list = DrawListCompiler(outputSize: output, clearColor: .clear, content: rasterizer).compile([scene.scene])
        return try TestRenderers.drawBoth(list, gles: gles)
    }

    /// A layer of `width` points whose right edge is at the output's right edge.
    static func rightAligned(
        _ width: Double, class layerClass: LayerClass, _ configure: (inout LayerState) -> Void
    )
        -> LayerState
    {
        layerState(
            Rect(x: Double(output.width) - width, y: 0, width: width, height: Double(output.height)), class: layerClass,
            configure)
    }

    static let exact = PixelComparison.Tolerance(maxChannelDifference: 1, requiredFraction: 1)

    /// The wide layer against the small one in each renderer, and the renderers against each other; the frames
    /// must have ink (at least `inked` pixels of full alpha).
    static func expectSame(
        wide: LayerState, small: LayerState, inked: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let big = try frames(wide)
        let reference = try frames(small)
        let opaque = reference.software.bytes.enumerated().filter { $0.offset % 4 == 3 && $0.element == 255 }.count
        #expect(opaque >= inked, "the small layer draws \(opaque) opaque pixels", sourceLocation: sourceLocation)
        for (name, a, b) in [
            ("software", big.software, reference.software), ("GLES", big.gles, reference.gles),
            ("GLES against software", big.gles, big.software),
        ] {
            let comparison = PixelComparison(actual: a, expected: b, tolerance: exact)
            #expect(comparison.passes, "\(name): \(comparison)", sourceLocation: sourceLocation)
        }
    }

    @Test func aSixteenThousandPointTextLayerIsAsSharpAsAFourHundredPointOne() throws {
        func text(_ width: Double) -> LayerState {
            Self.rightAligned(width, class: .text) {
                $0.special.modifyText {
                    $0.string = "Ticker 1234 sharp at the end"
                    $0.fontSize = 24
                    $0.foregroundColor = .black
                    $0.alignmentMode = "right"
                }
            }
        }
        try Self.expectSame(wide: text(Self.wide), small: text(400), inked: 200)
        // GLES with a texture limit of 256 (254-pixel tiles, other areas than the software renderer's) agrees.
        let limited = try Self.frames(text(Self.wide), gles: GLESRenderer(size: Self.output, maxTextureSize: 256))
        let comparison = PixelComparison(actual: limited.gles, expected: limited.software, tolerance: Self.exact)
        #expect(comparison.passes, "\(comparison)")
    }

    @Test func aSixteenThousandPointShapeKeepsItsOnePixelLines() throws {
        // A 1-point horizontal line along the whole layer and vertical ones every 25 points, on pixel centres.
        func shape(_ width: Double) -> LayerState {
            var path = BezierPath()
            path.move(to: Point(x: 0, y: 10.5))
            path.addLine(to: Point(x: width, y: 10.5))
            for k in stride(from: 0.0, to: width, by: 25) {
                path.move(to: Point(x: k + 0.5, y: 4))
                path.addLine(to: Point(x: k + 0.5, y: 40))
            }
            return Self.rightAligned(width, class: .shape) {
                $0.special.modifyShape {
                    $0.path = path
                    $0.fillColor = nil
                    $0.strokeColor = Color(red: 0, green: 0, blue: 1)
                    $0.lineWidth = 1
                }
            }
        }
        try Self.expectSame(wide: shape(Self.wide), small: shape(400), inked: 400 + 16 * 35)
    }

    @Test func aSixteenThousandPointGradientKeepsItsHardStep() throws {
        // Red to white in one step where the visible part's middle is.
        func gradient(_ width: Double) -> LayerState {
            let step = (width - 200) / width
            return Self.rightAligned(width, class: .gradient) {
                $0.special.modifyGradient {
                    $0.colors = [red, red, .white, .white]
                    $0.locations = [0, step, step, 1]
                    $0.startPoint = Point(x: 0, y: 0.5)
                    $0.endPoint = Point(x: 1, y: 0.5)
                }
            }
        }
        try Self.expectSame(wide: gradient(Self.wide), small: gradient(400), inked: 400 * 48)
        let frame = try Self.frames(gradient(Self.wide)).software
        #expect(GLESTest.rgba(frame.pixel(x: 199, y: 20)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 200, y: 20)) == [255, 255, 255, 255])
    }

    /// A 16,000-point text layer in 256-pixel tiles (63 columns, one row) with its last 400 points in view.
    static func ticker(x: Double = 400 - wide, color: Color = .black) -> LayerState {
        layerState(Rect(x: x, y: 0, width: wide, height: 40), class: .text) {
            $0.special.modifyText {
                $0.string = AttributedText(String(repeating: "Ticker news ", count: 1200))
                $0.font = "DejaVu Sans"
                $0.fontSize = 24
                $0.foregroundColor = color
            }
        }
    }

    @Test func onlyTheVisibleTilesAreRasterizedAndAContentChangeRasterizesThemAgain() throws {
        let rasterizer = ContentRasterizer()
        let gles = try GLESRenderer(size: Self.output)
        // Points 15,600…16,000 are in view: columns 60, 61 and 62 (15,360…16,000). GLES's tiles are the same, from
        // the same cache.
        let first = try Self.frames(Self.ticker(), rasterizer: rasterizer, gles: gles)
        #expect(rasterizer.tileStatistics.rasterized == 3)
        #expect(rasterizer.tileStatistics.cached == 3)
        #expect(rasterizer.tileStatistics.bytes == (2 * 258 + 130) * 42 * 4)
        #expect(PixelComparison(actual: first.gles, expected: first.software, tolerance: Self.exact).passes)
        // The same view again: nothing new. Scrolled 256 points left: one new column.
        _ = try Self.frames(Self.ticker(), rasterizer: rasterizer, gles: gles)
        #expect(rasterizer.tileStatistics.rasterized == 3)
        _ = try Self.frames(Self.ticker(x: 656 - Self.wide), rasterizer: rasterizer, gles: gles)
        #expect(rasterizer.tileStatistics.rasterized == 4)
        // A new colour is new content: its tiles are drawn again, and show it.
        let red = try Self.frames(Self.ticker(color: red), rasterizer: rasterizer, gles: gles)
        #expect(rasterizer.tileStatistics.rasterized == 7)
        for frame in [red.software, red.gles] {
            let inked = (0..<Self.output.width).flatMap { x in (0..<40).map { frame.pixel(x: x, y: $0) } }
            #expect(inked.contains { $0.a == 255 && $0.r == 255 && $0.g == 0 })
            #expect(!inked.contains { $0.a == 255 && $0.r == 0 })
        }
    }

    @Test func aShrunkenOversizeLayerIsRasterizedWholeAtItsSmallerScale() throws {
        var scene = CompileTestScene()
        var ticker = Self.ticker()
        ticker.transform = .scale(0.05, 0.05, 1)
        ticker.position = Point(x: 200, y: 24)
        scene.add(1, ticker, root: true)
        let list = scene.compile(width: 400, height: 48)
        // 16,000 points at 1/16 (the power of two above 0.05): at most 1,000 pixels, one raster.
        let draw = try #require(list.items.compactMap(\.imageDraw).first)
        #expect(draw.image.tileSource == nil)
        #expect(draw.image.width <= 1000 && draw.image.width > 900)
        #expect(abs(draw.rect.width - Double(draw.image.width) * 16) < 1e-6)
    }

    @Test func aViewOfMoreThanTheSoftwareTileWindowDrawsItsMiddle() throws {
        // 40,000 points squeezed into 400 pixels across (and stretched down, so the scale stays 1): the software
        // renderer would need a 40,002-pixel buffer; it samples the middle 16,384 pixels' tiles instead of failing.
        var layer = LayerState(layerClass: .gradient)
        layer.bounds = Rect(x: 0, y: 0, width: 40_000, height: 40)
        layer.anchorPoint = .zero
        layer.transform = .scale(0.01, 50, 1)
        layer.special.modifyGradient {
            $0.colors = [red, blue]
            $0.startPoint = Point(x: 0, y: 0.5)
            $0.endPoint = Point(x: 1, y: 0.5)
        }
        let frames = try Self.frames(layer)
        for x in stride(from: 130, to: 270, by: 10) {
            let expected = 255 * Double(x) / 400
            for frame in [frames.software, frames.gles] {
                let p = frame.pixel(x: x, y: 24)
                #expect(abs(Double(p.b) - expected) <= 2 && p.a == 255, "x \(x): \(p)")
            }
        }
    }
}
