import AnimCore
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// shouldRasterize: the layer's subtree drawn once into a bitmap at rasterizationScale and composited from it while
/// nothing in it changes (docs/core-animation-rules.md#layer-properties).
@Suite("Compiler and renderers: shouldRasterize")
struct CompileRasterizeTests {
    /// A 40×30 card at (10.5, 8) with a rounded border and two sublayers, one poking out of its bounds.
    static func card(
        rasterize: Bool, scale: Double = 1, opacity: Double = 1, magnification: String = "linear"
    ) -> CompileTestScene {
        var scene = CompileTestScene()
        scene.add(
            1,
            layerState(Rect(x: 10, y: 8, width: 40, height: 30)) {
                $0.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.8)
                $0.cornerRadius = 6
                $0.borderWidth = 2
                $0.borderColor = .white
                $0.opacity = opacity
                $0.shouldRasterize = rasterize
                $0.rasterizationScale = scale
                $0.magnificationFilter = magnification
            }, sublayers: [2, 3], root: true)
        scene.add(2, layerState(Rect(x: 6, y: 6, width: 12, height: 12)) { $0.backgroundColor = red })
        scene.add(3, layerState(Rect(x: 30, y: 20, width: 16, height: 14)) { $0.backgroundColor = green })
        return scene
    }

    @Test func theBitmapIsReusedWhileNothingChangesAndRedrawnWhenSomethingDoes() {
        let compiler = DrawListCompiler(outputSize: PixelSize(width: 64, height: 48))
        var scene = Self.card(rasterize: true)
        let first = compiler.compile([scene.scene])
        // One image stands for the whole subtree, the sublayer outside the bounds included.
        #expect(first.items.count == 1)
        let image = try? #require(first.items.first?.imageDraw)
        #expect(image?.image.key.source == RasterizationCache.imageSource)
        #expect(image?.rect == Rect(x: 0, y: 0, width: 46, height: 34))
        #expect(compiler.rasterization.statistics.rendered == 1)
        let second = compiler.compile([scene.scene])
        #expect(second == first)
        #expect(compiler.rasterization.statistics.rendered == 1)
        #expect(compiler.rasterization.statistics.reused == 1)
        scene.add(2, layerState(Rect(x: 6, y: 6, width: 12, height: 12)) { $0.backgroundColor = blue })
        let third = compiler.compile([scene.scene])
        #expect(compiler.rasterization.statistics.rendered == 2)
        #expect(third.items.first?.imageDraw?.image.key != image?.image.key)
    }

    @Test func anAnimationInTheSubtreeRedrawsTheBitmapEveryFrame() throws {
        let compiler = DrawListCompiler(outputSize: PixelSize(width: 64, height: 48))
        var scene = Self.card(rasterize: true)
        let state = scene.scene.layers[LayerID(2)]!.state
        var set = LayerAnimations()
        set.add(
            try AttachedAnimation(
                key: "fade",
                animation: Animation(
                    .basic(
                        BasicAnimation(
                            keyPath: try AnimKeyPath("opacity", on: .layer), fromValue: .number(0),
                            toValue: .number(1))),
                    timing: MediaTiming(duration: 1)),
                layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0, previousPresentation: state)),
            at: 0)
        scene.scene.animations[LayerID(2)] = set
        for (frame, time) in [0.25, 0.5, 0.75].enumerated() {
            scene.scene.time = time
            _ = compiler.compile([scene.scene])
            #expect(compiler.rasterization.statistics.rendered == frame + 1)
        }
        #expect(compiler.rasterization.statistics.reused == 0)
    }

    @Test func atScaleOneTheBitmapDrawsTheSamePixelsAsTheLayerItself() throws {
        for opacity in [1, 0.6] {
            let size = PixelSize(width: 64, height: 48)
            let plain = try TestRenderers.drawBoth(
                DrawListCompiler(outputSize: size).compile([Self.card(rasterize: false, opacity: opacity).scene]))
            let rasterized = try TestRenderers.drawBoth(
                DrawListCompiler(outputSize: size).compile([Self.card(rasterize: true, opacity: opacity).scene]))
            try SceneSuiteTests.check(
                rasterized.software, against: plain.software, RenderTolerance.software, label: "rasterize-1-software")
            try SceneSuiteTests.check(
                rasterized.gles, against: plain.gles, RenderTolerance.gles, label: "rasterize-1-gles")
        }
    }

    @Test func aQuarterScaleLooksPixelatedAsItsGoldenShows() throws {
        let size = PixelSize(width: 64, height: 48)
        let list = DrawListCompiler(outputSize: size).compile([
            Self.card(rasterize: true, scale: 0.25, magnification: "nearest").scene
        ])
        let image = try #require(list.items.first?.imageDraw)
        // 46×34 layer units at a quarter: a 12×9 bitmap (rounded out) stretched back over the layer.
        #expect(image.image.width == 12 && image.image.height == 9)
        let (software, gles) = try TestRenderers.drawBoth(list)
        // Magnified by 4 with the layer's nearest filter: every 4×4 block of output pixels inside the layer is one
        // bitmap pixel (the layer's origin, (10, 8), is a block corner).
        func rgba(_ x: Int, _ y: Int) -> [UInt8] {
            let p = software.pixel(x: x, y: y)
            return [p.r, p.g, p.b, p.a]
        }
        for (bx, by) in [(1, 1), (2, 3), (5, 2), (8, 5)] {
            let corner = rgba(10 + 4 * bx, 8 + 4 * by)
            for dy in 0..<4 {
                for dx in 0..<4 {
                    #expect(rgba(10 + 4 * bx + dx, 8 + 4 * by + dy) == corner, "block \(bx), \(by)")
                }
            }
        }
        let golden = try GoldenImage.read(
            SceneSuiteTests.goldensFolder.appendingPathComponent("rasterize-scale-quarter.png"), recording: software)
        try SceneSuiteTests.check(software, against: golden, RenderTolerance.software, label: "rasterize-quarter")
        try SceneSuiteTests.check(gles, against: software, RenderTolerance.gles, label: "rasterize-quarter-gles")
    }
}
