import AnimCore
import Testing

@testable import AnimRender

@Suite("DrawListCompiler shadows")
struct CompileShadowTests {
    private let square = Rect(x: 0, y: 0, width: 40, height: 40)

    @Test func aShadowGoesUnderTheLayerWithItsOffsetSigmaAndBounds() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 20, y: 20, width: 40, height: 40)) {
                $0.backgroundColor = red
                $0.shadowOpacity = 0.5
                $0.shadowOffset = Size(width: 3, height: 4)
                $0.shadowRadius = 4
            }, root: true)
        let body = DrawItem.rect(RectDraw(transform: translation(20, 20), rect: square, color: red))
        // Source box 40x40+20+20 moved by (3, 4), grown by ⌈3σ⌉ + 1 = 7.
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 16, y: 17, width: 54, height: 54), source: [body], offsetX: 3, offsetY: 4, sigma: 2,
            color: Color.black.withAlpha(0.5))
        #expect(t.compile().items == [.shadow(shadow), body])
    }

    @Test func offsetAndSigmaFollowTheWorldTransformAtTheAnchor() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 40, y: 40, width: 20, height: 20)) {
                $0.backgroundColor = red
                $0.transform = .scale(2, 2, 1)
                $0.shadowOpacity = 1
                $0.shadowColor = blue
                $0.shadowOffset = Size(width: 1, height: -2)
                $0.shadowRadius = 3
            }, root: true)
        let shadow = try #require(t.compile().items.first?.shadowDraw)
        #expect(shadow.offsetX == 2)
        #expect(shadow.offsetY == -4)
        #expect(shadow.sigma == 3)
        #expect(shadow.color == blue)
        // Source 40x40+30+30, moved by (2, −4), grown by 10.
        #expect(shadow.bounds == PixelRect(x: 22, y: 16, width: 60, height: 60))
    }

    @Test func aRotatedLayersShadowOffsetTurnsWithIt() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 40, y: 40, width: 20, height: 20)) {
                $0.backgroundColor = red
                $0.transform = .rotation(.pi / 2, 0, 0, 1)
                $0.shadowOpacity = 1
                $0.shadowOffset = Size(width: 3, height: 0)
                $0.shadowRadius = 2
            }, root: true)
        let shadow = try #require(t.compile().items.first?.shadowDraw)
        #expect(abs(shadow.offsetX) < 1e-12)
        #expect(abs(shadow.offsetY - 3) < 1e-12)
        #expect(abs(shadow.sigma - 1) < 1e-12)
    }

    @Test func aShadowPathIsTheSourceAsAWhitePath() {
        let path = BezierPath.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 20, height: 20)) {
                $0.shadowOpacity = 1
                $0.shadowOffset = .zero
                $0.shadowRadius = 0
                $0.shadowPath = path
            }, root: true)
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 9, y: 9, width: 12, height: 12),
            source: [.path(PathDraw(transform: translation(10, 10), path: path, color: .white))], offsetX: 0,
            offsetY: 0, sigma: 0, color: .black)
        #expect(t.compile().items == [.shadow(shadow)])
    }

    @Test func contentOutsideTheOutputCastsAShadowIntoIt() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: -30, y: 0, width: 20, height: 20)) {
                $0.backgroundColor = red
                $0.shadowOpacity = 1
                $0.shadowOffset = Size(width: 40, height: 0)
                $0.shadowRadius = 0
            }, root: true)
        let items = t.compile().items
        #expect(items.count == 1)
        let shadow = try #require(items.first?.shadowDraw)
        #expect(shadow.source.compactMap { $0.rectDraw?.outputBox } == [Rect(x: -30, y: 0, width: 20, height: 20)])
        #expect(shadow.bounds == PixelRect(x: 9, y: 0, width: 22, height: 21))
    }

    @Test func theSourceHoldsNoShadowsAndPerItemOpacityTintsTheShadow() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.opacity = 0.5
                $0.allowsGroupOpacity = false
            }, sublayers: [2], root: true)
        t.add(
            2,
            layerState(Rect(x: 20, y: 20, width: 40, height: 40)) {
                $0.backgroundColor = red
                $0.shadowOpacity = 0.5
                $0.shadowRadius = 0
            }, sublayers: [3])
        t.add(
            3,
            layerState(Rect(x: 0, y: 0, width: 10, height: 10)) {
                $0.backgroundColor = blue
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
            })
        let items = t.compile().items
        #expect(items.count == 4)
        let outer = try #require(items.first?.shadowDraw)
        #expect(outer.color == Color.black.withAlpha(0.25))
        // Full-strength source items, no shadow among them.
        #expect(outer.source.compactMap { $0.rectDraw?.color } == [red, blue])
        #expect(outer.source.count == 2)
        #expect(items[1].rectDraw?.color == red.withAlpha(0.5))
        #expect(items[2].shadowDraw?.color == Color.black.withAlpha(0.5))
        #expect(items[3].rectDraw?.color == blue.withAlpha(0.5))
    }

    @Test func transformLayersAndLayersWithoutShadowColourCastNone() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50), class: .transformLayer) {
                $0.shadowOpacity = 1
            }, sublayers: [2], root: true)
        t.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.shadowOpacity = 1
                $0.shadowColor = nil
            })
        #expect(t.compile().items.map { $0.rectDraw != nil } == [true])
    }
}
