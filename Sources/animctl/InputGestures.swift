import AnimProtocol
import ArgumentParser

/// Where a gesture's events go: a touch slot, or the pointer with its left button.
struct GestureOptions: ParsableArguments {
    @Flag(help: "Use the pointer (move, left button) instead of a touch.")
    var pointer = false

    @Option(help: "The touch slot (finger), 0 ..< 10.")
    var slot: UInt32 = 0

    func validate() throws {
        guard slot < 10 else { throw ValidationError("--slot \(slot): touch slots are 0 ..< 10") }
    }

    /// The press at `p`: a touch down, or the pointer moved there and its left button pressed.
    func down(_ p: WirePoint, at offset: Double) -> [WireInjectedInput] {
        pointer
            ? [
                WireInjectedInput(offset: offset, action: .pointerMotion(p)),
                WireInjectedInput(
                    offset: offset, action: .pointerButton(WireInjectedButton(button: Self.leftButton, pressed: true))),
            ]
            : [WireInjectedInput(offset: offset, action: .touchDown(WireInjectedTouch(slot: slot, point: p)))]
    }

    func move(_ p: WirePoint, at offset: Double) -> WireInjectedInput {
        WireInjectedInput(
            offset: offset,
            action: pointer ? .pointerMotion(p) : .touchMotion(WireInjectedTouch(slot: slot, point: p)))
    }

    func up(at offset: Double) -> WireInjectedInput {
        WireInjectedInput(
            offset: offset,
            action: pointer
                ? .pointerButton(WireInjectedButton(button: Self.leftButton, pressed: false)) : .touchUp(slot))
    }

    /// A press at `from`, `steps` moves evenly spaced in place and time to `to`, and the release there.
    func stroke(from: WirePoint, to: WirePoint, steps: Int, duration: Double) -> [WireInjectedInput] {
        var events = down(from, at: 0)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let p = WirePoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            events.append(move(p, at: duration * f))
        }
        events.append(up(at: duration))
        return events
    }

    /// BTN_LEFT.
    static let leftButton: UInt32 = 0x110
}

func finite(_ values: [Double], _ what: String) throws {
    for value in values where !value.isFinite {
        throw ValidationError("\(what): \(value) is not a finite number")
    }
}

extension InputCommand {
    struct Tap: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A tap at X Y (scene points): a touch down and up, or a click with --pointer.")

        @OptionGroup var server: ServerConnectionOptions
        @OptionGroup var gesture: GestureOptions
        @Argument(help: "X in scene points.") var x: Double
        @Argument(help: "Y in scene points (y down).") var y: Double
        @Option(help: "Seconds between the down and the up.") var hold = 0.0

        func validate() throws {
            try finite([x, y, hold], "input tap")
            guard hold >= 0 else { throw ValidationError("input tap --hold: \(hold) must be at least 0") }
        }

        func run() throws {
            let p = WirePoint(x: x, y: y)
            try injectInput(gesture.down(p, at: 0) + [gesture.up(at: hold)], server: server)
        }
    }

    struct Swipe: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A swipe from X1 Y1 to X2 Y2 over --duration seconds, a move every 1/60 s.")

        @OptionGroup var server: ServerConnectionOptions
        @OptionGroup var gesture: GestureOptions
        @Argument var x1: Double
        @Argument var y1: Double
        @Argument var x2: Double
        @Argument var y2: Double
        @Option(help: "Seconds from the down to the up.") var duration = 0.25

        func validate() throws {
            try finite([x1, y1, x2, y2, duration], "input swipe")
            guard duration > 0, duration <= 60 else {
                throw ValidationError("input swipe --duration: \(duration) must be within 0 (excluded) and 60 s")
            }
        }

        func run() throws {
            let steps = max(1, Int((duration * 60).rounded()))
            try injectInput(
                gesture.stroke(
                    from: WirePoint(x: x1, y: y1), to: WirePoint(x: x2, y: y2), steps: steps, duration: duration),
                server: server)
        }
    }

    struct Drag: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A drag from X1 Y1 to X2 Y2 in --steps moves over --duration seconds.")

        @OptionGroup var server: ServerConnectionOptions
        @OptionGroup var gesture: GestureOptions
        @Argument var x1: Double
        @Argument var y1: Double
        @Argument var x2: Double
        @Argument var y2: Double
        @Option(help: "Moves between the press and the release.") var steps = 10
        @Option(help: "Seconds from the press to the release.") var duration = 0.5

        func validate() throws {
            try finite([x1, y1, x2, y2, duration], "input drag")
            guard steps >= 1, steps <= 10000 else {
                throw ValidationError("input drag --steps: \(steps) must be within 1…10000")
            }
            guard duration >= 0, duration <= 600 else {
                throw ValidationError("input drag --duration: \(duration) must be within 0…600 s")
            }
        }

        func run() throws {
            try injectInput(
                gesture.stroke(
                    from: WirePoint(x: x1, y: y1), to: WirePoint(x: x2, y: y2), steps: steps, duration: duration),
                server: server)
        }
    }

    struct Key: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Press and release the key that types keysym NAME (Return, a, A, F1, BackSpace).")

        @OptionGroup var server: ServerConnectionOptions
        @Argument(help: "An xkbcommon keysym name; the server finds its key (and Shift) in its keymap.")
        var name: String
        @Option(help: "Seconds the key is held (past the repeat delay it repeats).") var hold = 0.0

        func validate() throws {
            try finite([hold], "input key --hold")
            guard hold >= 0 else { throw ValidationError("input key --hold: \(hold) must be at least 0") }
        }

        func run() throws {
            try injectInput(
                [
                    WireInjectedInput(offset: 0, action: .keyName(WireInjectedKeyName(name: name, pressed: true))),
                    WireInjectedInput(offset: hold, action: .keyName(WireInjectedKeyName(name: name, pressed: false))),
                ], server: server)
        }
    }

    struct Text: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Type STRING: each character's key (with Shift or AltGr as the keymap needs) pressed and released."
        )

        @OptionGroup var server: ServerConnectionOptions
        @Argument var string: String

        func run() throws {
            try injectInput([WireInjectedInput(offset: 0, action: .text(string))], server: server)
        }
    }
}
