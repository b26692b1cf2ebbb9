import Glibc

/// No session: the process opens device nodes itself with open(2), as root or through the video and render
/// groups. No seat events come, so a VT switch is not noticed.
public final class DirectSession: SeatSession {
    public let description: SeatSessionDescription
    public var eventDescriptor: Int32? { nil }
    public var isActive: Bool { true }

    public init(reason: String) {
        description = SeatSessionDescription(kind: .direct, reason: reason)
    }

    public func openDevice(_ path: String) throws(SeatError) -> SeatDevice {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .callFailed(backend: "direct", call: "open(\(path))", errno: errno) }
        return SeatDevice(path: path, fd: fd, id: -1)
    }

    public func closeDevice(_ device: SeatDevice) {
        close(device.fd)
    }

    public func dispatch() throws(SeatError) -> [SeatEvent] { [] }

    public func acknowledgeDisable() throws(SeatError) {}
}
