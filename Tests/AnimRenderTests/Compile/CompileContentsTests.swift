import AnimCore
import Testing

@testable import AnimRender

@Suite("DrawListCompiler contents")
struct CompileContentsTests {
    private let bounds = Rect(x: 0, y: 0, width: 100, height: 50)

    @Test(arguments: [
        ("center", Rect(x: 45, y: 22.5, width: 10, height: 5)),
        ("top", Rect(x: 45, y: 45, width: 10, height: 5)),
        ("bottom", Rect(x: 45, y: 0, width: 10, height: 5)),
        ("left", Rect(x: 0, y: 22.5, width: 10, height: 5)),
        ("right", Rect(x: 90, y: 22.5, width: 10, height: 5)),
        ("topLeft", Rect(x: 0, y: 45, width: 10, height: 5)),
        ("topRight", Rect(x: 90, y: 45, width: 10, height: 5)),
        ("bottomLeft", Rect(x: 0, y: 0, width: 10, height: 5)),
        ("bottomRight", Rect(x: 90, y: 0, width: 10, height: 5)),
        ("resize", Rect(x: 0, y: 0, width: 100, height: 50)),
        ("bogus", Rect(x: 0, y: 0, width: 100, height: 50)),
    ])
    func gravityPlacesContentOfItsLogicalSize(gravity: String, expected: Rect) {
        // "bottom" is the minimum y, "top" the maximum y (docs/core-animation-rules.md#layer-properties).
        #expect(ContentsLayout.gravityRect(gravity, content: Size(width: 10, height: 5), in: bounds) == expected)
    }

    @Test func aspectGravitiesFitAndFillCentred() {
        let square = Size(width: 20, height: 20)
        #expect(
            ContentsLayout.gravityRect("resizeAspect", content: square, in: bounds)
                == Rect(x: 25, y: 0, width: 50, height: 50))
        #expect(
            ContentsLayout.gravityRect("resizeAspectFill", content: square, in: bounds)
                == Rect(x: 0, y: -25, width: 100, height: 100))
    }

    @Test func contentsBecomeAnImageDrawWithScaleRectAndFilters() throws {
        var t = CompileTestScene()
        let image = t.addImage(7, width: 40, height: 20)
        t.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 100, height: 50)) {
                $0.contents = ImageID(7)
                $0.contentsGravity = "center"
                $0.contentsScale = 2
                $0.contentsRect = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.5)
                $0.minificationFilter = "trilinear"
                $0.magnificationFilter = "nearest"
                $0.opacity = 0.5
            }, root: true)
        // Source 20x10 pixels, 10x5 units at scale 2, centred.
        let expected = ImageDraw(
            transform: translation(10, 10), rect: Rect(x: 45, y: 22.5, width: 10, height: 5), image: image,
            source: Rect(x: 10, y: 10, width: 20, height: 10), minificationFilter: .trilinear,
            magnificationFilter: .nearest, alpha: 0.5)
        #expect(t.compile(width: 200, height: 200).items == [.image(expected)])
    }

    @Test func contentsRectOutsideTheUnitSquarePassesThroughAndUnknownFiltersAreLinear() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 40, height: 20)) {
                $0.contents = ImageID(3)
                $0.contentsRect = Rect(x: -0.5, y: 0, width: 2, height: 1)
                $0.minificationFilter = "cubic"
            }, root: true)
        _ = t.addImage(3, width: 40, height: 20)
        let image = try #require(t.compile().items.first?.imageDraw)
        #expect(image.source == Rect(x: -20, y: 0, width: 80, height: 20))
        #expect(image.rect == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(image.minificationFilter == .linear)
        #expect(image.magnificationFilter == .linear)
        #expect(!image.clampToSource)
    }

    @Test func contentsDrawBetweenBackgroundAndSublayersAndAMissingImageDrawsNothing() {
        var t = CompileTestScene()
        _ = t.addImage(1, width: 4, height: 4)
        t.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 40, height: 20)) {
                $0.backgroundColor = red
                $0.contents = ImageID(1)
                $0.borderWidth = 1
            }, sublayers: [2], root: true)
        t.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 40, height: 20)) {
                $0.backgroundColor = blue
                $0.contents = ImageID(99)
            })
        let kinds = t.compile().items.map { item -> String in
            if let r = item.rectDraw {
                return r.borderWidth == nil ? "fill \(r.color == red ? "red" : "blue")" : "border"
            }
            return item.imageDraw != nil ? "image" : "other"
        }
        #expect(kinds == ["fill red", "image", "fill blue", "border"])
    }

    private func slices(image: PixelSize, center: Rect, size: Size, scale: Double = 1) -> [ContentsLayout.Piece] {
        var state = LayerState()
        state.bounds = Rect(origin: .zero, size: size)
        state.contentsCenter = center
        state.contentsScale = scale
        return ContentsLayout.pieces(for: state, imageSize: image)
    }

    @Test func nineSliceKeepsTheCornersAndStretchesTheMiddle() {
        let pieces = slices(
            image: PixelSize(width: 40, height: 40), center: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
            size: Size(width: 100, height: 60))
        let sourceEdges: [Double] = [0, 10, 30, 40]
        let destX: [Double] = [0, 10, 90, 100]
        let destY: [Double] = [0, 10, 50, 60]
        var expected: [ContentsLayout.Piece] = []
        for row in 0..<3 {
            for column in 0..<3 {
                expected.append(
                    ContentsLayout.Piece(
                        destination: Rect(
                            x: destX[column], y: destY[row], width: destX[column + 1] - destX[column],
                            height: destY[row + 1] - destY[row]),
                        source: Rect(
                            x: sourceEdges[column], y: sourceEdges[row],
                            width: sourceEdges[column + 1] - sourceEdges[column],
                            height: sourceEdges[row + 1] - sourceEdges[row]),
                        clampToSource: true))
            }
        }
        #expect(pieces == expected)
    }

    @Test func nineSliceCornersUseTheLogicalSizeAndShrinkTogetherWhenTheyDoNotFit() {
        let center = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let image = PixelSize(width: 40, height: 40)
        // Scale 2: the 10-pixel corners are 5 units.
        let roomy = slices(image: image, center: center, size: Size(width: 30, height: 40), scale: 2)
        #expect(roomy.map(\.destination.width) == [5, 20, 5, 5, 20, 5, 5, 20, 5])
        #expect(roomy.map(\.destination.height) == [5, 5, 5, 30, 30, 30, 5, 5, 5])
        // A 6-wide layer shrinks all corners by 0.6 to 3x3; the middle column is gone.
        let tight = slices(image: image, center: center, size: Size(width: 6, height: 40), scale: 2)
        #expect(
            tight.map(\.destination) == [
                Rect(x: 0, y: 0, width: 3, height: 3), Rect(x: 3, y: 0, width: 3, height: 3),
                Rect(x: 0, y: 3, width: 3, height: 34), Rect(x: 3, y: 3, width: 3, height: 34),
                Rect(x: 0, y: 37, width: 3, height: 3), Rect(x: 3, y: 37, width: 3, height: 3),
            ])
        #expect(
            tight.map(\.source) == [
                Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 30, y: 0, width: 10, height: 10),
                Rect(x: 0, y: 10, width: 10, height: 20), Rect(x: 30, y: 10, width: 10, height: 20),
                Rect(x: 0, y: 30, width: 10, height: 10), Rect(x: 30, y: 30, width: 10, height: 10),
            ])
    }

    @Test func aZeroSizedCentreIsTheOneSourcePixelAroundIt() {
        let pieces = slices(
            image: PixelSize(width: 41, height: 41), center: Rect(x: 0.5, y: 0.5, width: 0, height: 0),
            size: Size(width: 100, height: 100))
        #expect(pieces.count == 9)
        #expect(pieces[4].source == Rect(x: 20, y: 20, width: 1, height: 1))
        #expect(pieces[4].destination == Rect(x: 20, y: 20, width: 60, height: 60))
        #expect(pieces[0].source == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func aZeroSizedCentreOnAPixelBoundaryTakesThePixelAfterIt() {
        let pieces = slices(
            image: PixelSize(width: 40, height: 16), center: Rect(x: 0.5, y: 0.5, width: 0, height: 0),
            size: Size(width: 100, height: 100))
        #expect(pieces[4].source == Rect(x: 20, y: 8, width: 1, height: 1))
        #expect(pieces[0].source == Rect(x: 0, y: 0, width: 20, height: 8))
        #expect(pieces[8].source == Rect(x: 21, y: 9, width: 19, height: 7))
    }

    @Test func nineSliceOnlyAppliesToStretchingGravities() {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        state.contentsCenter = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        state.contentsGravity = "center"
        #expect(
            ContentsLayout.pieces(for: state, imageSize: PixelSize(width: 40, height: 40)) == [
                ContentsLayout.Piece(
                    destination: Rect(x: 30, y: 30, width: 40, height: 40),
                    source: Rect(x: 0, y: 0, width: 40, height: 40),
                    clampToSource: false)
            ])
    }
}
