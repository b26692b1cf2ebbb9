import AnimCore
import Testing

@testable import AnimRender

/// CAGradientLayer rasters. A pixel takes the gradient's value at its centre; pixman computes gradients in 8 bits,
/// so values between the stops are checked to ±2/255.
@Suite struct GradientContentTests {
    typealias Pixels = ContentTestPixels

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let green = Color(red: 0, green: 1, blue: 0)

    func content(_ layer: LayerState, scale: Double = 1) throws -> Pixels {
        Pixels(try #require(ContentRasterizer().content(for: layer, scale: scale)))
    }

    /// Red to blue at `t` (straight interpolation, opaque), in 0…255.
    func redToBlue(_ t: Double) -> (Int, Int, Int, Int) {
        (Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255)
    }

    func leftToRight(_ change: (inout GradientLayerProperties) -> Void = { _ in }) -> LayerState {
        .contentGradient(Rect(x: 0, y: 0, width: 100, height: 10)) {
            $0.colors = [Self.red, Self.blue]
            $0.startPoint = Point(x: 0, y: 0.5)
            $0.endPoint = Point(x: 1, y: 0.5)
            change(&$0)
        }
    }

    @Test func axialRedToBlueAcrossTheBounds() throws {
        let out = try content(leftToRight())
        #expect(out.content.rect == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(out.image.width == 100 && out.image.height == 10)
        for column in [0, 1, 25, 49, 50, 75, 98, 99] {
            let t = (Double(column) + 0.5) / 100
            #expect(Pixels.near(out.pixel(column: column, row: 5), redToBlue(t), 2), "column \(column)")
        }
        #expect(out.pixel(column: 50, row: 0) == out.pixel(column: 50, row: 9))
    }

    @Test func locationsHoldTheEndColoursOutsideTheirRange() throws {
        let out = try content(leftToRight { $0.locations = [0.25, 0.75] })
        #expect(out.pixel(column: 10, row: 5) == (255, 0, 0, 255))
        #expect(out.pixel(column: 24, row: 5) == (255, 0, 0, 255))
        #expect(out.pixel(column: 90, row: 5) == (0, 0, 255, 255))
        #expect(Pixels.near(out.pixel(column: 50, row: 5), redToBlue(0.51), 2))
    }

    @Test func locationsAreClampedAndMadeMonotonic() {
        #expect(GradientContent.offsets([0.5, 0.2, 1.5], count: 3) == [0.5, 0.5, 1])
        #expect(GradientContent.offsets([-1, 0.5], count: 2) == [0, 0.5])
        #expect(GradientContent.offsets(nil, count: 3) == [0, 0.5, 1])
        #expect(GradientContent.offsets([0.1], count: 3) == [0, 0.5, 1])
        #expect(GradientContent.offsets([0.1, .nan], count: 2) == [0, 1])
    }

    @Test func verticalByDefault() throws {
        let out = try content(
            .contentGradient(Rect(x: 0, y: 0, width: 10, height: 100)) { $0.colors = [Self.red, Self.blue] })
        #expect(Pixels.near(out.pixel(column: 5, row: 0), redToBlue(0.005), 2))
        #expect(Pixels.near(out.pixel(column: 5, row: 99), redToBlue(0.995), 2))
    }

    @Test func radialIsAnEllipseAroundTheStartPoint() throws {
        let out = try content(
            .contentGradient(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.colors = [Self.red, Self.blue]
                $0.gradientType = "radial"
                $0.startPoint = Point(x: 0.5, y: 0.5)
                $0.endPoint = Point(x: 1, y: 0.75)
            })
        // Radii 50 across and 25 down.
        #expect(Pixels.near(out.pixel(column: 50, row: 50), redToBlue(0.014), 2))
        #expect(Pixels.near(out.pixel(column: 74, row: 50), redToBlue(24.5 / 50), 2))
        #expect(Pixels.near(out.pixel(column: 50, row: 62), redToBlue(12.5 / 25), 2))
        #expect(Pixels.near(out.pixel(column: 50, row: 74), redToBlue(24.5 / 25), 2))
        #expect(out.pixel(column: 50, row: 80) == (0, 0, 255, 255))
        #expect(out.pixel(column: 0, row: 0) == (0, 0, 255, 255))
    }

    @Test func conicAnglesRunFromTheEndPointTowardPlusY() throws {
        func conic(end: Point) throws -> Pixels {
            try content(
                .contentGradient(Rect(x: 0, y: 0, width: 100, height: 100)) {
                    $0.colors = [Self.red, Self.blue]
                    $0.gradientType = "conic"
                    $0.startPoint = Point(x: 0.5, y: 0.5)
                    $0.endPoint = end
                })
        }
        func turn(_ column: Int, _ row: Int, from direction: Double) -> Double {
            var t = (atan2(Double(row) + 0.5 - 50, Double(column) + 0.5 - 50) - direction) / (2 * Double.pi)
            t -= t.rounded(.down)
            return t
        }
        let right = try conic(end: Point(x: 1, y: 0.5))
        for (column, row) in [(90, 50), (50, 90), (10, 50), (50, 10), (80, 20)] {
            #expect(
                Pixels.near(right.pixel(column: column, row: row), redToBlue(turn(column, row, from: 0)), 2),
                "(\(column), \(row))")
        }
        // Just below +x is the start (red), just above it the end (blue).
        #expect(Pixels.near(right.pixel(column: 90, row: 50), (254, 0, 1, 255), 2))
        #expect(Pixels.near(right.pixel(column: 90, row: 49), (1, 0, 254, 255), 2))
        let down = try conic(end: Point(x: 0.5, y: 1))
        #expect(Pixels.near(down.pixel(column: 50, row: 90), redToBlue(turn(50, 90, from: Double.pi / 2)), 2))
        #expect(Pixels.near(down.pixel(column: 10, row: 50), redToBlue(turn(10, 50, from: Double.pi / 2)), 2))
    }

    @Test func colourAndAlphaInterpolateSeparatelyThenPremultiply() throws {
        let axial = try content(leftToRight { $0.colors = [Self.red, .clear] })
        // t = 0.505: alpha 0.495, red 0.495 straight → premultiplied red 0.245.
        #expect(Pixels.near(axial.pixel(column: 50, row: 5), (62, 0, 0, 126), 2))
        let conic = try content(
            .contentGradient(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.colors = [Self.red, .clear]
                $0.gradientType = "conic"
                $0.startPoint = Point(x: 0.5, y: 0.5)
                $0.endPoint = Point(x: 0, y: 0.5)
            })
        // Straight above the centre is a quarter turn from −x: alpha 0.75, premultiplied red 0.5625.
        #expect(Pixels.near(conic.pixel(column: 49, row: 10), (143, 0, 0, 191), 3))
    }

    @Test func roundedCornersAreTransparent() throws {
        let layer = LayerState.contentGradient(Rect(x: 0, y: 0, width: 100, height: 100)) {
            $0.colors = [Self.green, Self.green]
        }
        var rounded = layer
        rounded.cornerRadius = 20
        let all = try content(rounded)
        #expect(all.pixel(column: 0, row: 0).a == 0)
        #expect(all.pixel(column: 3, row: 3).a == 0)
        #expect(all.pixel(column: 99, row: 99).a == 0)
        #expect(all.pixel(column: 0, row: 50) == (0, 255, 0, 255))
        #expect(all.pixel(column: 50, row: 50) == (0, 255, 0, 255))
        #expect(all.pixel(column: 10, row: 10) == (0, 255, 0, 255))
        rounded.maskedCorners = Double(CornerMask.minXMinY.rawValue)
        let one = try content(rounded)
        #expect(one.pixel(column: 0, row: 0).a == 0)
        #expect(one.pixel(column: 99, row: 99) == (0, 255, 0, 255))
        #expect(one.pixel(column: 99, row: 0) == (0, 255, 0, 255))
    }

    @Test func conicIsRoundedToo() throws {
        var layer = LayerState.contentGradient(Rect(x: 0, y: 0, width: 100, height: 100)) {
            $0.colors = [Self.red, Self.blue]
            $0.gradientType = "conic"
            $0.startPoint = Point(x: 0.5, y: 0.5)
        }
        layer.cornerRadius = 20
        let out = try content(layer)
        #expect(out.pixel(column: 0, row: 0).a == 0)
        #expect(out.pixel(column: 99, row: 0).a == 0)
        #expect(out.pixel(column: 50, row: 1).a == 255)
    }

    @Test func oneColourIsSolid() throws {
        let out = try content(leftToRight { $0.colors = [Self.green] })
        #expect(out.pixel(column: 0, row: 0) == (0, 255, 0, 255))
        #expect(out.pixel(column: 99, row: 9) == (0, 255, 0, 255))
    }

    @Test func coincidentPointsTakeTheLastColour() throws {
        let out = try content(leftToRight { $0.endPoint = $0.startPoint })
        #expect(out.pixel(column: 10, row: 5) == (0, 0, 255, 255))
    }

    @Test func rectFollowsTheBoundsOriginAndScale() throws {
        var layer = leftToRight()
        layer.bounds = Rect(x: 5, y: -7, width: 100, height: 10)
        let out = try content(layer, scale: 2)
        #expect(out.content.rect == Rect(x: 5, y: -7, width: 100, height: 10))
        #expect(out.image.width == 200 && out.image.height == 20)
        #expect(Pixels.near(out.pixel(column: 100, row: 10), redToBlue(100.5 / 200), 2))
    }

    @Test func nothingToDrawGivesNil() {
        let rasterizer = ContentRasterizer()
        #expect(rasterizer.content(for: leftToRight { $0.colors = nil }, scale: 1) == nil)
        #expect(rasterizer.content(for: leftToRight { $0.colors = [] }, scale: 1) == nil)
        var empty = leftToRight()
        empty.bounds = Rect(x: 0, y: 0, width: 0, height: 10)
        #expect(rasterizer.content(for: empty, scale: 1) == nil)
        #expect(rasterizer.content(for: leftToRight { $0.startPoint = Point(x: .nan, y: 0) }, scale: 1) == nil)
    }

    @Test func hugeBoundsAreRasterizedInTilesWithinTheSizeCap() throws {
        var layer = leftToRight()
        layer.bounds = Rect(x: 0, y: 0, width: 1e9, height: 10)
        let out = try content(layer, scale: 8)
        #expect(out.image.tileSource != nil)
        #expect(out.image.width == ContentGrid.maxTiledSide && out.image.height == 1)
        // Half way: half red, half blue, from the tile that holds it.
        let middle = out.pixel(x: 5e8, y: 5)
        #expect(abs(Int(middle.r) - 128) <= 1 && middle.g == 0 && abs(Int(middle.b) - 127) <= 1 && middle.a == 255)
        #expect(out.content.rect == layer.bounds)
    }
}
