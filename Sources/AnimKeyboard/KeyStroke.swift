/// How to type one keysym on the keymap: the key, and the modifier keys to hold while it is pressed (Shift for
/// the second level, AltGr for the third). Key codes are Linux evdev codes.
public struct KeyStroke: Hashable, Sendable {
    public var code: UInt32
    public var modifiers: [UInt32]

    public init(code: UInt32, modifiers: [UInt32] = []) {
        self.code = code
        self.modifiers = modifiers
    }
}

/// What one key press or release did, as `KeyEvent` carries it.
public struct KeyOutcome: Hashable, Sendable {
    /// The keysym the key gives at the state before the event (0 when none).
    public var keysym: UInt32
    /// The UTF-8 text a press types (empty for releases and keys that type nothing).
    public var text: String
    /// The active modifiers after the event, as X11 masks them: Shift 1, Lock 2, Control 4, Mod1 (Alt) 8,
    /// Mod2 (Num Lock) 0x10, Mod3 0x20, Mod4 (Super) 0x40, Mod5 0x80.
    public var modifiers: UInt32
    /// Whether the key repeats while held (the keymap says so per key: modifiers do not).
    public var repeats: Bool

    public init(keysym: UInt32, text: String, modifiers: UInt32, repeats: Bool) {
        self.keysym = keysym
        self.text = text
        self.modifiers = modifiers
        self.repeats = repeats
    }
}

/// Linux evdev key codes the keyboard needs by name.
public enum EvdevKey {
    public static let leftShift: UInt32 = 42
    public static let leftControl: UInt32 = 29
    public static let leftAlt: UInt32 = 56
    public static let rightAlt: UInt32 = 100
    public static let leftMeta: UInt32 = 125
}
