import AnimCore

/// Where everything of a `Chart` goes: data ranges, ticks, and the plot rectangle in pixels. Pure arithmetic, so
/// `Chart.pixelPosition(of:)` agrees with what `render()` draws without touching cairo.
struct ChartLayout: Hashable, Sendable {
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>
    let xTicks: AxisTicks
    let yTicks: AxisTicks
    let plotArea: Rect

    /// Points farther out than this are treated like non-finite ones: their spans would overflow.
    static let largestDrawableMagnitude = 1e300
    /// Tick label and legend font size, in pixels.
    static let labelFontSize = 12.0
    static let titleFontSize = 16.0
    static let axisTitleFontSize = 13.0
    /// An upper bound of one character's advance in the label font, used to reserve room for y tick labels.
    static let labelCharacterWidth = 7.7

    init(_ chart: Chart) {
        let points = chart.series.flatMap(\.points).filter(Self.isDrawable)
        xRange = Self.range(fixed: chart.xRange, values: points.map(\.x), margin: 0)
        yRange = Self.range(fixed: chart.yRange, values: points.map(\.y), margin: 0.05)

        let width = Double(chart.width)
        let height = Double(chart.height)
        let top = chart.title.isEmpty ? 16.0 : 44.0
        let bottom = 30.0 + (chart.xLabel.isEmpty ? 0 : 22)
        let plotHeight = height - top - bottom
        let yTicks = AxisTicks(range: yRange, maximumCount: max(2, Int(plotHeight / 48)))
        self.yTicks = yTicks

        let longestYLabel = yTicks.values.map { yTicks.label(for: $0).count }.max() ?? 1
        let labelsWidth = Double(longestYLabel) * Self.labelCharacterWidth
        let left = min(width / 3, (18 + (chart.yLabel.isEmpty ? 0 : 24) + labelsWidth).rounded(.up))
        let right = 32.0
        let plotWidth = width - left - right
        xTicks = AxisTicks(range: xRange, maximumCount: max(2, Int(plotWidth / 90)))
        plotArea = Rect(x: left, y: top, width: plotWidth, height: plotHeight)
    }

    func pixelPosition(of point: Point) -> Point {
        let u = (point.x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound)
        let v = (point.y - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
        return Point(x: plotArea.minX + u * plotArea.width, y: plotArea.maxY - v * plotArea.height)
    }

    static func isDrawable(_ point: Point) -> Bool {
        point.isFinite && abs(point.x) <= largestDrawableMagnitude && abs(point.y) <= largestDrawableMagnitude
    }

    /// `fixed` when it is usable, else the extent of `values` widened by `margin` times its span on each side.
    /// A zero span gets ±1 (or a relative pad where ±1 would vanish in rounding); no values give 0...1.
    static func range(fixed: ClosedRange<Double>?, values: [Double], margin: Double) -> ClosedRange<Double> {
        var low: Double
        var high: Double
        var pad: Double
        if let fixed, fixed.lowerBound.isFinite, fixed.upperBound.isFinite {
            (low, high, pad) = (fixed.lowerBound, fixed.upperBound, 0)
        } else if let minimum = values.min(), let maximum = values.max() {
            (low, high, pad) = (minimum, maximum, (maximum - minimum) * margin)
        } else {
            return 0...1
        }
        if high - low <= 0 {
            pad = max(1, abs(low) * 1e-6)
        }
        return (low - pad)...(high + pad)
    }
}
