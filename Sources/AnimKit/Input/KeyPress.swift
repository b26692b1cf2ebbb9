/// A key pressed or released while this client has keyboard focus (the server's `KeyEvent` message, protocol version 4),
/// delivered to `Connection.onKey`.
public struct KeyPress: Sendable, Hashable {
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
