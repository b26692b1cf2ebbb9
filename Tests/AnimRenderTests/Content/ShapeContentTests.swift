import AnimCore
import Testing

@testable import AnimRender

/// CAShapeLayer rasters: geometry on whole pixels gives exact coverage (255 inside, 0 outside); where an edge
/// falls mid-pixel the expectation says so.
@Suite struct ShapeContentTests {
    typealias Pixels = ContentTestPixels

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    func content(_ layer: LayerState, scale: Double = 1) throws -> Pixels {
        Pixels(try #require(ContentRasterizer().content(for: layer, scale: scale)))
    }

    func line(from a: Point, to b: Point) -> BezierPath {
        BezierPath(elements: [.move(a), .line(b)])
    }

    @Test func filledRectCoversExactlyItsPixels() throws {
        let out = try content(
            .contentShape(.rect(Rect(x: 10, y: 10, width: 20, height: 20))) { $0.fillColor = Self.red })
        #expect(out.content.rect == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(out.image.width == 20 && out.image.height == 20)
        #expect(out.image.key.source == ContentRasterizer.imageSource)
        for row in 0..<20 {
            for column in 0..<20 { #expect(out.pixel(column: column, row: row) == (255, 0, 0, 255)) }
        }
    }

    @Test func scaleTwoDoublesThePixels() throws {
        let layer = LayerState.contentShape(.rect(Rect(x: 10, y: 10, width: 20, height: 20)))
        let out = try content(layer, scale: 2)
        #expect(out.content.rect == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(out.image.width == 40 && out.image.height == 40)
        #expect(out.pixel(column: 0, row: 0) == (0, 0, 0, 255))
        #expect(out.pixel(column: 39, row: 39) == (0, 0, 0, 255))
    }

    @Test func halfPixelEdgeIsHalfCovered() throws {
        let out = try content(.contentShape(.rect(Rect(x: 0, y: 0, width: 10.5, height: 4))))
        #expect(out.content.rect == Rect(x: 0, y: 0, width: 11, height: 4))
        #expect(out.alpha(x: 9, y: 1) == 255)
        #expect(abs(Int(out.alpha(x: 10, y: 1)) - 128) <= 1)
    }

    @Test func evenOddLeavesTheInnerSquareEmptyNonZeroFillsIt() throws {
        var path = BezierPath.rect(Rect(x: 0, y: 0, width: 40, height: 40))
        path.elements += BezierPath.rect(Rect(x: 10, y: 10, width: 20, height: 20)).elements
        let evenOdd = try content(.contentShape(path) { $0.fillRule = "even-odd" })
        #expect(evenOdd.alpha(x: 5, y: 5) == 255)
        #expect(evenOdd.alpha(x: 9, y: 20) == 255)
        #expect(evenOdd.alpha(x: 10, y: 20) == 0)
        #expect(evenOdd.alpha(x: 20, y: 20) == 0)
        #expect(evenOdd.alpha(x: 29, y: 29) == 0)
        #expect(evenOdd.alpha(x: 30, y: 29) == 255)
        let nonZero = try content(.contentShape(path))
        #expect(nonZero.alpha(x: 20, y: 20) == 255)
    }

    @Test func quadraticCurveFillsBelowItsChord() throws {
        // The curve from (0, 0) to (40, 0) with its control at (20, 40) peaks at y = 20.
        let path = BezierPath(elements: [
            .move(.zero), .quad(control: Point(x: 20, y: 40), to: Point(x: 40, y: 0)), .close,
        ])
        let out = try content(.contentShape(path))
        #expect(out.content.rect == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(out.alpha(x: 20, y: 18) == 255)
        #expect(out.alpha(x: 20, y: 20) == 0)
        #expect(out.alpha(x: 2, y: 10) == 0)
    }

    @Test func strokeCoversItsWidthAroundTheLine() throws {
        let out = try content(
            .contentShape(line(from: Point(x: 10, y: 20), to: Point(x: 50, y: 20))) {
                $0.fillColor = nil
                $0.strokeColor = Self.blue
                $0.lineWidth = 4
            })
        // A width of 4 centred on y = 20 covers rows 18 to 21; butt caps end at x = 10 and x = 50.
        #expect(out.content.rect == Rect(x: 10, y: 18, width: 40, height: 4))
        for y in 18...21 { #expect(out.pixel(x: 30.5, y: Double(y) + 0.5) == (0, 0, 255, 255)) }
        #expect(out.alpha(x: 30, y: 17) == 0)
        #expect(out.alpha(x: 30, y: 22) == 0)
        #expect(out.alpha(x: 10, y: 20) == 255)
        #expect(out.alpha(x: 9, y: 20) == 0)
        #expect(out.alpha(x: 49, y: 20) == 255)
        #expect(out.alpha(x: 50, y: 20) == 0)
    }

    @Test func squareCapsExtendByHalfTheWidthButtCapsDoNot() throws {
        let square = try content(
            .contentShape(line(from: Point(x: 10, y: 20), to: Point(x: 50, y: 20))) {
                $0.fillColor = nil
                $0.strokeColor = Self.blue
                $0.lineWidth = 4
                $0.lineCap = "square"
            })
        #expect(square.content.rect == Rect(x: 8, y: 18, width: 44, height: 4))
        #expect(square.alpha(x: 8, y: 20) == 255)
        #expect(square.alpha(x: 51, y: 20) == 255)
        #expect(square.alpha(x: 7, y: 20) == 0)
        #expect(square.alpha(x: 52, y: 20) == 0)
    }

    @Test func strokeFillsOverTheFill() throws {
        let out = try content(
            .contentShape(.rect(Rect(x: 10, y: 10, width: 20, height: 20))) {
                $0.fillColor = Self.red
                $0.strokeColor = Self.blue
                $0.lineWidth = 2
            })
        #expect(out.content.rect == Rect(x: 9, y: 9, width: 22, height: 22))
        #expect(out.pixel(x: 9.5, y: 20.5) == (0, 0, 255, 255))
        #expect(out.pixel(x: 10.5, y: 20.5) == (0, 0, 255, 255))
        #expect(out.pixel(x: 11.5, y: 20.5) == (255, 0, 0, 255))
    }

    @Test func strokeEndHalfDrawsHalfTheLength() throws {
        let out = try content(
            .contentShape(line(from: Point(x: 0, y: 10), to: Point(x: 100, y: 10))) {
                $0.fillColor = nil
                $0.strokeColor = Self.blue
                $0.lineWidth = 2
                $0.strokeEnd = 0.5
            })
        #expect(out.content.rect == Rect(x: 0, y: 9, width: 50, height: 2))
        #expect(out.alpha(x: 49, y: 9) == 255)
    }

    @Test func strokeStartTrimsTheStartAndTheFillKeepsTheWholePath() throws {
        let out = try content(
            .contentShape(.rect(Rect(x: 0, y: 0, width: 10, height: 10))) {
                $0.fillColor = Self.red
                $0.strokeColor = Self.blue
                $0.lineWidth = 2
                $0.strokeStart = 0.5
            })
        // The second half of the outline is the bottom edge (right to left) and the left edge (bottom to top).
        #expect(out.pixel(x: 5.5, y: 10.5) == (0, 0, 255, 255))
        #expect(out.pixel(x: -0.5, y: 5.5) == (0, 0, 255, 255))
        #expect(out.alpha(x: 5, y: -1) == 0)
        #expect(out.pixel(x: 9.5, y: 5.5) == (255, 0, 0, 255))
    }

    @Test func dashPatternLeavesGaps() throws {
        func dashed(phase: Double) throws -> Pixels {
            try content(
                .contentShape(line(from: Point(x: 0, y: 10), to: Point(x: 100, y: 10))) {
                    $0.fillColor = nil
                    $0.strokeColor = Self.blue
                    $0.lineWidth = 2
                    $0.lineDashPattern = [10, 10]
                    $0.lineDashPhase = phase
                })
        }
        let out = try dashed(phase: 0)
        #expect(out.content.rect == Rect(x: 0, y: 9, width: 90, height: 2))
        for x in [0, 9, 20, 29, 80, 89] { #expect(out.alpha(x: Double(x), y: 9) == 255) }
        for x in [10, 19, 30, 39, 70, 79] { #expect(out.alpha(x: Double(x), y: 9) == 0) }
        let shifted = try dashed(phase: 5)
        #expect(shifted.alpha(x: 0, y: 9) == 255)
        #expect(shifted.alpha(x: 4, y: 9) == 255)
        #expect(shifted.alpha(x: 5, y: 9) == 0)
        #expect(shifted.alpha(x: 15, y: 9) == 255)
    }

    @Test func invalidDashPatternDrawsASolidLine() throws {
        let out = try content(
            .contentShape(line(from: Point(x: 0, y: 10), to: Point(x: 100, y: 10))) {
                $0.fillColor = nil
                $0.strokeColor = Self.blue
                $0.lineWidth = 2
                $0.lineDashPattern = [10, -1]
            })
        for x in stride(from: 0, to: 100, by: 5) { #expect(out.alpha(x: Double(x), y: 9) == 255) }
    }

    @Test func pathWithNegativeCoordinatesKeepsItsOrigin() throws {
        let out = try content(.contentShape(.rect(Rect(x: -30, y: -20, width: 10, height: 10))))
        #expect(out.content.rect == Rect(x: -30, y: -20, width: 10, height: 10))
        #expect(out.alpha(x: -30, y: -20) == 255)
    }

    @Test func nothingToDrawGivesNil() {
        let rasterizer = ContentRasterizer()
        let square = BezierPath.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(rasterizer.content(for: .contentShape(nil), scale: 1) == nil)
        #expect(rasterizer.content(for: .contentShape(BezierPath()), scale: 1) == nil)
        #expect(rasterizer.content(for: .contentShape(square) { $0.fillColor = nil }, scale: 1) == nil)
        #expect(rasterizer.content(for: .contentShape(square) { $0.fillColor = .clear }, scale: 1) == nil)
        #expect(
            rasterizer.content(
                for: .contentShape(square) {
                    $0.fillColor = nil
                    $0.strokeColor = Self.red
                    $0.lineWidth = 0
                }, scale: 1) == nil)
        // A fill of a path with no area draws nothing.
        #expect(rasterizer.content(for: .contentShape(line(from: .zero, to: Point(x: 10, y: 0))), scale: 1) == nil)
        #expect(rasterizer.content(for: LayerState(), scale: 1) == nil)
    }

    @Test func hugePathIsRasterizedInTilesWithinTheSizeCap() throws {
        let out = try content(.contentShape(.rect(Rect(x: 0, y: 0, width: 10_000_000, height: 1_000_000))), scale: 4)
        #expect(out.image.tileSource != nil)
        #expect(out.image.width <= ContentGrid.maxTiledSide && out.image.height <= ContentGrid.maxTiledSide)
        #expect(out.image.width > ContentGrid.maxTiledSide / 2)
        #expect(abs(out.content.rect.width - 10_000_000) / 10_000_000 < 0.001)
        #expect(out.pixel(x: 5_000_000, y: 500_000) == (0, 0, 0, 255))
    }

    @Test func manyTinyDashesDrawTheirAverageCoverage() throws {
        // 125,000 dashes a quarter on: drawn as a solid line at a quarter of the colour's alpha.
        let out = try content(
            .contentShape(line(from: Point(x: 0, y: 10), to: Point(x: 1000, y: 10))) {
                $0.fillColor = nil
                $0.strokeColor = Self.blue
                $0.lineWidth = 4
                $0.lineDashPattern = [0.002, 0.006]
            })
        #expect(Pixels.near(out.pixel(x: 500.5, y: 10.5), (0, 0, 64, 64), 1))
    }
}
