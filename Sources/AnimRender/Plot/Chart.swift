import AnimImage
import AnimCore

/// A line chart of one or more series, rendered with cairo into a `PNGImage`: white background, axes with tick
/// labels at 1-2-5 steps, grid lines, a title, axis titles, and a legend when there is more than one series.
///
/// Data coordinates grow rightwards and upwards. Unless fixed by `xRange`/`yRange`, the x axis spans the data
/// exactly and the y axis spans the data plus 5 % of its span on each side; a flat extent (one value) gets ±1.
public struct Chart: Hashable, Sendable {
    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [ChartSeries]
    /// Image width in pixels, within `Chart.sideLimits`.
    public var width: Int
    /// Image height in pixels, within `Chart.sideLimits`.
    public var height: Int
    /// A fixed x axis range; nil takes the extent of the data.
    public var xRange: ClosedRange<Double>?
    /// A fixed y axis range; nil takes the extent of the data plus a 5 % margin.
    public var yRange: ClosedRange<Double>?

    /// The allowed width and height, in pixels.
    public static let sideLimits = 200...8192

    /// Distinct line colours (Tableau 10) for charts with several series, in order of use.
    public static let palette: [Color] = [
        "#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac",
    ].map { Color(hex: $0)! }

    public init(
        title: String, xLabel: String, yLabel: String, series: [ChartSeries], width: Int = 800, height: Int = 480,
        xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil
    ) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.width = width
        self.height = height
        self.xRange = xRange
        self.yRange = yRange
    }

    /// The rectangle, in image pixels, that the data is drawn in (axes run along its left and bottom edges).
    public var plotArea: Rect { layout.plotArea }

    /// The data x range mapped onto the plot area's width.
    public var xAxisRange: ClosedRange<Double> { layout.xRange }

    /// The data y range mapped onto the plot area's height.
    public var yAxisRange: ClosedRange<Double> { layout.yRange }

    /// Where `point` (data coordinates) lands in the rendered image, in pixel coordinates: (0, 0) is the top-left
    /// corner of the image and pixel (i, j) covers [i, i + 1) x [j, j + 1). Each call re-derives the layout from
    /// the data, so hoist it out of tight loops.
    public func pixelPosition(of point: Point) -> Point {
        layout.pixelPosition(of: point)
    }

    var layout: ChartLayout { ChartLayout(self) }
}
