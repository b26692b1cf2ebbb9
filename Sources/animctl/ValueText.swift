import AnimCore
import Foundation

/// Values as the `eval` table shows them: numbers with at most 6 decimals, compound values as in the JSON
/// form (`[x, y]`, 16 numbers for a transform, `#rrggbb` or `[r, g, b, a]` for a colour), null for none.
enum ValueText {
    /// At most 6 decimals, trailing zeros removed: `1`, `0.55`, `0.333333`, `-2.5`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if abs(value) >= 1e15 { return String(format: "%.6g", value) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func value(_ value: PropertyValue) -> String {
        switch value {
        case .number(let v): number(v)
        case .bool(let v): v ? "true" : "false"
        case .point(let p): list([p.x, p.y])
        case .size(let s): list([s.width, s.height])
        case .rect(let r): list([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .transform(let t): list(t.elements)
        case .color(let c?): color(c)
        case .path(let p?): "\"\(p.pathData)\""
        case .numbers(let a?): list(a)
        case .colors(let a?): "[" + a.map(color).joined(separator: ", ") + "]"
        case .string(let s?): "\"\(s)\""
        case .strings(let a?): "[" + a.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .image(let id?): "\(id.rawValue)"
        case .layer(let id?): "\(id.rawValue)"
        case .attributedString(let text?):
            text.runs.isEmpty ? "\"\(text.string)\"" : "\"\(text.string)\" (\(text.runs.count) runs)"
        case .filters(let a?): "[" + a.map(filter).joined(separator: ", ") + "]"
        case .color(nil), .path(nil), .numbers(nil), .colors(nil), .string(nil), .strings(nil), .image(nil),
            .layer(nil), .attributedString(nil), .filters(nil):
            "null"
        }
    }

    /// `gaussianBlur "blur" inputRadius 4`.
    static func filter(_ f: LayerFilter) -> String {
        ([f.type.rawValue, "\"\(f.name)\""] + f.parameters.map { "\($0.0.rawValue) \(value($0.1))" })
            .joined(separator: " ")
    }

    static func event(_ event: AnimationEvent) -> String {
        let key = event.key.map { "'\($0)'" } ?? "nil"
        switch event.kind {
        case .didStart:
            return "didStart(\(key)) at \(number(event.localTime))"
        case .didStop(let finished):
            return "didStop(\(key), \(finished ? "finished" : "removed")) at \(number(event.localTime))"
        }
    }

    static func transition(_ transition: TransitionProgress?) -> String {
        guard let transition else { return "-" }
        return "\(transition.type.rawValue) \(transition.subtype.rawValue) \(number(transition.progress))"
    }

    private static func list(_ numbers: [Double]) -> String {
        "[" + numbers.map(number).joined(separator: ", ") + "]"
    }

    private static func color(_ color: Color) -> String {
        color.exactHex ?? list([color.red, color.green, color.blue, color.alpha])
    }
}
