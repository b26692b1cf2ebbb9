import AnimImage
import AnimCore
import Testing

@testable import AnimRender

@Suite("Chart")
struct ChartTests {
    /// An orange-red that no grid, axis, text or background pixel has; its channels differ, so a swapped
    /// red/blue (BGRA read as RGBA) shows.
    static let lineColor = Color(red: 0.85, green: 0.25, blue: 0.05)
    static let otherColor = Color(red: 0.1, green: 0.35, blue: 0.9)

    static func diagonalChart(title: String = "Straight line") -> Chart {
        Chart(
            title: title, xLabel: "time (s)", yLabel: "value",
            series: [ChartSeries(label: "y = x", points: [Point(x: 0, y: 0), Point(x: 10, y: 10)], color: lineColor)])
    }

    /// The largest per-channel difference between a pixel and a colour; alpha must be opaque.
    static func distance(_ image: PNGImage, _ p: (x: Int, y: Int), _ color: Color) -> Int {
        let pixel = image.pixel(x: p.x, y: p.y)
        let expected = PNGImage.rgba8(color)
        return [
            abs(Int(pixel.r) - Int(expected.r)), abs(Int(pixel.g) - Int(expected.g)),
            abs(Int(pixel.b) - Int(expected.b)), abs(Int(pixel.a) - Int(expected.a)),
        ].max()!
    }

    static func pixelContaining(_ p: Point) -> (x: Int, y: Int) {
        (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }

    /// Pixels in `xs` x `ys` darker than mid grey in every channel (text and axis ink).
    static func darkPixelCount(_ image: PNGImage, xs: Range<Int>, ys: Range<Int>) -> Int {
        var count = 0
        for y in ys {
            for x in xs {
                let p = image.pixel(x: x, y: y)
                if p.r < 128 && p.g < 128 && p.b < 128 { count += 1 }
            }
        }
        return count
    }

    @Test func rangesFollowTheDataWithAFivePercentYMargin() {
        let chart = Self.diagonalChart()
        #expect(chart.xAxisRange == 0...10)
        #expect(chart.yAxisRange == -0.5...10.5)
        let flat = Chart(
            title: "", xLabel: "", yLabel: "",
            series: [ChartSeries(label: "flat", points: [Point(x: 1, y: 3), Point(x: 2, y: 3)], color: .black)])
        #expect(flat.yAxisRange == 2...4)
        #expect(flat.xAxisRange == 1...2)
        let empty = Chart(title: "", xLabel: "", yLabel: "", series: [])
        #expect(empty.xAxisRange == 0...1 && empty.yAxisRange == 0...1)
        var fixed = chart
        fixed.xRange = -1...1
        fixed.yRange = 0...2
        #expect(fixed.xAxisRange == -1...1 && fixed.yAxisRange == 0...2)
    }

    @Test func pixelPositionMapsTheAxisRangesOntoThePlotArea() {
        let chart = Self.diagonalChart()
        let plot = chart.plotArea
        #expect(plot.minX > 0 && plot.maxX < 800 && plot.minY > 0 && plot.maxY < 480)
        let bottomLeft = chart.pixelPosition(of: Point(x: 0, y: -0.5))
        #expect(abs(bottomLeft.x - plot.minX) < 1e-9 && abs(bottomLeft.y - plot.maxY) < 1e-9)
        let topRight = chart.pixelPosition(of: Point(x: 10, y: 10.5))
        #expect(abs(topRight.x - plot.maxX) < 1e-9 && abs(topRight.y - plot.minY) < 1e-9)
        let middle = chart.pixelPosition(of: Point(x: 5, y: 5))
        #expect(abs(middle.x - plot.midX) < 1e-9 && abs(middle.y - plot.midY) < 1e-9)
    }

    @Test func lineIsDrawnInTheSeriesColourAndTheRestIsBackground() throws {
        let chart = Self.diagonalChart()
        let image = try chart.render()
        #expect(image.width == 800 && image.height == 480)
        // A 2-px line through a pixel's own point covers at least ~83 % of it (45° worst case), so within 64.
        for x in [1.0, 2.5, 5, 7.25, 9] {
            let p = Self.pixelContaining(chart.pixelPosition(of: Point(x: x, y: x)))
            #expect(Self.distance(image, p, Self.lineColor) <= 64, "pixel \(p) on the line at x = \(x)")
        }
        // The middle of the top-left grid cell is far from the line (and off every grid line): pure white.
        let layout = chart.layout
        let cellCenter = chart.pixelPosition(
            of: Point(
                x: (layout.xTicks.values[0] + layout.xTicks.values[1]) / 2,
                y: (layout.yTicks.values[layout.yTicks.values.count - 2] + layout.yTicks.values.last!) / 2))
        #expect(image.pixel(x: Int(cellCenter.x), y: Int(cellCenter.y)) == (255, 255, 255, 255))
        // Off the line but still in the plot: the lower-right area has no series colour.
        let lowerRight = Self.pixelContaining(chart.pixelPosition(of: Point(x: 8, y: 2)))
        #expect(Self.distance(image, lowerRight, Self.lineColor) > 150)
    }

    @Test func everyPixelIsOpaque() throws {
        let image = try Self.diagonalChart().render()
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func tickLabelsAndTitlesPutInkWhereExpected() throws {
        let chart = Self.diagonalChart()
        let image = try chart.render()
        let plot = chart.plotArea
        let plotXs = Int(plot.minX)..<Int(plot.maxX)
        // x tick labels: the band below the axis and its tick marks.
        #expect(Self.darkPixelCount(image, xs: plotXs, ys: (Int(plot.maxY) + 7)..<(Int(plot.maxY) + 24)) > 40)
        // y tick labels: the band left of the tick marks.
        let yLabelXs = (Int(plot.minX) - 40)..<(Int(plot.minX) - 7)
        #expect(Self.darkPixelCount(image, xs: yLabelXs, ys: Int(plot.minY)..<Int(plot.maxY)) > 40)
        // Title above the plot; the same chart without a title leaves that band white.
        #expect(Self.darkPixelCount(image, xs: plotXs, ys: 0..<Int(plot.minY)) > 40)
        let untitled = try Self.diagonalChart(title: "").render()
        #expect(Self.darkPixelCount(untitled, xs: plotXs, ys: 0..<12) == 0)
        // The rotated y title sits in the leftmost columns.
        #expect(Self.darkPixelCount(image, xs: 14..<30, ys: Int(plot.minY)..<Int(plot.maxY)) > 20)
        // The axes: the column left of the plot and the row below it are dark along their length.
        #expect(Self.darkPixelCount(image, xs: (Int(plot.minX) - 1)..<Int(plot.minX), ys: 100..<300) == 200)
        #expect(Self.darkPixelCount(image, xs: 200..<600, ys: Int(plot.maxY)..<(Int(plot.maxY) + 1)) == 400)
    }

    @Test func legendShowsEachSeriesColourOnlyWithSeveralSeries() throws {
        // Both lines fall to the right, so the top-right corner holds nothing but the legend.
        let falling = ChartSeries(
            label: "falling", points: [Point(x: 0, y: 1), Point(x: 10, y: 0)], color: Self.lineColor)
        let lower = ChartSeries(
            label: "lower", points: [Point(x: 0, y: 0.8), Point(x: 10, y: 0.1)], color: Self.otherColor)
        let chart = Chart(title: "Two", xLabel: "x", yLabel: "y", series: [falling, lower])
        let image = try chart.render()
        let plot = chart.plotArea
        let boxTop = plot.minY + LegendMetrics.inset
        for (index, color) in [Self.lineColor, Self.otherColor].enumerated() {
            let row = Int(LegendMetrics.rowCenter(index: index, boxTop: boxTop))
            let xs = (Int(plot.maxX) - 200)..<Int(plot.maxX)
            let matches = xs.filter { Self.distance(image, ($0, row), color) <= 2 }
            #expect(matches.count >= 20, "legend row \(index) has \(matches.count) swatch pixels")
        }
        var single = chart
        single.series = [falling]
        let singleImage = try single.render()
        let row = Int(LegendMetrics.rowCenter(index: 0, boxTop: boxTop))
        let xs = (Int(plot.maxX) - 200)..<Int(plot.maxX)
        #expect(xs.allSatisfy { Self.distance(singleImage, ($0, row), Self.lineColor) > 150 })
    }

    @Test func nonFinitePointBreaksTheLine() throws {
        let points = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: .nan, y: 0), Point(x: 2, y: 0), Point(x: 3, y: 1)]
        let chart = Chart(
            title: "", xLabel: "", yLabel: "",
            series: [ChartSeries(label: "gap", points: points, color: Self.lineColor)])
        let image = try chart.render()
        let inGap = Self.pixelContaining(chart.pixelPosition(of: Point(x: 1.5, y: 0.5)))
        #expect(Self.distance(image, inGap, Self.lineColor) > 150)
        let onLine = Self.pixelContaining(chart.pixelPosition(of: Point(x: 2.5, y: 0.5)))
        #expect(Self.distance(image, onLine, Self.lineColor) <= 64)
    }

    @Test func sizesOutsideTheLimitsAreRefused() {
        var chart = Self.diagonalChart()
        chart.width = 50
        #expect(throws: ChartError.invalidSize(width: 50, height: 480)) { try chart.render() }
        chart.width = 800
        chart.height = 9000
        #expect(throws: ChartError.invalidSize(width: 800, height: 9000)) { try chart.render() }
    }

    @Test func smallestAllowedChartRenders() throws {
        var chart = Self.diagonalChart()
        chart.width = 200
        chart.height = 200
        let image = try chart.render()
        #expect(image.width == 200 && image.height == 200)
        #expect(chart.plotArea.width > 0 && chart.plotArea.height > 0)
    }
}
