import AnimDisplay
import AnimProtocol
import Foundation

/// What one client may use, and how often the frame loop runs while something animates. Loaded from a JSON
/// object whose keys are the property names; a key left out keeps its default.
public struct ServerConfiguration: Hashable, Sendable {
    /// Layers one client may have at once.
    public var maxLayers: UInt32 = 10000
    /// Animations one client may have attached, counted over all its layers.
    public var maxAnimations: UInt32 = 10000
    /// Particles one client's emitter layers may keep alive, as `ParticleBudget` estimates them at commit
    /// (docs/core-animation-rules.md#caemitterlayer); a commit beyond it is refused with `quotaExceeded`.
    public var maxParticles: UInt32 = 10000
    /// The largest frame the server accepts from a client (the glue hands it to `FrameCodec.decode`).
    public var maxMessageBytes: UInt32 = UInt32(ProtocolLimits.maxMessageBytes)
    /// Bytes of images one client may have uploaded at once.
    public var maxImageBytes: UInt64 = 268_435_456
    /// Frames per second while something animates.
    public var frameRate: Double = 60
    /// Seconds a connection may take to say Hello; one that has not by then gets `notNegotiated` and is closed.
    public var helloTimeout: Double = 10
    /// Connections served at once; one more is answered `tooManyConnections` and closed.
    public var maxConnections: UInt32 = 1024
    /// Connections served at once for one user (the peer's uid); one more is answered `tooManyConnections`. As many
    /// as `maxConnections` by default: on a kiosk every app runs as one user, so a lower count is a choice to make
    /// where several users share a server.
    public var maxConnectionsPerUser: UInt32 = 1024
    /// A PNG the output shows from the moment it lights until the first client commit (`animserverd --splash`).
    public var splash: String?
    /// The keymap and key repeat (`"keyboard": {"layout": "us", …}`, README.md "Input").
    public var keyboard = KeyboardConfiguration()
    /// The output touchscreens and tablets map to (`"HDMI-A-1"`); nil: the primary (the first lit).
    public var touchOutput: String?
    /// When the pointer's cursor is drawn: `auto`, `always` or `never` (`CursorMode`).
    public var cursor: CursorMode = .auto
    /// An absolute pointer (a single-touch screen in mouse emulation, a VM's tablet) is taken as a one-finger
    /// touchscreen: its left button is the finger (`InputDeviceTracker.absolutePointerAsTouch`).
    public var absolutePointerAsTouch = false

    public init() {}

    /// Seconds between two frames while something animates.
    public var frameInterval: Double { 1 / frameRate }

    /// The smallest maxMessageBytes accepted: a Hello or a small commit must always fit.
    public static let minimumMessageBytes: UInt32 = 4096

    /// Reads a configuration file (see `init(json:)`).
    public static func load(path: String) throws(ConfigurationError) -> ServerConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(path: path, key: "", value: "", reason: "cannot read the file: \(error)")
        }
        do {
            return try ServerConfiguration(json: data)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    /// Parses a JSON object such as `{"maxLayers": 500, "frameRate": 30}`. Unknown keys, values of the
    /// wrong type and values out of range are refused, naming the key and the value.
    public init(json: Data) throws(ConfigurationError) {
        let object: [String: ConfigurationValue]
        do {
            object = try JSONDecoder().decode([String: ConfigurationValue].self, from: json)
        } catch {
            throw ConfigurationError(
                key: "", value: "", reason: "not a JSON object of numbers: \(Self.describe(error))")
        }
        self.init()
        for key in object.keys.sorted() {
            let raw = object[key] ?? .null
            switch key {
            case "maxLayers": maxLayers = try Self.integer(key, raw, in: 1...UInt64(UInt32.max))
            case "maxAnimations": maxAnimations = try Self.integer(key, raw, in: 1...UInt64(UInt32.max))
            case "maxParticles": maxParticles = try Self.integer(key, raw, in: 0...UInt64(UInt32.max))
            case "maxMessageBytes":
                maxMessageBytes = try Self.integer(
                    key, raw, in: UInt64(Self.minimumMessageBytes)...UInt64(ProtocolLimits.maxMessageBytes))
            case "maxImageBytes": maxImageBytes = try Self.integer(key, raw, in: 0...UInt64(Int64.max))
            case "frameRate":
                guard case .number(let rate) = raw, rate >= 1, rate <= 1000 else {
                    throw ConfigurationError(
                        key: key, value: raw.text, reason: "frameRate must be a number within 1…1000")
                }
                frameRate = rate
            case "helloTimeout":
                guard case .number(let seconds) = raw, seconds >= 0.01, seconds <= 3600 else {
                    throw ConfigurationError(
                        key: key, value: raw.text, reason: "helloTimeout must be a number of seconds within 0.01…3600")
                }
                helloTimeout = seconds
            case "maxConnections": maxConnections = try Self.integer(key, raw, in: 1...1_000_000)
            case "maxConnectionsPerUser": maxConnectionsPerUser = try Self.integer(key, raw, in: 1...1_000_000)
            case "splash":
                guard case .string(let path) = raw, !path.isEmpty else {
                    throw ConfigurationError(key: key, value: raw.text, reason: "splash must be the path of a PNG file")
                }
                splash = path
            case "keyboard": keyboard = try KeyboardConfiguration(raw)
            case "touchOutput":
                guard case .string(let name) = raw, !name.isEmpty else {
                    throw ConfigurationError(
                        key: key, value: raw.text, reason: "touchOutput must be a connector name such as \"HDMI-A-1\"")
                }
                touchOutput = name
            case "cursor":
                guard case .string(let text) = raw, let mode = CursorMode(rawValue: text) else {
                    throw ConfigurationError(
                        key: key, value: raw.text, reason: "cursor must be \"auto\", \"always\" or \"never\"")
                }
                cursor = mode
            case "absolutePointerAsTouch":
                guard case .bool(let value) = raw else {
                    throw ConfigurationError(
                        key: key, value: raw.text, reason: "absolutePointerAsTouch must be true or false")
                }
                absolutePointerAsTouch = value
            default:
                throw ConfigurationError(
                    key: key, value: raw.text,
                    reason: "unknown key (known: " + Self.knownKeys.joined(separator: ", ") + ")")
            }
        }
    }

    public static let knownKeys = [
        "absolutePointerAsTouch", "cursor", "frameRate", "helloTimeout", "keyboard", "maxAnimations",
        "maxConnections", "maxConnectionsPerUser", "maxImageBytes", "maxLayers", "maxMessageBytes", "maxParticles",
        "splash", "touchOutput",
    ]

    private static func integer<T: FixedWidthInteger>(
        _ key: String, _ raw: ConfigurationValue, in range: ClosedRange<UInt64>
    ) throws(ConfigurationError) -> T {
        guard case .number(let v) = raw, v.rounded() == v, v >= Double(range.lowerBound),
            v <= Double(range.upperBound), let n = T(exactly: v)
        else {
            throw ConfigurationError(
                key: key, value: raw.text,
                reason: "\(key) must be a whole number within \(range.lowerBound)…\(range.upperBound)")
        }
        return n
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? c.debugDescription : "\(path): \(c.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// One value of the configuration object, kept as written so errors can quote it.
enum ConfigurationValue: Decodable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)
    /// An object (`"keyboard"`), its values kept as written.
    case object([String: ConfigurationValue])
    case null
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let o = try? c.decode([String: ConfigurationValue].self) {
            self = .object(o)
        } else {
            self = .other
        }
    }

    var text: String {
        switch self {
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .bool(let b): b ? "true" : "false"
        case .string(let s): "\"\(s)\""
        case .object: "an object"
        case .null: "null"
        case .other: "an array"
        }
    }
}

/// Why a configuration was refused: the file, the key and its value as written, and what was wrong.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var key: String
    public var value: String
    public var reason: String

    public init(path: String = "", key: String, value: String, reason: String) {
        self.path = path
        self.key = key
        self.value = value
        self.reason = reason
    }

    public var description: String {
        let place = path.isEmpty ? "configuration" : path
        guard !key.isEmpty else { return "\(place): \(reason)" }
        return "\(place): \(key) = \(value): \(reason)"
    }
}
