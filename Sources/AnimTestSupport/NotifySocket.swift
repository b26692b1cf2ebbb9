import Glibc

/// A datagram socket in place of systemd's notification socket (`$NOTIFY_SOCKET`): what a daemon reports with
/// sd_notify ("READY=1", "WATCHDOG=1", "STOPPING=1") arrives here.
public final class NotifySocket: @unchecked Sendable {
    public let path: String
    private let fd: Int32

    public init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
            return path.utf8.count < raw.count
        }
        let bound =
            fits
            ? withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            } : -1
        guard fd >= 0, bound == 0 else {
            let error = fits ? errno : ENAMETOOLONG
            if fd >= 0 { close(fd) }
            throw NotifySocketError.cannotBind(path, error)
        }
    }

    /// The next notification, or nil when none arrives within `timeout` seconds.
    public func receive(timeout: Double = 1) -> String? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32((timeout * 1000).rounded(.up))) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    deinit { close(fd) }
}

/// The notification socket could not be made: the path and errno.
public enum NotifySocketError: Error, CustomStringConvertible {
    case cannotBind(String, Int32)

    public var description: String {
        switch self {
        case .cannotBind(let path, let error):
            "cannot bind a notification socket at \(path): \(String(cString: strerror(error)))"
        }
    }
}
