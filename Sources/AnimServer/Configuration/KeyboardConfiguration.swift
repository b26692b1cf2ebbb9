import AnimKeyboard

/// The server configuration's `"keyboard"` object (README.md, "Input"): the XKB names the keymap is compiled
/// from, and key repeat: `{"layout": "de", "variant": "nodeadkeys", "options": "ctrl:nocaps", "repeatDelay":
/// 0.5, "repeatRate": 30}`. A key left out keeps its default (layout `us`, xkbcommon's defaults for the rest;
/// repeat after 0.6 s, 25 per second; rate 0 turns repeat off).
public struct KeyboardConfiguration: Hashable, Sendable {
    public var names = KeymapNames()
    /// Seconds a key is held before it repeats.
    public var repeatDelay = 0.6
    /// Repeats per second once it does; 0: keys do not repeat.
    public var repeatRate = 25.0

    public init() {}

    static let knownKeys = ["layout", "model", "options", "repeatDelay", "repeatRate", "rules", "variant"]

    init(_ raw: ConfigurationValue) throws(ConfigurationError) {
        guard case .object(let object) = raw else {
            throw ConfigurationError(key: "keyboard", value: raw.text, reason: "keyboard must be an object")
        }
        self.init()
        for key in object.keys.sorted() {
            let value = object[key] ?? .null
            let path = "keyboard." + key
            switch key {
            case "rules", "model", "layout", "variant", "options":
                guard case .string(let text) = value else {
                    throw ConfigurationError(key: path, value: value.text, reason: "\(path) must be a string")
                }
                switch key {
                case "rules": names.rules = text
                case "model": names.model = text
                case "layout": names.layout = text
                case "variant": names.variant = text
                default: names.options = text
                }
            case "repeatDelay":
                guard case .number(let seconds) = value, seconds >= 0.05, seconds <= 10 else {
                    throw ConfigurationError(
                        key: path, value: value.text, reason: "\(path) must be a number of seconds within 0.05…10")
                }
                repeatDelay = seconds
            case "repeatRate":
                guard case .number(let rate) = value, rate >= 0, rate <= 1000 else {
                    throw ConfigurationError(
                        key: path, value: value.text, reason: "\(path) must be repeats per second within 0…1000")
                }
                repeatRate = rate
            default:
                throw ConfigurationError(
                    key: path, value: value.text,
                    reason: "unknown key (known: " + Self.knownKeys.joined(separator: ", ") + ")")
            }
        }
        do {
            _ = try Keyboard(names: names)
        } catch {
            throw ConfigurationError(key: "keyboard", value: "\(names)", reason: error.description)
        }
    }
}
