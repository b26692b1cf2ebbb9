import AnimCore
import Testing

@testable import AnimRender

@Suite("DrawListCompiler geometry and order")
struct CompileGeometryTests {
    @Test func aRootIsPlacedByItsFrameInOutputPixels() {
        var t = CompileTestScene()
        t.add(1, layerState(Rect(x: 10, y: 20, width: 30, height: 40)) { $0.backgroundColor = red }, root: true)
        let list = t.compile()
        #expect(list.size == PixelSize(width: 100, height: 100))
        #expect(list.clearColor == .black)
        #expect(
            list.items == [
                .rect(
                    RectDraw(transform: translation(10, 20), rect: Rect(x: 0, y: 0, width: 30, height: 40), color: red))
            ])
    }

    @Test func anchorPointAndTransformPlaceTheLayer() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 10, height: 10)) {
                $0.backgroundColor = red
                $0.anchorPoint = Point(x: 0, y: 1)
                $0.position = Point(x: 50, y: 50)
                $0.transform = .scale(2, 3, 1)
            }, root: true)
        let rect = try #require(t.compile().items.first?.rectDraw)
        // The anchor (0, 10) stays on the position; the bounds grow away from it.
        #expect(rect.transform.project(0, 10) == Point(x: 50, y: 50))
        #expect(rect.outputBox == Rect(x: 50, y: 20, width: 20, height: 30))
    }

    @Test func sublayersComposeThroughTheirSuperlayer() throws {
        var t = CompileTestScene()
        t.add(
            1, layerState(Rect(x: 10, y: 10, width: 80, height: 80)) { $0.bounds.origin = Point(x: 5, y: 5) },
            sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 20, y: 30, width: 10, height: 10)) { $0.backgroundColor = red })
        let rect = try #require(t.compile().items.first?.rectDraw)
        // The superlayer's bounds origin (5, 5) sits at its top-left corner (10, 10).
        #expect(rect.outputBox == Rect(x: 25, y: 35, width: 10, height: 10))
    }

    @Test func sublayerTransformPerspectiveScalesAroundTheCentre() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 200, height: 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 500)
            },
            sublayers: [2], root: true)
        t.add(
            2,
            layerState(Rect(x: 50, y: 50, width: 100, height: 100)) {
                $0.backgroundColor = red
                $0.zPosition = 100
            })
        let rect = try #require(t.compile(width: 200, height: 200).items.first?.rectDraw)
        // z = 100 with d = 500: w = 0.8, so the layer grows by 1.25 about the container's centre (100, 100).
        #expect(rect.outputBox == Rect(x: 37.5, y: 37.5, width: 125, height: 125))
    }

    /// A container between the perspective and the layer: a plain layer flattens the layer's depth away, a
    /// CATransformLayer keeps it.
    private func depthScene(container: LayerClass) -> CompileTestScene {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 200, height: 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 500)
            },
            sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 200, height: 200), class: container), sublayers: [3])
        t.add(
            3,
            layerState(Rect(x: 50, y: 50, width: 100, height: 100)) {
                $0.backgroundColor = red
                $0.transform = .translation(0, 0, 100)
            })
        return t
    }

    @Test func aPlainLayerFlattensItsSublayersIntoItsPlane() throws {
        let rect = try #require(depthScene(container: .layer).compile(width: 200, height: 200).items.first?.rectDraw)
        #expect(rect.outputBox == Rect(x: 50, y: 50, width: 100, height: 100))
    }

    @Test func aTransformLayerKeepsItsSublayersIn3D() throws {
        let items = depthScene(container: .transformLayer).compile(width: 200, height: 200).items
        #expect(items.count == 1)
        let rect = try #require(items.first?.rectDraw)
        #expect(rect.outputBox == Rect(x: 37.5, y: 37.5, width: 125, height: 125))
    }

    @Test func siblingsSortByZPositionAndKeepArrayOrderOnTies() {
        var t = CompileTestScene()
        t.add(1, layerState(Rect(x: 0, y: 0, width: 100, height: 100)), sublayers: [2, 3, 4, 5], root: true)
        let colours = [red, green, blue, Color.white]
        let zs: [Double] = [1, 0, -1, 0]
        for i in 0..<4 {
            t.add(
                UInt32(2 + i),
                layerState(Rect(x: Double(i) * 10, y: 0, width: 10, height: 10)) {
                    $0.backgroundColor = colours[i]
                    $0.zPosition = zs[i]
                })
        }
        #expect(t.compile().items.compactMap { $0.rectDraw?.color } == [blue, green, .white, red])
    }

    @Test func aTransformLayerPaintsItsSublayersFarthestFirst() {
        func scene(_ container: LayerClass) -> CompileTestScene {
            var t = CompileTestScene()
            t.add(
                1, layerState(Rect(x: 0, y: 0, width: 100, height: 100), class: container), sublayers: [2, 3, 4],
                root: true)
            // Through a nested transform layer, the red layer sits nearest (z = 20), blue in the middle.
            t.add(2, layerState(Rect(x: 0, y: 0, width: 100, height: 100), class: .transformLayer), sublayers: [5])
            t.add(
                3,
                layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                    $0.backgroundColor = blue
                    $0.transform = .translation(0, 0, 10)
                })
            t.add(4, layerState(Rect(x: 0, y: 0, width: 50, height: 50)) { $0.backgroundColor = green })
            t.add(
                5,
                layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                    $0.backgroundColor = red
                    $0.transform = .translation(0, 0, 20)
                })
            return t
        }
        #expect(scene(.transformLayer).compile().items.compactMap { $0.rectDraw?.color } == [green, blue, red])
        // A plain container paints in tree order (the nested transform layer's red first).
        #expect(scene(.layer).compile().items.compactMap { $0.rectDraw?.color } == [red, blue, green])
    }

    @Test func hiddenLayersDrawNothingWithTheirSubtrees() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 50, height: 50)) {
                $0.backgroundColor = red
                $0.hidden = true
            }, sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = blue })
        t.add(3, layerState(Rect(x: 50, y: 50, width: 10, height: 10)) { $0.backgroundColor = green }, root: true)
        #expect(t.compile().items.compactMap { $0.rectDraw?.color } == [green])
    }

    @Test func singleSidedLayersSeenFromBehindAreCulled() {
        func items(doubleSided: Bool, transform: Transform3D) -> [Color] {
            var t = CompileTestScene()
            t.add(
                1,
                layerState(Rect(x: 20, y: 20, width: 40, height: 40)) {
                    $0.backgroundColor = red
                    $0.doubleSided = doubleSided
                    $0.transform = transform
                }, sublayers: [2], root: true)
            t.add(2, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = blue })
            return t.compile().items.compactMap { $0.rectDraw?.color }
        }
        let flipped = Transform3D.rotation(.pi, 0, 1, 0)
        #expect(items(doubleSided: false, transform: flipped) == [])
        #expect(items(doubleSided: true, transform: flipped) == [red, blue])
        #expect(items(doubleSided: false, transform: .scale(-1, 1, 1)) == [])
        #expect(items(doubleSided: false, transform: .rotation(.pi / 3, 0, 1, 0)) == [red, blue])
    }

    @Test func quadsWithACornerBehindTheEyeAreDropped() {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.sublayerTransform = .perspective(eyeDistance: 100)
            }, sublayers: [2, 3], root: true)
        // Tilted 60° about x, 300 tall: one edge comes 130 toward the viewer, past the eye at 100; the other
        // stays in front.
        t.add(
            2,
            layerState(Rect(x: 0, y: -100, width: 100, height: 300)) {
                $0.backgroundColor = red
                $0.transform = .rotation(.pi / 3, 1, 0, 0)
            })
        t.add(3, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = blue })
        #expect(t.compile().items.compactMap { $0.rectDraw?.color } == [blue])
    }

    @Test func itemsOutsideTheOutputAreDropped() {
        var t = CompileTestScene()
        t.add(1, layerState(Rect(x: 100, y: 0, width: 10, height: 10)) { $0.backgroundColor = red }, root: true)
        t.add(2, layerState(Rect(x: -10, y: -10, width: 10, height: 10)) { $0.backgroundColor = red }, root: true)
        t.add(3, layerState(Rect(x: 99.5, y: 99.5, width: 10, height: 10)) { $0.backgroundColor = blue }, root: true)
        #expect(t.compile().items.compactMap { $0.rectDraw?.color } == [blue])
    }

    @Test func backgroundAndBorderRadiiFollowMaskedCornersClampedToHalfTheShorterSide() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 40, height: 20)) {
                $0.backgroundColor = red
                $0.cornerRadius = 15
                $0.maskedCorners = Double(CornerMask([.minXMinY, .maxXMaxY]).rawValue)
                $0.borderWidth = 2
                $0.borderColor = blue
            }, sublayers: [2], root: true)
        t.add(2, layerState(Rect(x: 0, y: 0, width: 5, height: 5)) { $0.backgroundColor = green })
        let items = t.compile().items
        let radii = CornerRadii(topLeft: 10, topRight: 0, bottomLeft: 0, bottomRight: 10)
        let bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        #expect(items.count == 3)
        #expect(items.first == .rect(RectDraw(transform: translation(10, 10), rect: bounds, radii: radii, color: red)))
        #expect(items.dropFirst().first?.rectDraw?.color == green)
        #expect(
            items.last
                == .rect(
                    RectDraw(transform: translation(10, 10), rect: bounds, radii: radii, color: blue, borderWidth: 2)))
    }

    @Test func scenesFollowEachOtherInOrder() {
        var a = CompileTestScene()
        a.add(1, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = red }, root: true)
        var b = CompileTestScene()
        b.add(1, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = blue }, root: true)
        let list = DrawListCompiler(outputSize: PixelSize(width: 20, height: 20), clearColor: .white).compile([
            a.scene, b.scene,
        ])
        #expect(list.clearColor == .white)
        #expect(list.items.compactMap { $0.rectDraw?.color } == [red, blue])
    }

    @Test func aCycleInAMalformedSceneIsCutOff() {
        var t = CompileTestScene()
        t.add(
            1, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = red }, sublayers: [1],
            root: true)
        #expect(t.compile().items.count == DrawListBuilder.maximumDepth)
    }
}
