import AnimCore
import AnimDisplay

/// The devices plugged in and what each is in the middle of, turning their events into the router's
/// `RawInputEvent`s: device numbers that last the server's lifetime, touches mapped onto the touch output, the
/// pointer moved within the layout, and `.deviceGone` when a device goes or the seat is taken away (so the router
/// cancels its touches and releases its buttons and keys). It also decides whether the cursor shows. A value,
/// driven by `InputDevices` on the loop thread and by tests directly.
public struct InputDeviceTracker: Sendable {
    private struct Tracked: Sendable {
        var id: InputDeviceID
        var info: DeviceInfo
        var touches: Set<Int> = []
        /// An absolute pointer's last point on its sensor (0…1); nil until it reports one.
        var sensorPoint: Point?
    }

    /// The BTN_LEFT of an absolute pointer taken as a finger (`absolutePointerAsTouch`).
    static let primaryButton: UInt32 = 0x110

    /// `"touchOutput"`: the output touchscreens and tablets map to; nil: the primary.
    public var touchOutput: String?
    public var cursorMode: CursorMode
    /// `"absolutePointerAsTouch"`: an absolute pointer (a single-touch screen in mouse emulation, a VM's tablet)
    /// is a touchscreen with one finger: its left button down begins a touch in slot 0 where it points, motion
    /// while down moves it, the button up ends it; its motion without the button and its other buttons are dropped.
    public var absolutePointerAsTouch: Bool
    /// The outputs as they are now; the pointer is kept inside them when they change.
    public var layout: SceneLayout {
        didSet { pointer = layout.clamp(pointer) }
    }
    /// The pointer's scene position.
    public private(set) var pointer: Point
    private var devices: [DeviceHandle: Tracked] = [:]
    /// Numbers given so far, by kernel node: a device that comes back keeps its number.
    private var numbers: [String: InputDeviceID] = [:]
    private var nextNumber: UInt32 = 1
    /// CLOCK_MONOTONIC time of the last pointer motion, button or scroll. Plugging a pointer in shows nothing
    /// until it is used: a kiosk restarted with a mouse attached shows its scene alone.
    private var lastPointerActivity: Double?
    /// A touch came after the pointer's last activity: `auto` hides the cursor until the pointer is used again.
    private var touchedSincePointer = false

    public init(
        touchOutput: String? = nil, cursorMode: CursorMode = .auto, absolutePointerAsTouch: Bool = false,
        layout: SceneLayout
    ) {
        self.touchOutput = touchOutput
        self.cursorMode = cursorMode
        self.absolutePointerAsTouch = absolutePointerAsTouch
        self.layout = layout
        pointer = layout.centre
    }

    /// The devices plugged in, by number.
    public var connected: [(id: InputDeviceID, info: DeviceInfo)] {
        devices.values.map { ($0.id, $0.info) }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    /// The number of the device `handle` names while it is plugged in.
    public func number(of handle: DeviceHandle) -> InputDeviceID? { devices[handle]?.id }

    /// Whether a pointer device is plugged in.
    public var hasPointer: Bool { devices.values.contains { $0.info.capabilities.contains(.pointer) } }

    /// The events `event` means for the router, stamped `mediaTime` (its time on the server's clock).
    public mutating func handle(_ event: DeviceEvent, mediaTime: Double) -> [RawInputEvent] {
        if case .added(let info) = event.kind {
            guard devices[event.device] == nil else { return [] }
            let id = numbers[info.sysname] ?? InputDeviceID(nextNumber)
            if numbers[info.sysname] == nil {
                numbers[info.sysname] = id
                nextNumber += 1
            }
            devices[event.device] = Tracked(id: id, info: info)
            return []
        }
        guard var device = devices[event.device] else { return [] }
        let raw = { (kind: RawInputEvent.Kind) in [RawInputEvent(time: mediaTime, device: device.id, kind: kind)] }
        switch event.kind {
        case .added:
            return []
        case .removed:
            devices[event.device] = nil
            return raw(.deviceGone)
        case .touchDown(let slot, let p):
            guard let point = absolute(p, calibration: device.info.calibration) else { return [] }
            device.touches.insert(slot)
            devices[event.device] = device
            touchedSincePointer = true
            return raw(.touchDown(slot: slot, at: point))
        case .touchMotion(let slot, let p):
            guard device.touches.contains(slot), let point = absolute(p, calibration: device.info.calibration) else {
                return []
            }
            return raw(.touchMotion(slot: slot, to: point))
        case .touchUp(let slot):
            guard device.touches.remove(slot) != nil else { return [] }
            devices[event.device] = device
            return raw(.touchUp(slot: slot))
        case .touchCancel(let slot):
            guard device.touches.remove(slot) != nil else { return [] }
            devices[event.device] = device
            return raw(.touchCancel(slot: slot))
        case .pointerMotion(let dx, let dy):
            pointerUsed(at: event.time)
            return movePointer(to: Point(x: pointer.x + dx, y: pointer.y + dy), raw)
        case .pointerMotionAbsolute(let p) where absolutePointerAsTouch:
            device.sensorPoint = p
            devices[event.device] = device
            guard device.touches.contains(0), let point = absolute(p, calibration: device.info.calibration) else {
                return []
            }
            return raw(.touchMotion(slot: 0, to: point))
        case .pointerButton(let button, let pressed) where absolutePointerAsTouch && device.sensorPoint != nil:
            guard button == Self.primaryButton else { return [] }
            if !pressed {
                guard device.touches.remove(0) != nil else { return [] }
                devices[event.device] = device
                return raw(.touchUp(slot: 0))
            }
            guard !device.touches.contains(0), let sensor = device.sensorPoint,
                let point = absolute(sensor, calibration: device.info.calibration)
            else { return [] }
            device.touches.insert(0)
            devices[event.device] = device
            touchedSincePointer = true
            return raw(.touchDown(slot: 0, at: point))
        case .pointerMotionAbsolute(let p):
            pointerUsed(at: event.time)
            guard let point = absolute(p, calibration: device.info.calibration) else { return [] }
            return movePointer(to: point, raw)
        case .pointerButton(let button, let pressed):
            pointerUsed(at: event.time)
            return raw(.pointerButton(button: button, pressed: pressed))
        case .pointerAxis(let horizontal, let vertical):
            pointerUsed(at: event.time)
            return raw(.pointerAxis(horizontal: horizontal, vertical: vertical))
        case .key(let code, let pressed):
            return raw(.key(code: code, pressed: pressed))
        }
    }

    /// The seat is taken away: every device's sequences end now (`.deviceGone` for each, in number order) and
    /// the devices are forgotten; the source adds them again when the seat comes back.
    public mutating func suspend(mediaTime: Double) -> [RawInputEvent] {
        let gone = connected.map { RawInputEvent(time: mediaTime, device: $0.id, kind: .deviceGone) }
        devices.removeAll()
        return gone
    }

    /// Whether the cursor is drawn at CLOCK_MONOTONIC time `now`.
    public func cursorVisible(now: Double) -> Bool {
        switch cursorMode {
        case .always: return true
        case .never: return false
        case .auto:
            guard hasPointer, !touchedSincePointer, let last = lastPointerActivity else { return false }
            return now - last < CursorMode.idleSeconds
        }
    }

    /// When `auto` hides a cursor shown now (CLOCK_MONOTONIC), for the loop's timer; nil when nothing is due.
    public func cursorHideDeadline(now: Double) -> Double? {
        guard cursorMode == .auto, cursorVisible(now: now), let last = lastPointerActivity else { return nil }
        return last + CursorMode.idleSeconds
    }

    private mutating func pointerUsed(at time: Double) {
        lastPointerActivity = max(lastPointerActivity ?? time, time)
        touchedSincePointer = false
    }

    private mutating func movePointer(
        to point: Point, _ raw: (RawInputEvent.Kind) -> [RawInputEvent]
    ) -> [RawInputEvent] {
        let clamped = layout.clamp(point)
        guard clamped != pointer else { return [] }
        pointer = clamped
        return raw(.pointerMotion(to: clamped))
    }

    /// A sensor point on the touch output, or nil when there is no output.
    private func absolute(_ p: Point, calibration: CalibrationMatrix) -> Point? {
        layout.output(named: touchOutput).map {
            TouchMapping(calibration: calibration, output: $0).scenePoint(normalized: p)
        }
    }
}
