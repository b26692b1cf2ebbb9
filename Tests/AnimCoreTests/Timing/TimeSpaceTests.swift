import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#parent-time-to-local-time, #converttime, #pause-and-resume.
@Suite("TimeSpace: chains, convertTime, pause and resume")
struct TimeSpaceTests {
    /// Vector 1 through a one-element chain.
    @Test func singleLayerChain() throws {
        let layer = MediaTiming(beginTime: 2, speed: 2, timeOffset: 0.5)
        #expect(TimeSpace.localTime(fromAbsolute: 3, chain: [layer]) == 2.5)
        #expect(try #require(TimeSpace.absoluteTime(fromLocal: 2.5, chain: [layer])) == 3)
    }

    @Test func emptyChainIsAbsoluteTime() {
        #expect(TimeSpace.localTime(fromAbsolute: 12.5, chain: [MediaTiming]()) == 12.5)
        #expect(TimeSpace.absoluteTime(fromLocal: 12.5, chain: [MediaTiming]()) == 12.5)
        #expect(TimeSpace.convert(12.5, from: [], to: []) == 12.5)
    }

    @Test func chainAppliesRootFirst() throws {
        let root = MediaTiming(beginTime: 1, speed: 2)
        let child = MediaTiming(speed: 0.5, timeOffset: 3)
        // Root: (5 − 1)·2 = 8; child: 8·0.5 + 3 = 7. The other order would give (2 + 3 − 1)·2 = 8.
        #expect(TimeSpace.localTime(fromAbsolute: 5, chain: [root, child]) == 7)
        #expect(try #require(TimeSpace.absoluteTime(fromLocal: 7, chain: [root, child])) == 5)
    }

    @Test func absoluteTimeInvertsLocalTime() throws {
        let chain = [
            MediaTiming(beginTime: 100, speed: 1.5, timeOffset: -2),
            MediaTiming(beginTime: 3, speed: -0.25, timeOffset: 7),
            MediaTiming(beginTime: -1, speed: 4),
        ]
        for step in 0..<200 {
            let absolute = 90 + Double(step) * 0.173
            let local = TimeSpace.localTime(fromAbsolute: absolute, chain: chain)
            let back = try #require(TimeSpace.absoluteTime(fromLocal: local, chain: chain))
            #expect(abs(back - absolute) <= 1e-9)
        }
    }

    @Test func pausedLinkHasNoInverse() {
        let chain = [MediaTiming(speed: 0, timeOffset: 4), MediaTiming(beginTime: 1)]
        #expect(TimeSpace.localTime(fromAbsolute: 50, chain: chain) == 3)
        #expect(TimeSpace.absoluteTime(fromLocal: 3, chain: chain) == nil)
        #expect(TimeSpace.convert(3, from: chain, to: []) == nil)
        #expect(TimeSpace.convert(50, from: [], to: chain) == 3)
    }

    /// Siblings under a paused parent still convert: the conversion turns at their common ancestor.
    @Test func convertTurnsAtTheCommonAncestor() {
        let pausedRoot = MediaTiming(beginTime: 5, speed: 0, timeOffset: 2)
        let left = MediaTiming(beginTime: 1, speed: 2)
        let right = MediaTiming(timeOffset: 10)
        // left local 6 ↔ root local 6/2 + 1 = 4 ↔ right local 14.
        #expect(TimeSpace.convert(6, from: [pausedRoot, left], to: [pausedRoot, right]) == 14)
        #expect(TimeSpace.convert(14, from: [pausedRoot, right], to: [pausedRoot, left]) == 6)
        #expect(TimeSpace.convert(6, from: [pausedRoot, left], to: [pausedRoot]) == 4)
        #expect(TimeSpace.convert(6, from: [pausedRoot, left], to: []) == nil)
    }

    @Test func convertBetweenUnrelatedChainsGoesThroughAbsoluteTime() throws {
        let a = [MediaTiming(beginTime: 2, speed: 3)]
        let b = [MediaTiming(beginTime: -4), MediaTiming(speed: 0.5, timeOffset: 1)]
        let absolute = 9.0
        let localA = TimeSpace.localTime(fromAbsolute: absolute, chain: a)
        let localB = TimeSpace.localTime(fromAbsolute: absolute, chain: b)
        let converted = try #require(TimeSpace.convert(localA, from: a, to: b))
        #expect(abs(converted - localB) <= 1e-12)
    }

    /// Vector 2: raising a layer's beginTime from 0 to 5 lowers its local time by exactly 5.
    @Test func beginTimeShiftsLocalTime() {
        let now = 7206.88
        var layer = MediaTiming()
        let before = TimeSpace.localTime(fromAbsolute: now, chain: [layer])
        layer.beginTime = 5
        let after = TimeSpace.localTime(fromAbsolute: now, chain: [layer])
        #expect(before == now)
        #expect(after == before - 5)
    }

    /// Vector 3: QA1673, pause at absolute 100 and resume at 110.
    @Test func qa1673PauseAndResume() {
        var layer = MediaTiming()
        QA1673.pause(&layer, ancestors: [], at: 100)
        #expect(layer.speed == 0)
        #expect(layer.timeOffset == 100)
        #expect(TimeSpace.localTime(fromAbsolute: 110, chain: [layer]) == 100)
        QA1673.resume(&layer, ancestors: [], at: 110)
        #expect(layer.beginTime == 10)
        #expect(layer.speed == 1)
        #expect(layer.timeOffset == 0)
        #expect(TimeSpace.localTime(fromAbsolute: 110, chain: [layer]) == 100)
        #expect(TimeSpace.localTime(fromAbsolute: 111, chain: [layer]) == 101)
    }

    /// The recipe keeps a layer's local time continuous across pause and resume, under any ancestors and
    /// from any starting beginTime and timeOffset (at speed 1, as the recipe assumes).
    @Test(arguments: [
        [MediaTiming](),
        [MediaTiming(beginTime: 3, speed: 2, timeOffset: 1)],
        [MediaTiming(speed: 0.5), MediaTiming(beginTime: -7, speed: 1.25, timeOffset: 4)],
    ])
    func pauseResumeKeepsLocalTimeContinuous(ancestors: [MediaTiming]) {
        for step in 0..<25 {
            let pauseAt = 50 + Double(step) * 3.7
            let resumeAt = pauseAt + 0.5 + Double(step % 5) * 11.3
            var layer = MediaTiming(beginTime: Double(step % 3), timeOffset: Double(step % 4) * 0.5)
            let chainTime = { (layer: MediaTiming, t: Double) in
                TimeSpace.localTime(fromAbsolute: t, chain: ancestors + [layer])
            }
            let justBeforePause = chainTime(layer, pauseAt)
            QA1673.pause(&layer, ancestors: ancestors, at: pauseAt)
            #expect(abs(chainTime(layer, pauseAt) - justBeforePause) <= 1e-9)
            for wait in stride(from: pauseAt, through: resumeAt, by: 0.9) {
                #expect(abs(chainTime(layer, wait) - justBeforePause) <= 1e-9, "paused time moved")
            }
            QA1673.resume(&layer, ancestors: ancestors, at: resumeAt)
            #expect(abs(chainTime(layer, resumeAt) - justBeforePause) <= 1e-9)
            let parentRate = ancestors.reduce(1.0) { $0 * $1.speed }
            let later = chainTime(layer, resumeAt + 2)
            #expect(abs(later - (justBeforePause + 2 * parentRate)) <= 1e-9, "resumed at the wrong rate")
        }
    }
}

/// QA1673 as written, with `layer.convertTime(CACurrentMediaTime(), from: nil)` done by `TimeSpace` over the
/// layer's ancestors and the layer itself.
private enum QA1673 {
    static func pause(_ layer: inout MediaTiming, ancestors: [MediaTiming], at now: Double) {
        let pausedTime = TimeSpace.localTime(fromAbsolute: now, chain: ancestors + [layer])
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    static func resume(_ layer: inout MediaTiming, ancestors: [MediaTiming], at now: Double) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = TimeSpace.localTime(fromAbsolute: now, chain: ancestors + [layer]) - pausedTime
        layer.beginTime = timeSincePause
    }
}
