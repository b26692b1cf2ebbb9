/// One input event as a device (or `animctl input`) produced it, before routing: positions already mapped
/// into the scene (output layout points, y down), times on the server's media clock. The input devices
/// produce these; the server's router hit-tests and delivers them (docs/architecture.md, "Input").
public struct RawInputEvent: Sendable, Equatable {
    /// Media time (the animation clock, seconds) at which the event happened.
    public var time: Double
    /// The device that produced it; touch slots and keys are per device.
    public var device: InputDeviceID
    public var kind: Kind

    public init(time: Double, device: InputDeviceID, kind: Kind) {
        self.time = time
        self.device = device
        self.kind = kind
    }

    public enum Kind: Sendable, Equatable {
        /// A finger went down in `slot` (0 ..< 10 at least) at a scene point.
        case touchDown(slot: Int, at: Point)
        case touchMotion(slot: Int, to: Point)
        case touchUp(slot: Int)
        /// The sequence in `slot` ends without an up (palm rejection, device gone, seat paused).
        case touchCancel(slot: Int)
        /// The cursor's new scene position (absolute: the device side clamps relative motion to the layout).
        case pointerMotion(to: Point)
        /// A Linux button code (`BTN_LEFT` = 0x110, `BTN_RIGHT` = 0x111, `BTN_MIDDLE` = 0x112).
        case pointerButton(button: UInt32, pressed: Bool)
        /// Scroll in points, positive = content moves up/left (the wheel turned towards the user / right).
        case pointerAxis(horizontal: Double, vertical: Double)
        /// A Linux evdev key code (`KEY_A` = 30), before the keymap; the router's keyboard state turns it into
        /// keysyms, text and modifiers.
        case key(code: UInt32, pressed: Bool)
        /// Every sequence of the device ends (seat paused, device removed): the router cancels its touches,
        /// releases its buttons and keys.
        case deviceGone
    }
}

/// A device as the input side numbers it for the server's lifetime; `synthetic` is `animctl input`.
public struct InputDeviceID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public static let synthetic = InputDeviceID(0)
    public var description: String { rawValue == 0 ? "synthetic" : "device-\(rawValue)" }
}
