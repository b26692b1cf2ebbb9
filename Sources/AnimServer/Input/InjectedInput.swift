import AnimCore
import AnimKeyboard
import AnimProtocol

/// `InputInject`'s events checked and turned into the raw events a device would produce (device `synthetic`),
/// stamped with media time `now + offset`; keys named by keysym or typed as text become the key codes of the
/// server's keymap, with the modifier keys their level needs pressed around them.
enum InjectedInput {
    /// The touch slots synthetic input may use.
    static let slots = 10
    /// Linux evdev key codes end below KEY_MAX + 1.
    static let keyCodes: UInt32 = 0x300

    static func events(
        _ injected: [WireInjectedInput], at now: Double, keyboard: Keyboard?
    ) throws(ProtocolError) -> [RawInputEvent] {
        var events: [RawInputEvent] = []
        var previous = 0.0
        for (index, item) in injected.enumerated() {
            let field = "events[\(index)]"
            guard item.offset.isFinite, item.offset >= previous else {
                throw invalid(
                    field + ".offset", numberText(item.offset),
                    "offsets are finite seconds, at least 0 and not decreasing (the one before is \(numberText(previous)))"
                )
            }
            previous = item.offset
            let time = now + item.offset
            for kind in try kinds(of: item.action, field: field + ".action", keyboard: keyboard) {
                events.append(RawInputEvent(time: time, device: .synthetic, kind: kind))
            }
        }
        return events
    }

    private static func kinds(
        of action: WireInjectedAction, field: String, keyboard: Keyboard?
    ) throws(ProtocolError) -> [RawInputEvent.Kind] {
        switch action {
        case .touchDown(let touch):
            return [
                .touchDown(
                    slot: try slot(touch.slot, field + ".touchDown.slot"),
                    at: try point(touch.point, field + ".touchDown.point"))
            ]
        case .touchMotion(let touch):
            return [
                .touchMotion(
                    slot: try slot(touch.slot, field + ".touchMotion.slot"),
                    to: try point(touch.point, field + ".touchMotion.point"))
            ]
        case .touchUp(let s): return [.touchUp(slot: try slot(s, field + ".touchUp"))]
        case .touchCancel(let s): return [.touchCancel(slot: try slot(s, field + ".touchCancel"))]
        case .pointerMotion(let p): return [.pointerMotion(to: try point(p, field + ".pointerMotion"))]
        case .pointerButton(let b): return [.pointerButton(button: b.button, pressed: b.pressed)]
        case .pointerAxis(let p):
            let axis = try point(p, field + ".pointerAxis")
            return [.pointerAxis(horizontal: axis.x, vertical: axis.y)]
        case .key(let key):
            guard key.code < keyCodes else {
                throw invalid(field + ".key.code", "\(key.code)", "Linux key codes are below \(keyCodes)")
            }
            return [.key(code: key.code, pressed: key.pressed)]
        case .keyName(let named):
            let keyboard = try require(keyboard, field + ".keyName.name", named.name)
            let stroke: KeyStroke
            do {
                stroke = try keyboard.stroke(forKeysymNamed: named.name)
            } catch {
                throw invalid(field + ".keyName.name", named.name, error.description)
            }
            return named.pressed ? press(stroke) : release(stroke)
        case .text(let text):
            let keyboard = try require(keyboard, field + ".text", text)
            let strokes: [KeyStroke]
            do {
                strokes = try keyboard.strokes(forText: text)
            } catch {
                throw invalid(field + ".text", text, error.description)
            }
            return strokes.flatMap { press($0) + release($0) }
        }
    }

    /// The modifiers down, then the key.
    private static func press(_ stroke: KeyStroke) -> [RawInputEvent.Kind] {
        stroke.modifiers.map { .key(code: $0, pressed: true) } + [.key(code: stroke.code, pressed: true)]
    }

    /// The key up, then the modifiers in reverse.
    private static func release(_ stroke: KeyStroke) -> [RawInputEvent.Kind] {
        [.key(code: stroke.code, pressed: false)] + stroke.modifiers.reversed().map { .key(code: $0, pressed: false) }
    }

    private static func require(
        _ keyboard: Keyboard?, _ field: String, _ value: String
    ) throws(ProtocolError) -> Keyboard {
        guard let keyboard else {
            throw invalid(field, value, "the server has no keymap (its keyboard configuration did not compile)")
        }
        return keyboard
    }

    private static func slot(_ slot: UInt32, _ field: String) throws(ProtocolError) -> Int {
        guard slot < slots else { throw invalid(field, "\(slot)", "synthetic touch slots are 0 ..< \(slots)") }
        return Int(slot)
    }

    private static func point(_ p: WirePoint, _ field: String) throws(ProtocolError) -> Point {
        guard p.x.isFinite, p.y.isFinite else {
            throw invalid(field, "\(numberText(p.x)), \(numberText(p.y))", "the point must be finite")
        }
        return Point(wire: p)
    }

    private static func invalid(_ field: String, _ value: String, _ detail: String) -> ProtocolError {
        ProtocolError(.invalidValue, opcode: InputInject.opcode, field: field, value: value, detail: detail)
    }
}
