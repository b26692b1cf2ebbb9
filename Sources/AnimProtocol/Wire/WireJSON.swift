/// The canonical decoded text of a message (protocol/vectors/*.json): JSON with keys in spec order.
/// Non-finite numbers, which JSON cannot hold, are written as the strings "NaN", "Infinity" and "-Infinity".
public indirect enum WireJSON: Hashable, Sendable {
    case object([(String, WireJSON)])
    case array([WireJSON])
    case string(String)
    case integer(String)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: WireJSON, b: WireJSON) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    public static func unsigned<T: UnsignedInteger>(_ v: T) -> WireJSON { .integer(String(v)) }
    public static func signed<T: SignedInteger>(_ v: T) -> WireJSON { .integer(String(v)) }

    public static func optional<T>(_ v: T?, _ json: (T) -> WireJSON) -> WireJSON {
        v.map(json) ?? .null
    }

    public static func array<T>(_ v: [T], _ json: (T) -> WireJSON) -> WireJSON {
        .array(v.map(json))
    }

    /// Pretty-printed with two-space indents; short arrays of scalars stay on one line.
    public var text: String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += pad + WireJSON.quoted(key) + ": "
                value.write(into: &out, indent: indent + 1)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            if elements.allSatisfy(\.isScalar) {
                out += "[" + elements.map(\.text).joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, e) in elements.enumerated() {
                out += pad
                e.write(into: &out, indent: indent + 1)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let s): out += WireJSON.quoted(s)
        case .integer(let digits): out += digits
        case .number(let v):
            if v.isNaN {
                out += "\"NaN\""
            } else if v.isInfinite {
                out += v > 0 ? "\"Infinity\"" : "\"-Infinity\""
            } else {
                out += "\(v)"
            }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
