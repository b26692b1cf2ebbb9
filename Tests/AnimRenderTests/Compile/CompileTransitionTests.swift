@testable import AnimCore
import Testing

@testable import AnimRender

@Suite("DrawListCompiler transitions and compileLayer")
struct CompileTransitionTests {
    private let frame = Rect(x: 40, y: 40, width: 40, height: 20)
    private let local = Rect(x: 0, y: 0, width: 40, height: 20)

    /// Layer 1 at `frame` is blue now and was red in the snapshot.
    private func transitionScene(
        _ type: TransitionAnimation.TransitionType, _ subtype: TransitionAnimation.Subtype, progress: Double,
        snapshot: Bool = true
    ) -> DrawList {
        let old = SceneLayer(id: LayerID(1), state: layerState(frame) { $0.backgroundColor = red }, sublayers: [])
        var t = CompileTestScene()
        t.add(
            1, layerState(frame) { $0.backgroundColor = blue }, root: true,
            transition: TransitionProgress(type: type, subtype: subtype, progress: progress, key: "transition"),
            from: snapshot ? SubtreeSnapshot(root: LayerID(1), layers: [LayerID(1): old]) : nil)
        return t.compile(width: 200, height: 200)
    }

    private func rect(_ color: Color, at x: Double, _ y: Double) -> DrawItem {
        .rect(RectDraw(transform: translation(x, y), rect: local, color: color))
    }

    private func fade(_ sides: [(Color, Double)]) -> [DrawItem] {
        let bounds = PixelRect(x: 40, y: 40, width: 40, height: 20)
        let groups = sides.map { colour, opacity in
            DrawItem.group(GroupDraw(bounds: bounds, items: [rect(colour, at: 40, 40)], opacity: opacity, blend: .add))
        }
        return [.group(GroupDraw(bounds: bounds, items: groups))]
    }

    @Test func fadeAddsTheTwoSidesAtComplementaryOpacities() {
        #expect(
            transitionScene(.fade, .fromLeft, progress: 0)
                == DrawList(size: PixelSize(width: 200, height: 200), items: fade([(red, 1)])))
        #expect(transitionScene(.fade, .fromLeft, progress: 0.5).items == fade([(red, 0.5), (blue, 0.5)]))
        #expect(transitionScene(.fade, .fromRight, progress: 1).items == fade([(blue, 1)]))
    }

    @Test func moveInSlidesTheNewSideOverTheStillOldOne() {
        #expect(
            transitionScene(.moveIn, .fromLeft, progress: 0).items == [rect(red, at: 40, 40), rect(blue, at: 0, 40)])
        #expect(
            transitionScene(.moveIn, .fromLeft, progress: 0.5).items == [rect(red, at: 40, 40), rect(blue, at: 20, 40)])
        #expect(
            transitionScene(.moveIn, .fromLeft, progress: 1).items == [rect(red, at: 40, 40), rect(blue, at: 40, 40)])
        #expect(
            transitionScene(.moveIn, .fromBottom, progress: 0.5).items == [
                rect(red, at: 40, 40), rect(blue, at: 40, 50),
            ])
    }

    @Test func pushMovesBothSides() {
        #expect(
            transitionScene(.push, .fromRight, progress: 0).items == [rect(red, at: 40, 40), rect(blue, at: 80, 40)])
        #expect(
            transitionScene(.push, .fromRight, progress: 0.5).items == [rect(red, at: 20, 40), rect(blue, at: 60, 40)])
        #expect(
            transitionScene(.push, .fromRight, progress: 1).items == [rect(red, at: 0, 40), rect(blue, at: 40, 40)])
        #expect(
            transitionScene(.push, .fromTop, progress: 0.5).items == [rect(red, at: 40, 50), rect(blue, at: 40, 30)])
    }

    @Test func revealMovesTheOldSideOffTheStillNewOne() {
        #expect(
            transitionScene(.reveal, .fromTop, progress: 0).items == [rect(blue, at: 40, 40), rect(red, at: 40, 40)])
        #expect(
            transitionScene(.reveal, .fromTop, progress: 0.5).items == [rect(blue, at: 40, 40), rect(red, at: 40, 50)])
        #expect(
            transitionScene(.reveal, .fromTop, progress: 1).items == [rect(blue, at: 40, 40), rect(red, at: 40, 60)])
        #expect(
            transitionScene(.reveal, .fromLeft, progress: 0.5).items == [rect(blue, at: 40, 40), rect(red, at: 60, 40)])
    }

    @Test func withoutASnapshotOnlyTheNewStateDraws() {
        #expect(transitionScene(.push, .fromLeft, progress: 0.5, snapshot: false).items == [rect(blue, at: 40, 40)])
    }

    @Test func theOldSubtreeComesFromTheSnapshotAndSlidesAlongTheLayersAxes() throws {
        // The layer is turned a quarter: a slide along its x runs down the output.
        var oldState = layerState(frame) { $0.transform = .scale(1, 1, 1) }
        oldState.backgroundColor = red
        let oldChild = SceneLayer(
            id: LayerID(5), state: layerState(Rect(x: 0, y: 0, width: 5, height: 5)) { $0.backgroundColor = green },
            sublayers: [])
        let snapshot = SubtreeSnapshot(
            root: LayerID(1),
            layers: [
                LayerID(1): SceneLayer(id: LayerID(1), state: oldState, sublayers: [LayerID(5)]), LayerID(5): oldChild,
            ])
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 80, y: 80, width: 40, height: 40)) {
                $0.backgroundColor = blue
                $0.transform = .scale(-1, 1, 1)
            }, root: true,
            transition: TransitionProgress(type: .moveIn, subtype: .fromLeft, progress: 0.5, key: nil), from: snapshot)
        let items = t.compile(width: 200, height: 200).items
        #expect(items.compactMap { $0.rectDraw?.color } == [red, green, blue])
        // New side: 40 wide, mirrored in x, slid by −20 of its own units, which is +20 on the output.
        #expect(items.last?.rectDraw?.outputBox == Rect(x: 100, y: 80, width: 40, height: 40))
        #expect(items.first?.rectDraw?.outputBox == Rect(x: 40, y: 40, width: 40, height: 20))
    }

    @Test func compileLayerDrawsTheSubtreeAtTheBoundsOriginOnTransparent() throws {
        var t = CompileTestScene()
        t.add(1, layerState(Rect(x: 0, y: 0, width: 300, height: 300)), sublayers: [2], root: true)
        t.add(
            2,
            layerState(Rect(x: 500, y: 500, width: 30.5, height: 20)) {
                $0.bounds.origin = Point(x: 5, y: 5)
                $0.transform = .rotation(0.3, 0, 0, 1)
                $0.backgroundColor = red
            }, sublayers: [3])
        t.add(3, layerState(Rect(x: 10, y: 10, width: 10, height: 10)) { $0.backgroundColor = blue })
        let compiler = DrawListCompiler(outputSize: PixelSize(width: 100, height: 100))
        let list = try #require(compiler.compileLayer(LayerID(2), in: t.scene))
        #expect(list.size == PixelSize(width: 31, height: 20))
        #expect(list.clearColor == .clear)
        #expect(
            list.items.first
                == .rect(
                    RectDraw(
                        transform: translation(-5, -5), rect: Rect(x: 5, y: 5, width: 30.5, height: 20), color: red)))
        #expect(list.items.last?.rectDraw?.outputBox == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(compiler.compileLayer(LayerID(9), in: t.scene) == nil)
    }

    @Test func compileLayerOfEmptyBoundsIsOnePixel() throws {
        var t = CompileTestScene()
        t.add(1, layerState(.zero), root: true)
        let list = try #require(
            DrawListCompiler(outputSize: PixelSize(width: 10, height: 10)).compileLayer(LayerID(1), in: t.scene))
        #expect(list.size == PixelSize(width: 1, height: 1))
        #expect(list.items == [])
    }
}
