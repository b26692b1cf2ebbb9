import AnimKit
import TransitionExampleSupport

/// Seed 003's two scenes: A, blue, that a tap presents B from; B, orange, that a tap or a pan down dismisses.
enum SlideContent {
    static let blue = Color(red: 0.16, green: 0.36, blue: 0.86)
    static let orange = Color(red: 0.97, green: 0.58, blue: 0.18)
    static let stripe = Color(red: 1, green: 1, blue: 1, alpha: 0.35)

    /// A: a blue scene with its caption.
    static func buildA(in root: Layer, _ m: Metrics) throws {
        root.backgroundColor = blue
        try root.addSublayer(
            Widgets.label(root.connection, "A: tap to present B", frame: m.bounds, fontSize: m.fontSize, color: .white))
    }

    /// B: an orange scene with a grip bar at the top (it is pulled down) and its caption.
    static func buildB(in root: Layer, _ m: Metrics) throws {
        root.backgroundColor = orange
        let grip = Widgets.box(
            root.connection,
            frame: Rect(
                x: ((m.width - 64 * m.unit) / 2).rounded(), y: (12 * m.unit).rounded(), width: (64 * m.unit).rounded(),
                height: (8 * m.unit).rounded()),
            color: stripe, cornerRadius: (4 * m.unit).rounded())
        try root.addSublayer(grip)
        try root.addSublayer(
            Widgets.label(
                root.connection, "B: tap or pull down", frame: m.bounds, fontSize: m.fontSize, color: .white))
    }
}
