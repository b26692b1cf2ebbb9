import AnimCore
import AnimDisplay
import AnimTransport
import CInput
import CUdev
import Glibc
import Logging

/// The devices of a seat through libinput's udev backend: libinput enumerates the seat's input nodes and follows
/// them being plugged and unplugged, and opens each through the session the display uses (libseat's: the
/// daemon's user needs no `input` group; a direct session opens them itself, as root).
public final class LibinputSource: DeviceEventSource {
    /// A wheel's detent scrolls this many points (libinput reports detents as 120ths).
    public static let wheelDetentPoints = 40.0

    private let context: OpaquePointer
    private let udev: OpaquePointer
    private let opener: Opener
    private let opaqueOpener: UnsafeMutableRawPointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let logger: Logger
    public let descriptor: Int32?

    /// Opens and closes device nodes for libinput, through the session; reached through libinput's user data.
    final class Opener {
        let session: any SeatSession
        let logger: Logger
        var open: [Int32: SeatDevice] = [:]

        init(session: any SeatSession, logger: Logger) {
            self.session = session
            self.logger = logger
        }
    }

    /// Creates the context and assigns it the session's seat (`seat0` for a direct session); libinput opens the
    /// devices it finds then, and reports them added at the first `read()`.
    public init(session: any SeatSession, logger: Logger) throws(InputDeviceError) {
        guard let udev = udev_new() else { throw .libinput(call: "udev_new", errno: errno) }
        let opener = Opener(session: session, logger: logger)
        let opaque = Unmanaged.passRetained(opener).toOpaque()
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, _, userdata in
                    guard let path, let userdata else { return -EINVAL }
                    let opener = Unmanaged<Opener>.fromOpaque(userdata).takeUnretainedValue()
                    do throws(SeatError) {
                        let device = try opener.session.openDevice(String(cString: path))
                        opener.open[device.fd] = device
                        return device.fd
                    } catch {
                        opener.logger.warning("input device not opened", metadata: ["error": "\(error)"])
                        if case .callFailed(_, _, let code) = error { return -code }
                        return -EACCES
                    }
                },
                close_restricted: { fd, userdata in
                    guard let userdata else { return }
                    let opener = Unmanaged<Opener>.fromOpaque(userdata).takeUnretainedValue()
                    if let device = opener.open.removeValue(forKey: fd) {
                        opener.session.closeDevice(device)
                    } else {
                        close(fd)
                    }
                }))
        guard let context = libinput_udev_create_context(interface, opaque, udev) else {
            Unmanaged<Opener>.fromOpaque(opaque).release()
            interface.deallocate()
            udev_unref(udev)
            throw .libinput(call: "libinput_udev_create_context", errno: errno)
        }
        let seat = session.description.seat ?? "seat0"
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            Unmanaged<Opener>.fromOpaque(opaque).release()
            interface.deallocate()
            udev_unref(udev)
            throw .libinput(call: "libinput_udev_assign_seat(\(seat))", errno: errno)
        }
        self.context = context
        self.udev = udev
        self.opener = opener
        self.opaqueOpener = opaque
        self.interface = interface
        self.logger = logger
        let fd = libinput_get_fd(context)
        descriptor = fd >= 0 ? fd : nil
        logger.notice(
            "input devices watched", metadata: ["seat": "\(seat)", "session": "\(session.description.summary)"])
    }

    deinit {
        libinput_unref(context)
        Unmanaged<Opener>.fromOpaque(opaqueOpener).release()
        interface.deinitialize(count: 1)
        interface.deallocate()
        udev_unref(udev)
    }

    public func suspend() {
        libinput_suspend(context)
    }

    public func resume() {
        if libinput_resume(context) != 0 {
            logger.error("input devices not resumed (libinput_resume failed)")
        }
    }

    public func read() -> [DeviceEvent] {
        if libinput_dispatch(context) != 0 {
            logger.error("libinput_dispatch failed", metadata: ["errno": "\(errno)"])
        }
        var events: [DeviceEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            events += Self.convert(event)
        }
        return events
    }

    /// libinput's event in the device source's terms; nothing for those the server does not use (touch frames,
    /// gestures, tablet tools, switches, the legacy axis event that duplicates the scroll events).
    static func convert(_ event: OpaquePointer) -> [DeviceEvent] {
        guard let device = libinput_event_get_device(event) else { return [] }
        let handle = DeviceHandle(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(device))))
        let type = libinput_event_get_type(event)
        let seconds = { (usec: UInt64) in Double(usec) / 1_000_000 }
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return [DeviceEvent(time: MonotonicClock.now(), device: handle, kind: .added(info(of: device)))]
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return [DeviceEvent(time: MonotonicClock.now(), device: handle, kind: .removed)]
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event) else { return [] }
            let pressed = libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED
            return [
                DeviceEvent(
                    time: seconds(libinput_event_keyboard_get_time_usec(key)), device: handle,
                    kind: .key(code: libinput_event_keyboard_get_key(key), pressed: pressed))
            ]
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
            LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            guard let pointer = libinput_event_get_pointer_event(event) else { return [] }
            let time = seconds(libinput_event_pointer_get_time_usec(pointer))
            let kind: DeviceEvent.Kind
            switch type {
            case LIBINPUT_EVENT_POINTER_MOTION:
                kind = .pointerMotion(
                    dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer))
            case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
                kind = .pointerMotionAbsolute(
                    to: Point(
                        x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                        y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1)))
            case LIBINPUT_EVENT_POINTER_BUTTON:
                kind = .pointerButton(
                    button: libinput_event_pointer_get_button(pointer),
                    pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED)
            default:
                let wheel = type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL
                let amount = { (axis: libinput_pointer_axis) -> Double in
                    guard libinput_event_pointer_has_axis(pointer, axis) != 0 else { return 0 }
                    return wheel
                        ? libinput_event_pointer_get_scroll_value_v120(pointer, axis) / 120 * wheelDetentPoints
                        : libinput_event_pointer_get_scroll_value(pointer, axis)
                }
                kind = .pointerAxis(
                    horizontal: amount(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
                    vertical: amount(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL))
            }
            return [DeviceEvent(time: time, device: handle, kind: kind)]
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let touch = libinput_event_get_touch_event(event) else { return [] }
            let time = seconds(libinput_event_touch_get_time_usec(touch))
            // A single-touch screen has no slots (-1): its one finger is slot 0.
            let slot = max(Int(libinput_event_touch_get_slot(touch)), 0)
            let point = {
                Point(
                    x: libinput_event_touch_get_x_transformed(touch, 1),
                    y: libinput_event_touch_get_y_transformed(touch, 1))
            }
            let kind: DeviceEvent.Kind =
                switch type {
                case LIBINPUT_EVENT_TOUCH_DOWN: .touchDown(slot: slot, at: point())
                case LIBINPUT_EVENT_TOUCH_MOTION: .touchMotion(slot: slot, to: point())
                case LIBINPUT_EVENT_TOUCH_UP: .touchUp(slot: slot)
                default: .touchCancel(slot: slot)
                }
            return [DeviceEvent(time: time, device: handle, kind: kind)]
        default:
            return []
        }
    }

    /// The device's name, node and capabilities; a touchscreen's udev calibration is taken from libinput (which
    /// would apply it itself) and libinput's set to identity, so `TouchMapping` applies it with the rotation and
    /// layout in one place.
    static func info(of device: OpaquePointer) -> DeviceInfo {
        var capabilities: Set<DeviceInfo.Capability> = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { capabilities.insert(.keyboard) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { capabilities.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { capabilities.insert(.touch) }
        var calibration = CalibrationMatrix.identity
        if libinput_device_config_calibration_has_matrix(device) != 0 {
            var matrix = [Float](repeating: 0, count: 6)
            if libinput_device_config_calibration_get_default_matrix(device, &matrix) != 0,
                let udev = CalibrationMatrix(matrix.map(Double.init))
            {
                calibration = udev
            }
            let identity: [Float] = [1, 0, 0, 0, 1, 0]
            _ = libinput_device_config_calibration_set_matrix(device, identity)
        }
        return DeviceInfo(
            name: String(cString: libinput_device_get_name(device)),
            sysname: String(cString: libinput_device_get_sysname(device)), capabilities: capabilities,
            calibration: calibration)
    }
}

/// Why the input devices could not be watched.
public enum InputDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    case libinput(call: String, errno: Int32)
    case timer(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .libinput(let call, let code):
            "libinput: \(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .timer(let call, let code): "input: \(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
