import AnimCore

/// The cursor over a layer of this client (protocol version 4 `PointerEvent`), delivered to the nearest
/// `Layer.onPointer` from the layer under the cursor up its superlayers.
public struct PointerEvent: Sendable {
    public enum Phase: Sendable, Hashable {
        /// The cursor came onto `layer`.
        case enter
        /// It left `layer`.
        case leave
        case motion
        /// `button` was pressed or released; a press grabs the pointer for `layer` until every button is up.
        case button
        /// A scroll of `scroll` points (positive: the content moves up or left).
        case axis
    }

    public let phase: Phase
    /// Media time (the server's animation clock, seconds).
    public let timestamp: Double
    /// The layer under the cursor (or holding the grab); nil once it is gone.
    public let layer: Layer?
    public let scenePoint: Point
    /// The point in `layer`, computed by the server on the presentation tree.
    public let layerPoint: Point
    /// A Linux button code (`BTN_LEFT` 0x110, `BTN_RIGHT` 0x111, `BTN_MIDDLE` 0x112) for `button`, else 0.
    public let button: UInt32
    public let isPressed: Bool
    public let scroll: Point

    /// The point in `layer`'s coordinates: the server's for the event's layer, the scene point converted on the
    /// model tree for any other (nil: scene), as `Touch.location(in:)`.
    public func location(in layer: Layer?) -> Point? {
        guard let layer else { return scenePoint }
        if layer === self.layer { return layerPoint }
        return layer.convert(scenePoint, from: nil)
    }
}

/// A key pressed or released while this client has keyboard focus (protocol version 4 `KeyEvent`),
/// delivered to `Connection.onKey`.
public struct KeyEvent: Sendable, Hashable {
    /// Media time (the server's animation clock, seconds).
    public let timestamp: Double
    /// The Linux evdev key code (`KEY_A` 30).
    public let keycode: UInt32
    /// The X11/xkbcommon keysym after the server's keymap (0 when none).
    public let keysym: UInt32
    /// The UTF-8 text the key types, empty when none.
    public let text: String
    /// The modifiers active after the event.
    public let modifiers: KeyModifiers
    public let isPressed: Bool
    /// A press that key repeat added.
    public let isRepeat: Bool
}

/// The keyboard's modifiers, as the server's keyboard state reports them.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let capsLock = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
    public static let alt = KeyModifiers(rawValue: 8)
    public static let numLock = KeyModifiers(rawValue: 0x10)
    public static let `super` = KeyModifiers(rawValue: 0x40)
}
