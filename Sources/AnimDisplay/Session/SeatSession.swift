/// Who opens the display's device nodes and tells the output when it may use them: a seat session (logind or
/// seatd through libseat, which also switches VTs away and back) or the process itself (`DirectSession`).
/// Every method but `openDevice` at start-up runs on the server's loop thread.
public protocol SeatSession: AnyObject, Sendable {
    /// What `animctl status` and the log say: which session, backend and seat, and why it was chosen.
    var description: SeatSessionDescription { get }
    /// The descriptor the loop watches for seat events (`dispatch()` when readable); nil: no events ever come.
    var eventDescriptor: Int32? { get }
    /// Whether the devices may be used now (false while the VT is switched away).
    var isActive: Bool { get }
    /// Opens a device node (`/dev/dri/card0`) read-write, non-blocking and close-on-exec.
    func openDevice(_ path: String) throws(SeatError) -> SeatDevice
    /// Gives the device back and closes its descriptor.
    func closeDevice(_ device: SeatDevice)
    /// Reads what arrived on `eventDescriptor`: the seat was disabled (stop using the devices, then
    /// `acknowledgeDisable`) or enabled again, in order.
    func dispatch() throws(SeatError) -> [SeatEvent]
    /// Tells the seat the devices are no longer used after `.disabled` (libseat_disable_seat).
    func acknowledgeDisable() throws(SeatError)
}

/// A device node opened through a session.
public struct SeatDevice: Hashable, Sendable {
    public let path: String
    public let fd: Int32
    /// The session's handle for closing it (libseat's device id; -1 for a direct open).
    public let id: Int32

    public init(path: String, fd: Int32, id: Int32) {
        self.path = path
        self.fd = fd
        self.id = id
    }
}

public enum SeatEvent: Hashable, Sendable {
    /// The seat may be used again (the VT was switched back): relight, redraw.
    case enabled
    /// The seat is being taken away (VT switched away, DRM master revoked): stop every ioctl, then acknowledge.
    case disabled
}

/// The session in use, for the log and `animctl status`.
public struct SeatSessionDescription: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case libseat, direct
    }

    public var kind: Kind
    /// libseat's backend (`logind`, `seatd`, `builtin`); nil for a direct session or when libseat did not say.
    public var backend: String?
    /// The seat's name (`seat0`); nil for a direct session.
    public var seat: String?
    /// Why this session was chosen.
    public var reason: String

    public init(kind: Kind, backend: String? = nil, seat: String? = nil, reason: String) {
        self.kind = kind
        self.backend = backend
        self.seat = seat
        self.reason = reason
    }

    /// `libseat (logind, seat0)` or `direct`.
    public var summary: String {
        let details = [backend, seat].compactMap { $0 }
        return details.isEmpty ? kind.rawValue : "\(kind.rawValue) (\(details.joined(separator: ", ")))"
    }

    public var description: String { "\(summary): \(reason)" }
}
