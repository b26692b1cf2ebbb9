/// Why a `Chart` could not be rendered.
public enum ChartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `width` or `height` is outside `Chart.sideLimits`.
    case invalidSize(width: Int, height: Int)
    /// cairo reported an error (its `cairo_status_to_string` text), typically out of memory.
    case cairoFailed(String)

    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "chart size \(width)x\(height) is outside \(Chart.sideLimits) pixels per side"
        case .cairoFailed(let message):
            "cairo failed to draw the chart: \(message)"
        }
    }
}
