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
        // σ = shadowRadius. Source box 40x40+20+20 moved by (3, 4), grown by ⌈3σ⌉ + 1 = 13.
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 10, y: 11, width: 66, height: 66), source: [body], offsetX: 3, offsetY: 4, sigma: 4,
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
        #expect(shadow.sigma == 6)
        #expect(shadow.color == blue)
        // Source 40x40+30+30, moved by (2, −4), grown by 19.
        #expect(shadow.bounds == PixelRect(x: 13, y: 7, width: 78, height: 78))
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
        #expect(abs(shadow.sigma - 2) < 1e-12)
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
        // Moved by (40, 0), grown by 1, and not cut at the output's top edge: the blur reaches past it.
        #expect(shadow.bounds == PixelRect(x: 9, y: -1, width: 22, height: 22))
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

    @Test func masksToBoundsClipsTheShadowByPixelsOrByTheRoundedBounds() throws {
        func scene(cornerRadius: Double) -> CompileTestScene {
            var t = CompileTestScene()
            t.add(
                1,
                layerState(Rect(x: 20, y: 20, width: 40, height: 40)) {
                    $0.backgroundColor = red
                    $0.masksToBounds = true
                    $0.cornerRadius = cornerRadius
                    $0.shadowOpacity = 1
                    $0.shadowOffset = Size(width: 6, height: 6)
                    $0.shadowRadius = 2
                }, root: true)
            return t
        }
        let bounds = PixelRect(x: 20, y: 20, width: 40, height: 40)
        // Square corners on whole pixels: the shadow's clip is the bounds; its own bounds stay whole (source
        // moved by (6, 6), grown by 7) so that it is blurred before it is clipped.
        let square = try #require(scene(cornerRadius: 0).compile().items.first?.shadowDraw)
        #expect(square.clip == bounds)
        #expect(square.bounds == PixelRect(x: 19, y: 19, width: 54, height: 54))
        // Rounded corners: the shadow goes into a group masked by the rounded bounds.
        let group = try #require(scene(cornerRadius: 8).compile().items.first?.groupDraw)
        #expect(group.items.count == 1)
        #expect(group.items.first?.shadowDraw != nil)
        #expect(group.mask?.first?.rectDraw?.radii == CornerRadii(radius: 8))
        #expect(group.bounds == bounds)
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
