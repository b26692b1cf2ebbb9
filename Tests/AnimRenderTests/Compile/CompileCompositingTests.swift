import AnimCore
import Testing

@testable import AnimRender

@Suite("DrawListCompiler opacity, clips and masks")
struct CompileCompositingTests {
    private let square = Rect(x: 0, y: 0, width: 50, height: 50)

    /// A red 50x50 layer at (10, 10) with a blue 20x20 sublayer at its origin.
    private func parentAndChild(_ configure: (inout LayerState) -> Void) -> CompileTestScene {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 50, height: 50)) {
                $0.backgroundColor = red
                configure(&$0)
            }, sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = blue })
        return t
    }

    @Test func groupOpacityWrapsMoreThanOneItem() {
        let items = parentAndChild { $0.opacity = 0.5 }.compile().items
        let expected = GroupDraw(
            bounds: PixelRect(x: 10, y: 10, width: 50, height: 50),
            items: [
                .rect(RectDraw(transform: translation(10, 10), rect: square, color: red)),
                .rect(
                    RectDraw(
                        transform: flatTranslation(10, 10), rect: Rect(x: 0, y: 0, width: 20, height: 20), color: blue)),
            ], opacity: 0.5)
        #expect(items == [.group(expected)])
    }

    @Test func aSingleItemTakesTheOpacityInItsAlpha() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 50, height: 50)) {
                $0.backgroundColor = red.withAlpha(0.8)
                $0.opacity = 0.5
            }, root: true)
        #expect(
            t.compile().items == [
                .rect(RectDraw(transform: translation(10, 10), rect: square, color: red.withAlpha(0.4)))
            ])
    }

    @Test func withoutGroupOpacityEveryDescendantTakesTheAlpha() {
        let items = parentAndChild {
            $0.opacity = 0.5
            $0.allowsGroupOpacity = false
        }.compile().items
        #expect(items.compactMap { $0.rectDraw?.color } == [red.withAlpha(0.5), blue.withAlpha(0.5)])
    }

    @Test func perItemOpacityMultipliesIntoNestedGroups() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.opacity = 0.5
                $0.allowsGroupOpacity = false
            }, sublayers: [2, 4], root: true)
        t.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.opacity = 0.5
            }, sublayers: [3])
        t.add(3, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = blue })
        t.add(
            4,
            layerState(Rect(x: 60, y: 60, width: 10, height: 10)) {
                $0.backgroundColor = green
                $0.opacity = 0.5
                $0.allowsGroupOpacity = false
            })
        let items = t.compile().items
        #expect(items.count == 2)
        let group = try #require(items.first?.groupDraw)
        #expect(group.opacity == 0.25)
        #expect(group.items.compactMap { $0.rectDraw?.color } == [red, blue])
        #expect(items.last?.rectDraw?.color == green.withAlpha(0.25))
    }

    @Test func opacityZeroDrawsNothing() {
        #expect(parentAndChild { $0.opacity = 0 }.compile().items == [])
    }

    @Test func aTransformLayersOpacityAppliesToEachSublayer() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100), class: .transformLayer) {
                $0.opacity = 0.5
                $0.backgroundColor = green
            }, sublayers: [2, 3], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 50, height: 50)) { $0.backgroundColor = red })
        t.add(3, layerState(Rect(x: 25, y: 25, width: 50, height: 50)) { $0.backgroundColor = blue })
        // No group, and nothing of the transform layer's own (its background colour is ignored).
        #expect(t.compile().items.compactMap { $0.rectDraw?.color } == [red.withAlpha(0.5), blue.withAlpha(0.5)])
    }

    @Test func masksToBoundsOnWholePixelsClipsContentAndSublayersByPixels() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.masksToBounds = true
                $0.borderWidth = 1
            }, sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 40, y: 40, width: 50, height: 50)) { $0.backgroundColor = blue }, sublayers: [3])
        t.add(3, layerState(Rect(x: 0, y: 0, width: 5, height: 5)) { $0.backgroundColor = green })
        let clip = PixelRect(x: 10, y: 10, width: 50, height: 50)
        #expect(
            t.compile().items == [
                .rect(RectDraw(transform: translation(10, 10), rect: square, color: red)),
                .rect(RectDraw(transform: flatTranslation(50, 50), rect: square, color: blue, clip: clip)),
                .rect(
                    RectDraw(
                        transform: flatTranslation(50, 50), rect: Rect(x: 0, y: 0, width: 5, height: 5), color: green,
                        clip: clip)),
                .rect(RectDraw(transform: translation(10, 10), rect: square, color: .black, borderWidth: 1)),
            ])
    }

    @Test func nestedPixelClipsIntersect() throws {
        var t = CompileTestScene()
        t.add(
            1, layerState(Rect(x: 10, y: 10, width: 50, height: 50)) { $0.masksToBounds = true }, sublayers: [2],
            root: true)
        t.add(2, layerState(Rect(x: 30, y: 30, width: 50, height: 50)) { $0.masksToBounds = true }, sublayers: [3])
        t.add(3, layerState(Rect(x: 0, y: 0, width: 50, height: 50)) { $0.backgroundColor = blue })
        let rect = try #require(t.compile().items.first?.rectDraw)
        #expect(rect.clip == PixelRect(x: 40, y: 40, width: 20, height: 20))
    }

    @Test func masksToBoundsWithRoundedCornersMasksAGroup() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.masksToBounds = true
                $0.cornerRadius = 8
            }, sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 40, y: 40, width: 50, height: 50)) { $0.backgroundColor = blue })
        let radii = CornerRadii(radius: 8)
        #expect(
            t.compile().items == [
                .rect(RectDraw(transform: translation(10, 10), rect: square, radii: radii, color: red)),
                .group(
                    GroupDraw(
                        bounds: PixelRect(x: 50, y: 50, width: 10, height: 10),
                        items: [.rect(RectDraw(transform: flatTranslation(50, 50), rect: square, color: blue))],
                        mask: [
                            .rect(RectDraw(transform: translation(10, 10), rect: square, radii: radii, color: .white))
                        ])),
            ])
    }

    @Test func masksToBoundsOffWholePixelsMasksAGroup() throws {
        var t = CompileTestScene()
        t.add(
            1, layerState(Rect(x: 10.5, y: 10, width: 50, height: 50)) { $0.masksToBounds = true }, sublayers: [2],
            root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 80, height: 80)) { $0.backgroundColor = blue })
        let group = try #require(t.compile().items.first?.groupDraw)
        #expect(group.bounds == PixelRect(x: 10, y: 10, width: 51, height: 50))
        #expect(group.mask == [.rect(RectDraw(transform: translation(10.5, 10), rect: square, color: .white))])
    }

    @Test func aMaskLayersOwnAndSublayerOpacityMakeTheMask() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.backgroundColor = red
                $0.mask = LayerID(2)
            }, root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 100, height: 100)) { $0.opacity = 0.5 }, sublayers: [3, 4])
        t.add(
            3,
            layerState(Rect(x: 0, y: 0, width: 50, height: 100)) {
                $0.backgroundColor = .white
                $0.opacity = 0.25
            })
        t.add(4, layerState(Rect(x: 50, y: 0, width: 50, height: 100)) { $0.backgroundColor = .white })
        let items = t.compile().items
        #expect(items.count == 1)
        let group = try #require(items.first?.groupDraw)
        #expect(group.bounds == PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(
            group.items == [
                .rect(RectDraw(transform: .identity, rect: Rect(x: 0, y: 0, width: 100, height: 100), color: red))
            ])
        // The mask's own opacity 0.5 groups its two sublayers; the first one's 0.25 is in its alpha.
        let mask = try #require(group.mask?.first?.groupDraw)
        #expect(group.mask?.count == 1)
        #expect(mask.opacity == 0.5)
        #expect(mask.items.compactMap { $0.rectDraw?.color } == [Color.white.withAlpha(0.25), .white])
        #expect(
            mask.items.compactMap { $0.rectDraw?.outputBox } == [
                Rect(x: 0, y: 0, width: 50, height: 100), Rect(x: 50, y: 0, width: 50, height: 100),
            ])
    }

    @Test func aMaskIsPlacedInTheMaskedLayersSpaceWithoutItsSublayerTransform() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 20, y: 20, width: 60, height: 60)) {
                $0.backgroundColor = red
                $0.mask = LayerID(2)
                $0.sublayerTransform = .translation(100, 0, 0)
            }, root: true)
        t.add(2, layerState(Rect(x: 10, y: 10, width: 20, height: 20)) { $0.backgroundColor = .white })
        let group = try #require(t.compile().items.first?.groupDraw)
        #expect(group.mask?.first?.rectDraw?.outputBox == Rect(x: 30, y: 30, width: 20, height: 20))
        #expect(group.bounds == PixelRect(x: 30, y: 30, width: 20, height: 20))
    }

    @Test func masksToBoundsAndAMaskNestTwoGroups() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.cornerRadius = 10
                $0.masksToBounds = true
                $0.mask = LayerID(2)
            }, sublayers: [3], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 40, height: 40)) { $0.backgroundColor = .white })
        t.add(3, layerState(Rect(x: 0, y: 0, width: 50, height: 50)) { $0.backgroundColor = blue })
        let outer = try #require(t.compile().items.first?.groupDraw)
        #expect(outer.bounds == PixelRect(x: 0, y: 0, width: 40, height: 40))
        #expect(outer.mask?.compactMap { $0.rectDraw?.outputBox } == [Rect(x: 0, y: 0, width: 40, height: 40)])
        #expect(outer.items.count == 2)
        #expect(outer.items.first?.rectDraw?.color == red)
        let inner = try #require(outer.items.last?.groupDraw)
        #expect(inner.items.compactMap { $0.rectDraw?.color } == [blue])
        #expect(inner.mask?.first?.rectDraw?.radii == CornerRadii(radius: 10))
    }

    @Test func aHiddenMaskHidesTheLayer() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.mask = LayerID(2)
            }, root: true)
        t.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = .white
                $0.hidden = true
            })
        #expect(t.compile().items == [])
    }
}
