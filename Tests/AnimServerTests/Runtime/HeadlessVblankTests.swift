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
}
