import AnimTransport
import CSeat
import Foundation
import Glibc
import Logging
import Synchronization

/// A seat opened through libseat: logind (a PAM session on a VT, `TakeControl`), seatd's socket, or libseat's
/// builtin seatd when root; libseat tries them in that order unless `LIBSEAT_BACKEND` names one. Device nodes
/// are opened by the seat's owner, so the dedicated user needs no video or render group, and a VT switch
/// arrives as `.disabled` / `.enabled`.
///
/// libseat is not thread-safe: every call holds `lock`. Its callbacks run inside `libseat_dispatch` and only
/// record the event; `dispatch()` hands them to the caller after the call returns.
public final class LibseatSession: SeatSession, @unchecked Sendable {
    public let description: SeatSessionDescription
    public let eventDescriptor: Int32?
    private let seat: OpaquePointer
    /// Where libseat keeps a pointer to the callbacks: it must outlive the seat.
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    private let inbox: Inbox
    private let lock = NSLock()

    /// What the callbacks record, reached through libseat's userdata pointer.
    private final class Inbox {
        var events: [SeatEvent] = []
        var active = false
    }

    /// Opens the seat and waits up to `activationWait` seconds for libseat to enable it (logind sends the
    /// enable on the first dispatch when the session's VT is in the foreground); a seat that stays disabled is
    /// an error, as its devices cannot be used (libseat's builtin seatd opens one for a user who may not switch
    /// VTs). `reason` says why libseat is used (the `--session` choice).
    public init(reason: String, activationWait: Double = 2, logger: Logger) throws(SeatError) {
        LibseatLog.install(logger: logger)
        let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        listener.initialize(
            to: libseat_seat_listener(
                enable_seat: { _, userdata in
                    guard let userdata else { return }
                    let inbox = Unmanaged<Inbox>.fromOpaque(userdata).takeUnretainedValue()
                    inbox.active = true
                    inbox.events.append(.enabled)
                },
                disable_seat: { _, userdata in
                    guard let userdata else { return }
                    let inbox = Unmanaged<Inbox>.fromOpaque(userdata).takeUnretainedValue()
                    inbox.active = false
                    inbox.events.append(.disabled)
                }))
        let inbox = Inbox()
        let userdata = Unmanaged.passRetained(inbox).toOpaque()
        LibseatLog.beginOpen()
        guard let seat = libseat_open_seat(listener, userdata) else {
            let code = errno
            Unmanaged<Inbox>.fromOpaque(userdata).release()
            listener.deinitialize(count: 1)
            listener.deallocate()
            throw .noSeat(errno: code, detail: LibseatLog.openFailures())
        }
        self.seat = seat
        self.listener = listener
        self.inbox = inbox
        let fd = libseat_get_fd(seat)
        eventDescriptor = fd >= 0 ? fd : nil
        let name = libseat_seat_name(seat).map { String(cString: $0) }
        description = SeatSessionDescription(
            kind: .libseat, backend: LibseatLog.openedBackend(), seat: name, reason: reason)
        let deadline = MonotonicClock.now() + activationWait
        while !inbox.active, MonotonicClock.now() < deadline {
            if libseat_dispatch(seat, 100) < 0 {
                throw .callFailed(backend: "libseat", call: "libseat_dispatch", errno: errno)
            }
        }
        // The enable seen while waiting is the start, not a VT switched back.
        inbox.events.removeAll()
        guard inbox.active else {
            throw .notActive(seat: name ?? "?", backend: description.backend, seconds: activationWait)
        }
    }

    deinit {
        libseat_close_seat(seat)
        listener.deinitialize(count: 1)
        listener.deallocate()
        Unmanaged.passUnretained(inbox).release()
    }

    public var isActive: Bool {
        lock.withLock { inbox.active }
    }

    public func openDevice(_ path: String) throws(SeatError) -> SeatDevice {
        lock.lock()
        defer { lock.unlock() }
        var fd: Int32 = -1
        let id = libseat_open_device(seat, path, &fd)
        guard id >= 0, fd >= 0 else {
            throw .callFailed(backend: "libseat", call: "libseat_open_device(\(path))", errno: errno)
        }
        // Page-flip events are read until EAGAIN; logind and seatd open non-blocking already.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return SeatDevice(path: path, fd: fd, id: id)
    }

    public func closeDevice(_ device: SeatDevice) {
        lock.withLock { _ = libseat_close_device(seat, device.id) }
        close(device.fd)
    }

    public func dispatch() throws(SeatError) -> [SeatEvent] {
        lock.lock()
        defer { lock.unlock() }
        guard libseat_dispatch(seat, 0) >= 0 else {
            throw .callFailed(backend: "libseat", call: "libseat_dispatch", errno: errno)
        }
        defer { inbox.events.removeAll() }
        return inbox.events
    }

    public func acknowledgeDisable() throws(SeatError) {
        lock.lock()
        defer { lock.unlock() }
        guard libseat_disable_seat(seat) == 0 else {
            throw .callFailed(backend: "libseat", call: "libseat_disable_seat", errno: errno)
        }
    }
}

/// libseat's own log, through swift-log; it is also how the backend that opened the seat is learnt (libseat has
/// no call that names it) and why none could.
enum LibseatLog {
    private struct State {
        var logger: Logger?
        var backend: String?
        var failures: [String] = []
    }

    private static let state = Mutex(State())

    static func install(logger: Logger) {
        state.withLock { $0.logger = logger }
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_INFO)
        libseat_set_log_handler { level, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            LibseatLog.record(isError: level == LIBSEAT_LOG_LEVEL_ERROR, String(decoding: bytes, as: UTF8.self))
        }
    }

    static func beginOpen() {
        state.withLock {
            $0.backend = nil
            $0.failures = []
        }
    }

    static func openedBackend() -> String? { state.withLock { $0.backend } }

    static func openFailures() -> String {
        let failures = state.withLock { $0.failures }
        return failures.isEmpty ? "libseat said nothing" : failures.joined(separator: "; ")
    }

    /// Keeps what the seat's opening says: "Seat opened with backend 'logind'", or each backend's failure.
    static func record(isError: Bool, _ message: String) {
        // Messages start with "[file:line] " (libseat's source position), which says nothing to an operator.
        let text = message.hasPrefix("[") ? String(message.drop { $0 != "]" }.dropFirst().drop { $0 == " " }) : message
        let logger = state.withLock { s -> Logger? in
            if let quoted = Self.quoted(in: text, after: "Seat opened with backend ") { s.backend = quoted }
            if isError { s.failures.append(text) }
            return s.logger
        }
        let severity: Logger.Level = isError ? .info : .debug
        logger?.log(level: severity, "libseat: \(text)")
    }

    /// `logind` from `Seat opened with backend 'logind'`.
    static func quoted(in text: String, after prefix: String) -> String? {
        guard let range = text.range(of: prefix + "'") else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
