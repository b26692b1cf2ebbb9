import AnimCore

/// One line of a `Chart`: data points joined in order by a polyline.
public struct ChartSeries: Hashable, Sendable {
    /// The name shown in the legend (drawn when a chart has more than one series).
    public var label: String
    /// Data points in data coordinates, drawn in this order. A non-finite point breaks the line in two.
    public var points: [Point]
    /// The line colour.
    public var color: Color

    public init(label: String, points: [Point], color: Color) {
        self.label = label
        self.points = points
        self.color = color
    }
}
