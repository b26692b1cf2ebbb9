import AnimProtocol

/// How `animctl input --watch` prints a routed event: one line of text, or one line of JSON with `--json`.
enum InputEventText {
    /// `client 2 touch down seq 1 t 10.5 layer 3 scene (100, 80) local (20, 15)`.
    static func line(_ watched: InputWatched) -> String {
        let client = "client \(watched.client)"
        switch watched.event {
        case .touch(let e):
            return "\(client) touch \(e.phase) seq \(e.sequence) t \(e.time) \(layer(e.layer)) "
                + "scene \(point(e.scenePoint)) local \(point(e.layerPoint))"
        case .pointer(let e):
            var text =
                "\(client) pointer \(e.phase) t \(e.time) \(layer(e.layer)) scene \(point(e.scenePoint)) "
                + "local \(point(e.layerPoint))"
            if e.phase == .button { text += " button 0x\(String(e.button, radix: 16)) \(e.pressed ? "down" : "up")" }
            if e.phase == .axis { text += " axis \(point(e.axis))" }
            return text
        case .key(let e):
            return "\(client) key \(e.pressed ? (e.repeated ? "repeat" : "down") : "up") t \(e.time) code \(e.keycode) "
                + "keysym 0x\(String(e.keysym, radix: 16)) text \(quoted(e.text)) modifiers 0x\(String(e.modifiers, radix: 16))"
        case .focus(let focused):
            return "\(client) focus \(focused ? "in" : "out")"
        }
    }

    /// The message as the protocol's JSON text (protocol/README.md), on one line.
    static func json(_ watched: InputWatched) -> String {
        Message.inputWatched(watched).jsonText.split(separator: "\n").map {
            $0.trimmingPrefix(while: { $0 == " " })
        }.joined(separator: " ")
    }

    private static func layer(_ id: UInt32?) -> String { id.map { "layer \($0)" } ?? "layer none" }

    private static func point(_ p: WirePoint) -> String { "(\(number(p.x)), \(number(p.y)))" }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
            + "\""
    }
}
