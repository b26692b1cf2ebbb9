import AnimCore
import AnimDisplay
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Frame loop: snapshots and idle")
struct FrameLoopTests {
    @Test func theSnapshotHoldsPresentationStatesAtTheFrameTime() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.create(2), W.insert(2, into: 1), W.create(3),
                W.add(W.basic("opacity", from: .number(0), to: .number(1), duration: 2), to: 2, id: 1, key: "fade"),
            ], from: s)
        try h.frame(at: 0.5)
        let snapshot = try #require(h.sink.lastSnapshot)
        #expect(h.sink.presentedFrames == 1)
        #expect(snapshot.frame == 1)
        #expect(snapshot.time == 0.5)
        let client = try #require(snapshot.clients.first)
        #expect(client.session == s)
        #expect(client.roots == [LayerID(1), LayerID(3)])
        #expect(client.layers[LayerID(1)]?.sublayers == [LayerID(2)])
        #expect(client.layers[LayerID(2)]?.state.opacity == 0.25)
        #expect(client.layers[LayerID(1)]?.state.opacity == 1)
        #expect(h.core.statistics.frames == 1)
    }

    @Test func idleAfterTheAnimationsEnd() throws {
        let h = ServerHarness()
        let s = try h.connect()
        #expect(h.core.nextFrameTime(after: 0) == nil)
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: nil)], from: s)
        // A commit asks for a frame at once.
        #expect(h.core.nextFrameTime(after: 0) == 0)
        try h.frame(at: 0)
        // While animating: one frame interval after the last frame.
        let interval = h.core.configuration.frameInterval
        #expect(h.core.nextFrameTime(after: 0.001) == interval)
        try h.frame(at: 0.5)
        #expect(h.core.nextFrameTime(after: 0.5) == 0.5 + interval)
        // The end passed: one more frame to report the stop, then nothing.
        #expect(h.core.nextFrameTime(after: 1.2) == 1.2)
        try h.frame(at: 1.2)
        #expect(h.core.nextFrameTime(after: 1.2) == nil)
        #expect(h.core.nextFrameTime(after: 100) == nil)
    }

    @Test func aLaterAnimationWakesTheLoopAtItsBeginTime() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1),
                W.add(W.basic("opacity", from: .number(0), to: .number(1), begin: 5), to: 1, id: 1, key: nil),
            ],
            from: s)
        try h.frame(at: 0)
        #expect(h.core.nextFrameTime(after: 1) == 5)
    }

    @Test func aPausedClockIsIdle() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: nil)], from: s)
        try h.frame(at: 0.1)
        h.clock.pause()
        #expect(h.core.nextFrameTime(after: 0.1) == nil)
        h.clock.resume()
        #expect(h.core.nextFrameTime(after: 0.1) != nil)
    }

    @Test func frameTimesAreSummarised() {
        var samples = FrameTimeSamples(capacity: 100)
        for i in 1...100 { samples.record(Double(i)) }
        #expect(samples.summary == FrameTimeSummary(p50: 50, p99: 99, max: 100))
        samples.record(1000)  // replaces the oldest (1)
        #expect(samples.summary.max == 1000)
        #expect(samples.summary.p50 == 51)
        #expect(FrameTimeSamples().summary == FrameTimeSummary(p50: 0, p99: 0, max: 0))
    }
}
