import AnimDisplay
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Logging
import Synchronization
import Testing

@testable import AnimServer

/// A display pacer driven by the test: its descriptor is a pipe the test writes to as a "flip".
final class ScriptedPacer: FramePacer, @unchecked Sendable {
    struct State {
        var plans: [Double?] = []
        /// The wanted time of each plan that composed.
        var composed: [Double] = []
        var begun: [Double] = []
        var commits = 0
        /// Plans answered "wait for the flip": the server asked for a frame while one was on screen.
        var waitedForFlip = 0
        var composing = false
        var wake: (@Sendable () -> Void)?
    }

    /// How far past `now` the frame is shown: the time its animations are evaluated for.
    static let lead = 5.0
    let state = Mutex(State())
    let pipe: [Int32]

    init() {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        pipe = fds
    }

    deinit { for fd in pipe { close(fd) } }

    var eventDescriptor: Int32 { pipe[0] }

    func handleEvents() -> Bool {
        var byte: UInt8 = 0
        guard read(pipe[0], &byte, 1) == 1 else { return false }
        state.withLock { $0.composing = false }
        return true
    }

    /// One frame at a time: composed at once, then nothing until the test "flips".
    func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision {
        state.withLock { s in
            s.plans.append(wanted)
            guard let wanted else { return .idle }
            guard !s.composing else {
                s.waitedForFlip += 1
                return .waitForFlip
            }
            s.composed.append(wanted)
            return .compose(start: now, presentation: max(wanted, now) + Self.lead)
        }
    }

    func beginFrame(now: Double) -> Double {
        state.withLock { s in
            s.composing = true
            s.begun.append(now)
        }
        return now + Self.lead
    }

    func commitArrived(at time: Double) { state.withLock { $0.commits += 1 } }
    func setWake(_ wake: @escaping @Sendable () -> Void) { state.withLock { $0.wake = wake } }

    func flip() {
        var byte: UInt8 = 1
        _ = write(pipe[1], &byte, 1)
    }
}

/// Keeps what the server presented, read from the test's thread.
final class LockedSink: FrameSink, @unchecked Sendable {
    let times = Mutex<[Double]>([])
    func present(_ snapshot: RenderSnapshot) { times.withLock { $0.append(snapshot.time) } }
}

@Suite("Server frames paced by a display")
struct PacedFrameTests {
    func send(_ socket: SeqPacketSocket, _ message: Message) throws {
        _ = try socket.send(FrameCodec.encode(message))
    }

    /// Sends a Sync and reads until its reply: what the server's loop had queued before has run by then.
    func roundTrip(_ socket: SeqPacketSocket, request: UInt32) throws -> Bool {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try send(socket, .sync(Sync(request: request)))
        while case .record(let record) = try socket.receive(maxBytes: 1 << 20) {
            if case .syncReply(let reply) = try FrameCodec.decode(record.bytes, fds: record.fds),
                reply.request == request
            {
                return true
            }
        }
        return false
    }

    @Test("A commit is composed when the pacer says, evaluated at its vblank, and the next waits for the flip")
    func paced() throws {
        let folder = try TemporaryFolder(prefix: "animserver-paced")
        defer { withExtendedLifetime(folder) {} }
        let path = folder.url.appendingPathComponent("animserver.sock").path
        let server = try Server(
            options: ServerOptions(socketPath: path),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let pacer = ScriptedPacer()
        let sink = LockedSink()
        server.pacer = pacer
        server.frameSink = sink
        try server.start()
        defer { server.stop() }
        let client = try SeqPacketSocket.connect(path: path)
        try send(client, .hello(Hello(minVersion: 1, maxVersion: 1, clientName: "paced")))
        let animate = W.basic("opacity", from: .number(0), to: .number(1), duration: 100)
        try send(
            client,
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [
                        W.create(1), W.add(animate, to: 1, id: 1, key: "fade"),
                    ])))
        #expect(eventually(timeout: 5) { sink.times.withLock { $0.count } == 1 })
        let begun = try #require(pacer.state.withLock { $0.begun.first })
        let shown = try #require(sink.times.withLock { $0.first })
        // The monotonic clock's media time is CLOCK_MONOTONIC: the frame shows the state at its vblank.
        #expect(abs(shown - (begun + ScriptedPacer.lead)) < 0.05)
        #expect(pacer.state.withLock { $0.commits } == 1)
        // The animation wants more frames, but none comes before the flip: the server asked for the next one, was
        // told to wait, and finished that turn of its loop...
        #expect(eventually(timeout: 5) { pacer.state.withLock { $0.waitedForFlip } >= 1 })
        #expect(try roundTrip(client, request: 2))
        #expect(sink.times.withLock { $0.count } == 1)
        // ...and the flip lets the next one through, a frame interval after the last one's time.
        pacer.flip()
        #expect(eventually(timeout: 5) { sink.times.withLock { $0.count } == 2 })
        let composed = pacer.state.withLock { $0.composed }
        #expect(composed.count >= 2)
        // (Media time and CLOCK_MONOTONIC differ by the microseconds between reading their anchors.)
        #expect(composed.count >= 2 && abs(composed[1] - (shown + ServerConfiguration().frameInterval)) < 0.001)
    }
}
