import AnimKit
import TransitionExampleSupport

/// The app's palette: a light UI, one colour per demo so a frame says which transition it shows.
enum Palette {
    static let background = Color(red: 0.93, green: 0.94, blue: 0.96)
    static let bar = Color(red: 0.99, green: 0.99, blue: 1.00)
    static let separator = Color(red: 0.78, green: 0.79, blue: 0.82)
    static let ink = Color(red: 0.12, green: 0.13, blue: 0.16)
    static let blue = Color(red: 0.20, green: 0.45, blue: 0.95)
    static let green = Color(red: 0.18, green: 0.65, blue: 0.38)
    static let orange = Color(red: 0.96, green: 0.55, blue: 0.15)
    static let purple = Color(red: 0.52, green: 0.33, blue: 0.85)
    static let detail = Color(red: 0.86, green: 0.95, blue: 0.89)
    static let sheet = Color(red: 1.00, green: 0.97, blue: 0.92)
    static let row = Color(red: 0.99, green: 1.00, blue: 0.99)
}

extension Widgets {
    /// A navigation bar across the top of a scene, with a separator line under it; returns the bar and its title.
    static func bar(_ connection: Connection, _ m: Metrics, title: String) throws -> (Layer, TextLayer) {
        let bar = box(connection, frame: Rect(x: 0, y: 0, width: m.width, height: m.barHeight), color: Palette.bar)
        try bar.addSublayer(
            box(connection, frame: Rect(x: 0, y: m.barHeight - 1, width: m.width, height: 1), color: Palette.separator))
        let label = Widgets.label(connection, title, frame: bar.bounds, fontSize: m.fontSize, color: Palette.ink)
        try bar.addSublayer(label)
        return (bar, label)
    }
}
