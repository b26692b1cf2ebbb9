import AnimDisplay
import AnimProtocol
import AnimTransport
import Foundation
import Glibc
import Logging
import Testing

@testable import AnimServer

@Suite("Headless frames paced by the output's virtual vblanks")
struct HeadlessVblankTests {
    @Test("An animating scene's frames are evaluated at exact vblank times though the frame timer wakes 5 ms late")
    func evaluatedAtTheVblank() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("animserver-vblank-\(UUID())").path
        let server = try Server(options: ServerOptions(socketPath: path), logger: Fakes.quiet)
        let output = try Fakes.output(renderer: .software, log: FakeRendererLog())
        server.output = output
        let sink = LockedSink()
        server.frameSink = sink
        server.frameTimerLatency = 0.005
        try server.start()
        defer { server.stop() }
        let client = try SeqPacketSocket.connect(path: path)
        _ = try client.send(FrameCodec.encode(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "vblank"))))
        let animate = W.basic("opacity", from: .number(0), to: .number(1), duration: 100)
        _ = try client.send(
            FrameCodec.encode(
                .commit(
                    Commit(
                        transaction: 1, completions: [],
                        operations: [W.create(1), W.add(animate, to: 1, id: 1, key: "fade")]))))
        var waited = 0
        while sink.times.withLock({ $0.count }) < 8, waited < 500 {
            usleep(10_000)
            waited += 1
        }
        let times = sink.times.withLock { $0 }
        try #require(times.count >= 8)
        // The output refreshes at 50 Hz: after the commit's own frame, every frame is at n / 50 s exactly (the
        // media time of a monotonic clock is CLOCK_MONOTONIC's), one per vblank.
        let interval = try #require((output.framePacer as? VirtualVblankPacer)?.interval)
        let vblanks = times.dropFirst().map { ($0 / interval).rounded() }
        for (time, n) in zip(times.dropFirst(), vblanks) {
            #expect(time == n * interval, "frame at \(time), \(time - n * interval) s from vblank \(n)")
        }
        for (earlier, later) in zip(vblanks, vblanks.dropFirst()) { #expect(later > earlier) }
    }

    @Test("Under a flood of commits the headless output draws at most one frame per vblank (50 a second at 50 Hz)")
    func oneFramePerVblankUnderAFlood() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("animserver-flood-\(UUID())").path
        let server = try Server(options: ServerOptions(socketPath: path), logger: Fakes.quiet)
        let output = try Fakes.output(renderer: .software, log: FakeRendererLog())
        server.output = output
        let sink = LockedSink()
        server.frameSink = sink
        try server.start()
        defer { server.stop() }
        let client = try SeqPacketSocket.connect(path: path)
        _ = try client.send(FrameCodec.encode(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "flood"))))
        _ = try client.send(
            FrameCodec.encode(.commit(Commit(transaction: 1, completions: [], operations: [W.create(1)]))))
        let began = MonotonicClock.now()
        var transaction: UInt64 = 2
        while MonotonicClock.now() - began < 0.4 {
            let opacity = W.set(1, "opacity", .number(Double(transaction % 100) / 100))
            _ = try client.send(
                FrameCodec.encode(.commit(Commit(transaction: transaction, completions: [], operations: [opacity]))))
            transaction += 1
            usleep(500)
        }
        let elapsed = MonotonicClock.now() - began
        usleep(100_000)
        let frames = sink.times.withLock { $0.count }
        let interval = try #require((output.framePacer as? VirtualVblankPacer)?.interval)
        // Every commit wants a frame at once; the vblanks let one through per interval (and the first at once).
        #expect(frames >= 5)
        #expect(Double(frames) <= (elapsed + 0.1) / interval + 2, "\(frames) frames in \(elapsed + 0.1) s")
    }

    @Test("A frame is never evaluated before a commit it shows, though the commit came after the frame's vblank")
    func neverBeforeTheCommitItShows() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("animserver-commit-\(UUID())").path
        let server = try Server(options: ServerOptions(socketPath: path), logger: Fakes.quiet)
        server.output = try Fakes.output(renderer: .software, log: FakeRendererLog())
        let sink = LockedSink()
        server.frameSink = sink
        try server.start()
        defer { server.stop() }
        let client = try SeqPacketSocket.connect(path: path)
        func reply() throws -> Message? {
            guard case .record(let record) = try client.receive(maxBytes: 1 << 16) else { return nil }
            return try FrameCodec.decode(record.bytes, fds: record.fds)
        }
        _ = try client.send(FrameCodec.encode(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "commits"))))
        _ = try reply()
        // Commits at random points of the 20 ms interval, the display idle in between: about half land in the
        // first half of an interval, whose vblank is already past when the frame is planned.
        for transaction in UInt64(1)...10 {
            let before = sink.times.withLock { $0.count }
            let change = transaction == 1 ? W.create(1) : W.set(1, "opacity", .number(Double(transaction) / 10))
            _ = try client.send(
                FrameCodec.encode(.commit(Commit(transaction: transaction, completions: [], operations: [change]))))
            guard case .commitApplied(let applied) = try reply() else {
                Issue.record("expected CommitApplied")
                return
            }
            var waited = 0
            while sink.times.withLock({ $0.count }) == before, waited < 500 {
                usleep(1_000)
                waited += 1
            }
            let shown = try #require(sink.times.withLock { $0.count > before ? $0[before] : nil })
            #expect(shown >= applied.time, "the frame at \(shown) shows the commit applied at \(applied.time)")
            usleep(UInt32.random(in: 25_000...45_000))
        }
    }
}
