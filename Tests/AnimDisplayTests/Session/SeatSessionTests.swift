import Glibc
import Logging
import Testing

@testable import AnimDisplay

@Suite("Seat sessions", .serialized)
struct SeatSessionTests {
    static let logger = Logger(label: "test")

    @Test("A direct session opens the node itself, non-blocking, and names the call and errno when it cannot")
    func direct() throws {
        let session = DirectSession(reason: "--session direct")
        #expect(session.eventDescriptor == nil)
        #expect(session.description.summary == "direct")
        let device = try session.openDevice("/dev/null")
        #expect(device.fd >= 0)
        #expect(fcntl(device.fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(device.fd, F_GETFD) & FD_CLOEXEC != 0)
        session.closeDevice(device)
        #expect(fcntl(device.fd, F_GETFD) == -1)
        #expect(throws: SeatError.callFailed(backend: "direct", call: "open(/nonexistent/card9)", errno: ENOENT)) {
            try session.openDevice("/nonexistent/card9")
        }
        #expect(
            SeatError.callFailed(backend: "libseat", call: "libseat_open_device(/dev/dri/card0)", errno: EACCES)
                .description == "libseat: libseat_open_device(/dev/dri/card0) failed: Permission denied (errno 13)")
    }

    @Test("libseat's log says which backend opened the seat; its errors say why none could")
    func log() {
        LibseatLog.beginOpen()
        LibseatLog.record(isError: true, "[libseat/libseat.c:83] Backend 'seatd' failed to open seat: x")
        LibseatLog.record(isError: false, "[libseat/libseat.c:62] Seat opened with backend 'logind'")
        #expect(LibseatLog.openedBackend() == "logind")
        #expect(LibseatLog.openFailures() == "Backend 'seatd' failed to open seat: x")
        #expect(
            LibseatLog.quoted(in: "Seat opened with backend 'builtin'", after: "Seat opened with backend ") == "builtin"
        )
        #expect(
            LibseatLog.quoted(in: "Seat opened with backend 'unterminated", after: "Seat opened with backend ") == nil)
    }

    /// libseat's no-op backend (LIBSEAT_BACKEND=noop) opens a seat with no seat manager: the real library, its
    /// callbacks and device calls, without logind or seatd.
    /// Debian 12's libseat 0.7 has a no-op backend that opens a seat and never enables it: the real library and
    /// its callbacks, with no seat manager.
    @Test("A seat libseat opens but never enables is an error naming the seat and the backend")
    func neverEnabled() throws {
        setenv("LIBSEAT_BACKEND", "noop", 1)
        defer { unsetenv("LIBSEAT_BACKEND") }
        #expect(throws: SeatError.notActive(seat: "noop", backend: "noop", seconds: 0.05)) {
            try LibseatSession(reason: "--session libseat", activationWait: 0.05, logger: Self.logger)
        }
    }

    @Test("auto opens the devices directly when libseat opens no seat, and says why")
    func autoFallsBack() throws {
        setenv("LIBSEAT_BACKEND", "no-such-backend", 1)
        defer { unsetenv("LIBSEAT_BACKEND") }
        let session = try SessionChoice.auto.open(logger: Self.logger)
        #expect(session.description.kind == .direct)
        #expect(session.description.reason.hasPrefix("--session auto: libseat: no backend could open a seat"))
        #expect(session.description.reason.contains("No backend matched name 'no-such-backend'"))
        #expect(throws: SeatError.self) { try SessionChoice.libseat.open(logger: Self.logger) }
    }

    @Test("Every observer of the seat closes its devices before the disable is acknowledged, and hears the enable")
    func observers() {
        let seat = FakeSeatSession()
        let watch = SeatWatch(seat: seat, logger: Self.logger)
        watch.setHandlers(paused: { seat.note("scan-out paused") }, resumed: { seat.note("display relit") })
        watch.addHandlers(paused: { seat.note("input closed") }, resumed: { seat.note("input reopened") })
        seat.queue(.disabled)
        #expect(watch.handleEvents())
        seat.queue(.enabled)
        #expect(watch.handleEvents())
        #expect(
            seat.log == [
                "scan-out paused", "input closed", "acknowledge disable", "display relit", "input reopened",
            ])
    }
}
