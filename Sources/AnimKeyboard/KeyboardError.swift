/// Why the keyboard could not do what was asked, naming what was wrong.
public enum KeyboardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// xkbcommon could not compile a keymap from these names (an unknown layout or variant, say).
    case keymap(KeymapNames)
    /// No keysym has this name (`xkb_keysym_from_name`).
    case unknownKeysymName(String)
    /// The keymap has no key that types this keysym at a level it can reach.
    case keysymNotInKeymap(name: String)
    /// The keymap has no key that types this character.
    case characterNotInKeymap(Character)

    public var description: String {
        switch self {
        case .keymap(let names): "xkbcommon cannot compile a keymap from \(names)"
        case .unknownKeysymName(let name): "no keysym is named '\(name)'"
        case .keysymNotInKeymap(let name): "the keymap has no key for the keysym '\(name)'"
        case .characterNotInKeymap(let c): "the keymap has no key that types '\(c)'"
        }
    }
}
