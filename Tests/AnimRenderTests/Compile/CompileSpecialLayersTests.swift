import AnimCore
import Testing

@testable import AnimRender

/// Shape, gradient and text layers draw their own content as rasterized images, in the order of
/// docs/core-animation-rules.md#compositing-order.
@Suite("Compiler: special layers' own content")
struct CompileSpecialLayersTests {
    static func kinds(_ list: DrawList) -> [String] {
        list.items.map {
            switch $0 {
            case .rect: "rect"
            case .image(let image): image.image.key.source == ContentRasterizer.imageSource ? "content" : "image"
            case .path: "path"
            case .group: "group"
            case .shadow: "shadow"
            case .particles: "particles"
            }
        }
    }

    @Test func aShapeDrawsAfterItsContentsAndBeforeItsSublayersAndBorder() {
        var scene = CompileTestScene()
        _ = scene.addImage(9, width: 4, height: 4)
        scene.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 40, height: 40), class: .shape) {
                $0.backgroundColor = .white
                $0.contents = ImageID(9)
                $0.borderWidth = 1
                $0.special.modifyShape { $0.path = .rect(Rect(x: 5, y: 5, width: 20, height: 20)) }
            }, sublayers: [2], root: true)
        scene.add(2, layerState(Rect(x: 0, y: 0, width: 5, height: 5)) { $0.backgroundColor = .black })
        let list = scene.compile()
        #expect(Self.kinds(list) == ["rect", "image", "content", "rect", "rect"])
        guard case .image(let shape) = list.items[2] else { return }
        // The path's 20x20 square at (5, 5) in the layer, drawn at scale 1: its raster covers exactly it.
        #expect(shape.rect == Rect(x: 5, y: 5, width: 20, height: 20))
        #expect(shape.image.width == 20 && shape.image.height == 20)
    }

    @Test func aGradientDrawsOverItsBackgroundAndUnderItsContents() {
        var scene = CompileTestScene()
        _ = scene.addImage(9, width: 4, height: 4)
        scene.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 30, height: 20), class: .gradient) {
                $0.backgroundColor = .white
                $0.contents = ImageID(9)
                $0.special.modifyGradient { $0.colors = [.black, .white] }
            }, root: true)
        let list = scene.compile()
        #expect(Self.kinds(list) == ["rect", "content", "image"])
        guard case .image(let gradient) = list.items[1] else { return }
        #expect(gradient.rect == Rect(x: 0, y: 0, width: 30, height: 20))
    }

    @Test func contentIsRasterizedAtThePowerOfTwoAboveTheLayersScaleAndCachedAcrossFrames() {
        var scene = CompileTestScene()
        scene.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 10, height: 10), class: .text) {
                $0.transform = .scale(3, 3, 1)
                $0.special.modifyText {
                    $0.string = "A"
                    $0.fontSize = 8
                }
            }, root: true)
        let compiler = DrawListCompiler(outputSize: PixelSize(width: 100, height: 100))
        let first = compiler.compile([scene.scene])
        let second = compiler.compile([scene.scene])
        guard case .image(let a) = first.items.first, case .image(let b) = second.items.first else {
            Issue.record("no text content in \(first.items)")
            return
        }
        #expect(a.image.key == b.image.key)
        #expect(compiler.content.statistics.rasterized == 1)
        // 3× on the output → rasterized at the step above 3, 2^(5/3) ≈ 3.17 pixels per point (text steps are
        // 2^(1/3) apart; shapes and gradients take the power of two above).
        #expect(abs(Double(a.image.width) - a.rect.width * 3.1748) <= 1)
    }

    /// Text is re-rasterized when its on-screen scale times `contentsScale` passes a step of 2^(1/3) ≈ 1.26, and
    /// never above 16.
    @Test func textRasterScaleStepsBy2ToTheOneThird() {
        func scale(_ s: Double, contentsScale: Double = 1) -> Double {
            DrawListBuilder.textRasterScale(onScreen: s, contentsScale: contentsScale)
        }
        #expect(scale(0.5) == 1)
        #expect(scale(1) == 1)
        #expect(abs(scale(1.1) - 1.2599) < 1e-3)
        #expect(abs(scale(1.25) - 1.2599) < 1e-3)
        #expect(abs(scale(1.3) - 1.5874) < 1e-3)
        #expect(scale(2) == 2)
        #expect(scale(4) == 4)
        #expect(scale(2, contentsScale: 2) == 4)
        #expect(scale(100) == 16)
        #expect(scale(.nan) == 1)
    }

    @Test func plainLayersAndTransformLayersGetNoContent() {
        var scene = CompileTestScene()
        scene.add(1, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = .white }, root: true)
        let compiler = DrawListCompiler(outputSize: PixelSize(width: 20, height: 20))
        #expect(Self.kinds(compiler.compile([scene.scene])) == ["rect"])
        #expect(compiler.content.statistics.rasterized == 0)
    }
}
