import AnimCore

/// A device as its event source knows it while it is plugged in (libinput's `libinput_device`).
public struct DeviceHandle: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt
    public init(_ rawValue: UInt) { self.rawValue = rawValue }
    public var description: String { "handle-\(rawValue)" }
}

/// What a device is, when it is added.
public struct DeviceInfo: Hashable, Sendable {
    public enum Capability: String, Hashable, Sendable, CaseIterable {
        case keyboard, pointer, touch
    }

    /// The device's name (`QEMU Virtio Tablet`).
    public var name: String
    /// Its kernel node's name (`event3`): a device removed and added again (the seat came back) keeps its number.
    public var sysname: String
    public var capabilities: Set<Capability>
    /// udev's `LIBINPUT_CALIBRATION_MATRIX` for a touchscreen (identity without one).
    public var calibration: CalibrationMatrix

    public init(
        name: String, sysname: String, capabilities: Set<Capability>, calibration: CalibrationMatrix = .identity
    ) {
        self.name = name
        self.sysname = sysname
        self.capabilities = capabilities
        self.calibration = calibration
    }

    /// `keyboard,pointer` for the log.
    public var capabilityList: String {
        Capability.allCases.filter(capabilities.contains).map(\.rawValue).joined(separator: ",")
    }
}

/// One event of a device source, in the device's terms: touch and absolute positions normalised to its sensor
/// (0…1), relative motion in accelerated pointer units, times on CLOCK_MONOTONIC. `InputDeviceTracker` turns
/// them into `RawInputEvent`s.
public struct DeviceEvent: Hashable, Sendable {
    /// CLOCK_MONOTONIC seconds (libinput's microsecond stamps).
    public var time: Double
    public var device: DeviceHandle
    public var kind: Kind

    public init(time: Double, device: DeviceHandle, kind: Kind) {
        self.time = time
        self.device = device
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable {
        case added(DeviceInfo)
        case removed
        /// `slot` is the device's own (a single-touch screen's is 0).
        case touchDown(slot: Int, at: Point)
        case touchMotion(slot: Int, to: Point)
        case touchUp(slot: Int)
        case touchCancel(slot: Int)
        case pointerMotion(dx: Double, dy: Double)
        /// A tablet or a touchscreen driven as a mouse: a point on its sensor.
        case pointerMotionAbsolute(to: Point)
        case pointerButton(button: UInt32, pressed: Bool)
        /// In points, positive = content moves up/left (RawInputEvent's convention).
        case pointerAxis(horizontal: Double, vertical: Double)
        case key(code: UInt32, pressed: Bool)
    }
}
