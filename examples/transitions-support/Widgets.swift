import AnimKit

/// Sizes in a scene of any size, from a 480 × 320 design: `unit` is one design point.
public struct Metrics: Sendable {
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var unit: Double { min(width / 480, height / 320) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    /// A navigation bar's height.
    public var barHeight: Double { (48 * unit).rounded() }
    /// Body text.
    public var fontSize: Double { (18 * unit).rounded() }
}

/// Layer factories: everything the examples draw is one of these, set up in the caller's open transaction.
public enum Widgets {
    /// A plain layer filling `frame` with `color`, rounded by `cornerRadius`.
    public static func box(_ connection: Connection, frame: Rect, color: Color, cornerRadius: Double = 0) -> Layer {
        let layer = Layer(connection: connection)
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        return layer
    }

    /// One line of text centred in `frame` (vertically by its line height: `TextLayer` lays text out from the
    /// top of its bounds), in DejaVu Sans so every machine draws the same glyphs.
    public static func label(
        _ connection: Connection, _ text: String, frame: Rect, fontSize: Double, color: Color,
        alignment: AlignmentMode = .center
    ) -> TextLayer {
        let label = TextLayer(connection: connection)
        let lineHeight = (fontSize * 1.25).rounded()
        label.frame = Rect(
            x: frame.minX, y: (frame.midY - lineHeight / 2).rounded(), width: frame.width, height: lineHeight)
        label.string = text
        label.font = "DejaVu Sans"
        label.fontSize = fontSize
        label.foregroundColor = color
        label.alignmentMode = alignment
        return label
    }
}

/// A rounded, coloured button with a white title that runs `action` when tapped (a tap recognizer on its layer: the
/// server hit-tests the touch on what is on screen, so a button mid-animation is tapped where it is seen) or clicked.
public final class Button: @unchecked Sendable {
    public let layer: Layer
    private let action: () -> Void

    public init(
        _ connection: Connection, _ title: String, frame: Rect, color: Color, fontSize: Double,
        action: @escaping () -> Void
    ) throws {
        self.action = action
        layer = Widgets.box(connection, frame: frame, color: color, cornerRadius: (frame.height / 4).rounded())
        let label = Widgets.label(
            connection, title, frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
            fontSize: fontSize, color: .white)
        try layer.addSublayer(label)
        layer.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.action() })
        layer.onClick { [weak self] in self?.action() }
    }
}

extension Layer {
    /// Runs `action` when the left button is released over this layer after being pressed on it (a click, as
    /// UIKit's touch-up-inside): pointer events reach `onPointer`, not the gesture recognizers, which take touches.
    public func onClick(_ action: @escaping () -> Void) {
        onPointer = { [weak self] update in
            guard let self, update.phase == .button, update.button == leftButton, !update.isPressed,
                let point = update.location(in: self), contains(point)
            else { return }
            action()
        }
    }
}

/// BTN_LEFT.
private let leftButton: UInt32 = 0x110
