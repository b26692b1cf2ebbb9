import AnimCore
import AnimProtocol
import Logging
import Testing

@testable import AnimServer

@Suite("Server clock and clock control")
struct ClockTests {
    @Test func manualClockOperations() throws {
        let clock = ServerClock.manual(start: 5)
        #expect(clock.now() == 5)
        try clock.advance(0.5)
        #expect(clock.now() == 5.5)
        try clock.set(2)
        #expect(clock.now() == 2)
        clock.pause()
        try clock.advance(1)
        #expect(clock.now() == 2)
        clock.resume()
        try clock.advance(1)
        #expect(clock.now() == 3)
        try clock.setRate(0.5)
        try clock.advance(1)
        #expect(clock.now() == 3.5)
        #expect(throws: ClockError.self) { try clock.setRate(0) }
        #expect(throws: ClockError.self) { try clock.setRate(.infinity) }
        #expect(throws: ClockError.self) { try clock.advance(-1) }
        #expect(throws: ClockError.self) { try clock.set(.nan) }
        #expect(clock.monotonicTime(forMediaTime: 10) == nil)
    }

    @Test func monotonicMediaTimeIsContinuousAcrossPauseAndRate() throws {
        final class Source { var t = 100.0 }
        let source = Source()
        let clock = ServerClock(mode: .monotonic, start: 100, source: { source.t })
        source.t = 101
        #expect(clock.now() == 101)
        clock.pause()
        source.t = 105
        #expect(clock.now() == 101)
        clock.resume()
        source.t = 106
        #expect(clock.now() == 102)
        try clock.setRate(2)
        #expect(clock.now() == 102)
        source.t = 107
        #expect(clock.now() == 104)
        #expect(clock.monotonicTime(forMediaTime: 106) == 108)
        let error = #expect(throws: ClockError.self) { try clock.set(0) }
        #expect(error?.field == "set")
        #expect(error?.reason.contains("manual") == true)
        #expect(throws: ClockError.self) { try clock.advance(1) }
    }

    @Test func clockControlNeedsTheServersUserOrRoot() throws {
        let h = ServerHarness()
        let stranger = try h.connect(uid: 1001)
        let denied = h.send(.clockControl(ClockControl(request: 4, action: .advance(1))), from: stranger)
        let report = try #require(denied.errorReports.first)
        #expect(report.code == WireErrorCode.permissionDenied.rawValue)
        #expect(report.request == 4)
        #expect(report.value == "1001")
        #expect(!report.fatal)
        #expect(h.clock.now() == 0)
        // Reading the clock is allowed to anyone.
        #expect(
            h.send(.clockControl(ClockControl(request: 5, action: .query)), from: stranger) == [
                .clockState(ClockState(request: 5, mode: .manual, time: 0, paused: false, rate: 1))
            ])
        let root = try h.connect(uid: 0)
        #expect(
            h.send(.clockControl(ClockControl(request: 6, action: .advance(1.5))), from: root) == [
                .clockState(ClockState(request: 6, mode: .manual, time: 1.5, paused: false, rate: 1))
            ])
    }

    @Test func clockControlSteersTheClock() throws {
        let h = ServerHarness()
        let s = try h.connect()
        func control(_ action: WireClockAction) -> [Message] {
            h.send(.clockControl(ClockControl(request: 1, action: action)), from: s)
        }
        #expect(
            control(.set(10)) == [.clockState(ClockState(request: 1, mode: .manual, time: 10, paused: false, rate: 1))])
        #expect(
            control(.rate(2)) == [.clockState(ClockState(request: 1, mode: .manual, time: 10, paused: false, rate: 2))])
        #expect(
            control(.advance(1)) == [
                .clockState(ClockState(request: 1, mode: .manual, time: 12, paused: false, rate: 2))
            ])
        #expect(
            control(.pause) == [.clockState(ClockState(request: 1, mode: .manual, time: 12, paused: true, rate: 2))])
        #expect(
            control(.resume) == [.clockState(ClockState(request: 1, mode: .manual, time: 12, paused: false, rate: 2))])
        let bad = try #require(control(.rate(-1)).errorReports.first)
        #expect(bad.code == WireErrorCode.invalidValue.rawValue)
        #expect(bad.field == "ClockControl.action.rate")
        #expect(bad.value == "-1")
        // A clock change asks for a frame at the new time.
        #expect(h.core.nextFrameTime(after: 12) == 12)
    }

    @Test func setNeedsAManualClock() throws {
        let core = ServerCore(
            configuration: ServerConfiguration(), clock: .monotonic(), serverUID: 0,
            logger: .init(label: "animserver.test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let s = core.openSession(credentials: .init(pid: 1, uid: 0, gid: 0))
        _ = core.receive(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "ctl")), fds: [], from: s)
        let replies = core.receive(.clockControl(ClockControl(request: 2, action: .set(0))), fds: [], from: s)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.invalidValue.rawValue)
        #expect(report.field == "ClockControl.action.set")
        #expect(report.message.contains("--clock manual"))
    }
}
