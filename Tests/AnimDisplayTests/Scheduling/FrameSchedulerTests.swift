import Testing

@testable import AnimDisplay

@Suite("Frame scheduler")
struct FrameSchedulerTests {
    static let hz60 = 1.0 / 60

    /// A scheduler that has seen the modeset's flip at `panel`'s vblank 0.
    func started(_ panel: SchedulingPanel, nominal: Double? = nil) -> FrameScheduler {
        var scheduler = FrameScheduler(
            configuration: FrameSchedulerConfiguration(refreshInterval: nominal ?? panel.period))
        scheduler.flipCompleted(timestamp: panel.vblank(0), sequence: 0)
        return scheduler
    }

    @Test("Before any flip the first frame is composed at once for the time it is wanted")
    func firstFrame() {
        var scheduler = FrameScheduler(configuration: FrameSchedulerConfiguration(refreshInterval: Self.hz60))
        #expect(scheduler.plan(wanted: 5, now: 5) == .compose(start: 5, presentation: 5))
        #expect(scheduler.beginFrame(now: 5) == 5)
        scheduler.frameComposed(now: 5.003, flipped: true)
        #expect(scheduler.plan(wanted: 5.004, now: 5.004) == .waitForFlip)
        scheduler.flipCompleted(timestamp: 5.01, sequence: 300)
        #expect(scheduler.statistics.framesPresented == 1)
        #expect(scheduler.statistics.animatedTime == 0)
    }

    @Test("Steady 60 Hz: every frame is composed a repaint window before the next vblank and shown at it")
    func steady60() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        let shown = runContinuous(&scheduler, panel: panel, frames: 120)
        #expect(shown.count == 120)
        for (i, frame) in shown.enumerated() {
            #expect(abs(frame.presentation - panel.vblank(i + 1)) < 1e-9)
            #expect(abs(frame.flip - frame.presentation) < 1e-9)
        }
        #expect(scheduler.statistics.framesPresented == 120)
        #expect(scheduler.statistics.missedVblanks == 0)
        #expect(scheduler.statistics.sharedVblanks == 0)
        #expect(scheduler.statistics.hitchTime == 0)
        #expect(abs(scheduler.statistics.animatedTime - 2.0) < 1e-6)
        // Costs of 2 ms plus the 1 ms margin stay under the 4 ms floor.
        #expect(scheduler.repaintWindow == 0.004)
    }

    @Test("A flip the kernel stamps with the previous flip's vblank sequence (or an older one) counts as shared")
    func sharedVblank() {
        var scheduler = FrameScheduler(configuration: FrameSchedulerConfiguration(refreshInterval: Self.hz60))
        scheduler.flipCompleted(timestamp: 1, sequence: 60)
        scheduler.flipCompleted(timestamp: 1 + Self.hz60, sequence: 61)
        #expect(scheduler.statistics.sharedVblanks == 0)
        scheduler.flipCompleted(timestamp: 1 + Self.hz60 + 0.001, sequence: 61)
        #expect(scheduler.statistics.sharedVblanks == 1)
        scheduler.flipCompleted(timestamp: 1 + 2 * Self.hz60, sequence: 60)
        #expect(scheduler.statistics.sharedVblanks == 2)
        // Drivers that count no vblanks report 0: nothing can be said then.
        scheduler.flipCompleted(timestamp: 1 + 3 * Self.hz60, sequence: 0)
        scheduler.flipCompleted(timestamp: 1 + 4 * Self.hz60, sequence: 0)
        #expect(scheduler.statistics.sharedVblanks == 2)
    }

    @Test("The deadline is the predicted vblank minus the window")
    func deadline() {
        let panel = SchedulingPanel(period: Self.hz60, phase: 10)
        var scheduler = started(panel)
        // A change 1 ms after the vblank: the next vblank is still reachable, composition waits for its deadline.
        let decision = scheduler.plan(wanted: 10.001, now: 10.001)
        #expect(decision == .compose(start: 10 + Self.hz60 - 0.004, presentation: 10 + Self.hz60))
    }

    @Test("Jitter of the flip timestamps: predictions follow the last flip and no vblank is missed")
    func jitter() {
        // ±0.3 ms on every vblank, deterministic.
        let offsets = [0.0003, -0.0002, 0.0001, -0.0003, 0.0002, 0, -0.0001]
        let panel = SchedulingPanel(period: Self.hz60, jitter: { offsets[$0 % offsets.count] })
        var scheduler = started(panel)
        let shown = runContinuous(&scheduler, panel: panel, frames: 300)
        #expect(shown.count == 300)
        for frame in shown { #expect(abs(frame.flip - frame.presentation) < 0.001) }
        #expect(scheduler.statistics.missedVblanks == 0)
        #expect(scheduler.statistics.hitchTime == 0)
        #expect(abs(scheduler.refreshInterval - Self.hz60) < 0.0002)
    }

    @Test("A slow frame reaches the screen one vblank late: one missed vblank, one interval of hitch")
    func slowFrame() throws {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        let shown = runContinuous(&scheduler, panel: panel, frames: 60) { $0 == 30 ? 0.020 : 0.002 }
        #expect(shown.count == 60)
        #expect(scheduler.statistics.missedVblanks == 1)
        #expect(abs(scheduler.statistics.hitchTime - Self.hz60) < 1e-9)
        // 60 frames over 61 intervals: the hitch is one interval in 61.
        #expect(abs(scheduler.statistics.animatedTime - 61 * Self.hz60) < 1e-9)
        #expect(abs(scheduler.statistics.hitchRatio - 1.0 / 61) < 1e-9)
        // The slow frame was evaluated for vblank 31 but shown at 32; the next frame is aimed at 33.
        #expect(abs(shown[30].presentation - panel.vblank(31)) < 1e-9)
        #expect(abs(shown[30].flip - panel.vblank(32)) < 1e-9)
        #expect(abs(shown[31].presentation - panel.vblank(33)) < 1e-9)
        // The 20 ms cost is in the window now (90th percentile of 16: the second largest is 2 ms).
        #expect(abs(scheduler.predictedCost - 0.002) < 1e-12)
    }

    @Test("Composition that starts after its deadline is aimed at the next vblank and counted as missed")
    func lateStart() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        _ = runContinuous(&scheduler, panel: panel, frames: 3)
        // Vblank 3 was the last flip; the plan aims at 4, but the loop only gets to it just before vblank 4.
        guard case .compose(_, let presentation) = scheduler.plan(wanted: panel.vblank(3), now: panel.vblank(3))
        else {
            Issue.record("expected a frame")
            return
        }
        #expect(abs(presentation - panel.vblank(4)) < 1e-9)
        let evaluated = scheduler.beginFrame(now: panel.vblank(4) - 0.001)
        #expect(abs(evaluated - panel.vblank(5)) < 1e-9)
        #expect(scheduler.statistics.missedVblanks == 1)
        scheduler.frameComposed(now: panel.vblank(4) + 0.001, flipped: true)
        scheduler.flipCompleted(timestamp: panel.vblank(5), sequence: 5)
        // Counted once, at the start; the flip itself was on time for the frame's new target.
        #expect(scheduler.statistics.missedVblanks == 1)
        #expect(abs(scheduler.statistics.hitchTime - Self.hz60) < 1e-9)
    }

    @Test("A timer firing a little after the deadline is not a missed vblank")
    func timerLatency() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        guard case .compose(let start, let presentation) = scheduler.plan(wanted: 0, now: 0) else {
            Issue.record("expected a frame")
            return
        }
        #expect(scheduler.beginFrame(now: start + 0.0005) == presentation)
        #expect(scheduler.statistics.missedVblanks == 0)
    }

    @Test("Idle: nothing wanted gives no frame and no timer; a commit then aims at the next reachable vblank")
    func idleThenCommit() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        _ = runContinuous(&scheduler, panel: panel, frames: 10)
        #expect(scheduler.plan(wanted: nil, now: panel.vblank(10)) == .idle)
        let before = scheduler.statistics
        // A commit 14 ms after vblank 100 (a long idle gap): vblank 101's deadline (−4 ms) has passed.
        let commit = panel.vblank(100) + 0.014
        scheduler.commitArrived(at: commit)
        guard case .compose(let start, let presentation) = scheduler.plan(wanted: commit, now: commit) else {
            Issue.record("expected a frame")
            return
        }
        #expect(abs(presentation - panel.vblank(102)) < 1e-9)
        #expect(abs(start - (panel.vblank(102) - 0.004)) < 1e-9)
        #expect(scheduler.beginFrame(now: start) == presentation)
        scheduler.frameComposed(now: start + 0.002, flipped: true)
        scheduler.flipCompleted(timestamp: panel.vblank(102), sequence: 102)
        let after = scheduler.statistics
        #expect(after.missedVblanks == before.missedVblanks)
        #expect(after.hitchTime == before.hitchTime)
        // The frame after the gap covers one interval, not the gap.
        #expect(abs(after.animatedTime - before.animatedTime - Self.hz60) < 1e-9)
        // 14 ms → vblank 102: 16.67 + 2.67 = 19.3 ms, in the 16…24 ms bucket.
        #expect(after.commitToPhoton.total == 1)
        #expect(after.commitToPhoton.counts[2] == 1)
        #expect(abs(after.commitToPhoton.max - (2 * Self.hz60 - 0.014)) < 1e-9)
    }

    @Test("Never two flips in one vblank: a pending frame blocks the next, which aims after the flip")
    func oneFlipPerVblank() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        guard case .compose(let start, let first) = scheduler.plan(wanted: 0, now: 0) else {
            Issue.record("expected a frame")
            return
        }
        _ = scheduler.beginFrame(now: start)
        #expect(scheduler.plan(wanted: start, now: start) == .waitForFlip)
        scheduler.frameComposed(now: start + 0.001, flipped: true)
        #expect(scheduler.plan(wanted: start + 0.001, now: start + 0.001) == .waitForFlip)
        scheduler.flipCompleted(timestamp: first, sequence: 1)
        // Wanted before the flip it follows: still the vblank after it.
        guard case .compose(_, let second) = scheduler.plan(wanted: start, now: first) else {
            Issue.record("expected a frame")
            return
        }
        #expect(abs(second - panel.vblank(2)) < 1e-9)
    }

    @Test("A frame that changed nothing queues no flip: the next one can be planned at once")
    func unchangedFrame() {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        scheduler.commitArrived(at: 0.001)
        guard case .compose(let start, _) = scheduler.plan(wanted: 0.001, now: 0.001) else {
            Issue.record("expected a frame")
            return
        }
        _ = scheduler.beginFrame(now: start)
        scheduler.frameComposed(now: start + 0.001, flipped: false)
        #expect(scheduler.plan(wanted: nil, now: start + 0.001) == .idle)
        #expect(scheduler.statistics.commitToPhoton.total == 0)
        #expect(scheduler.statistics.framesPresented == 0)
    }

    @Test("A later wanted time waits for its own vblank", arguments: [0.05, 0.1])
    func futureFrame(after seconds: Double) {
        let panel = SchedulingPanel(period: Self.hz60)
        var scheduler = started(panel)
        guard case .compose(_, let presentation) = scheduler.plan(wanted: seconds, now: 0) else {
            Issue.record("expected a frame")
            return
        }
        #expect(abs(presentation - panel.vblank(Int((seconds / Self.hz60).rounded()))) < 1e-9)
    }

    @Test(
        "50, 60 and 144 Hz: once the cost is measured frames land on every vblank; the window stays within one interval",
        arguments: [50.0, 60, 144])
    func refreshRates(hertz: Double) throws {
        let period = 1 / hertz
        let panel = SchedulingPanel(period: period, phase: 3)
        var scheduler = FrameScheduler(configuration: try #require(FrameSchedulerConfiguration(refreshRate: hertz)))
        scheduler.flipCompleted(timestamp: panel.vblank(0), sequence: 0)
        // 6 ms per frame. The first frame starts at the 4 ms floor (no cost measured yet) and misses its vblank;
        // then the window is 7 ms, clamped to the whole interval at 144 Hz (6.9 ms), and every vblank is made.
        let shown = runContinuous(&scheduler, panel: panel, frames: Int(hertz)) { _ in 0.006 }
        #expect(shown.count == Int(hertz))
        #expect(abs(shown[0].presentation - panel.vblank(1)) < 1e-9)
        for (i, frame) in shown.enumerated() { #expect(abs(frame.flip - panel.vblank(i + 2)) < 1e-9) }
        for frame in shown.dropFirst() { #expect(abs(frame.presentation - frame.flip) < 1e-9) }
        #expect(scheduler.statistics.missedVblanks == 1)
        #expect(abs(scheduler.statistics.hitchTime - period) < 1e-9)
        #expect(abs(scheduler.repaintWindow - min(period, 0.007)) < 1e-9)
        #expect(abs(scheduler.statistics.animatedTime - Double(shown.count + 1) * period) < 1e-6)
    }

    @Test("Drift: a panel at 59.94 Hz behind a 60 Hz mode is followed from the flip timestamps")
    func drift() {
        let real = 1001.0 / 60000
        let panel = SchedulingPanel(period: real)
        var scheduler = started(panel, nominal: Self.hz60)
        let shown = runContinuous(&scheduler, panel: panel, frames: 600)
        #expect(shown.count == 600)
        #expect(scheduler.statistics.missedVblanks == 0)
        #expect(abs(scheduler.refreshInterval - real) < 1e-9)
        // Three vblanks ahead the prediction is on the real vblank, not the mode's.
        let predicted = scheduler.predictedVblank(atOrAfter: panel.vblank(600) + 2.9 * real)
        #expect(abs((predicted ?? 0) - panel.vblank(603)) < 1e-9)
        // The presentation times handed to the animations were the real vblanks throughout.
        for (i, frame) in shown.enumerated().dropFirst(10) {
            #expect(abs(frame.presentation - panel.vblank(i + 1)) < 1e-5)
        }
    }

    @Test("The window is the 90th percentile of recent costs plus the margin, at least the floor")
    func window() {
        var scheduler = FrameScheduler(
            configuration: FrameSchedulerConfiguration(refreshInterval: Self.hz60, costWindow: 10))
        #expect(scheduler.repaintWindow == 0.004)
        var now = 0.0
        for cost in [0.008, 0.008, 0.008, 0.008, 0.008, 0.008, 0.008, 0.008, 0.008, 0.012] {
            _ = scheduler.plan(wanted: now, now: now)
            _ = scheduler.beginFrame(now: now)
            scheduler.frameComposed(now: now + cost, flipped: false)
            now += 1
        }
        // Nearest rank: the 9th of 10 sorted costs.
        #expect(abs(scheduler.predictedCost - 0.008) < 1e-12)
        #expect(abs(scheduler.repaintWindow - 0.009) < 1e-12)
        // Older costs leave the window.
        for _ in 0..<10 {
            _ = scheduler.plan(wanted: now, now: now)
            _ = scheduler.beginFrame(now: now)
            scheduler.frameComposed(now: now + 0.001, flipped: false)
            now += 1
        }
        #expect(scheduler.repaintWindow == 0.004)
    }

    @Test("Flip timestamps without sequence numbers still measure the interval")
    func noSequence() {
        let real = 0.02
        var scheduler = FrameScheduler(configuration: FrameSchedulerConfiguration(refreshInterval: 0.0199))
        for i in 0...200 { scheduler.flipCompleted(timestamp: Double(i) * 2 * real, sequence: 0) }
        #expect(abs(scheduler.refreshInterval - real) < 1e-9)
    }
}

@Suite("Latency histogram")
struct LatencyHistogramTests {
    @Test("Samples fall in the first bucket whose bound they do not exceed")
    func buckets() {
        var histogram = LatencyHistogram()
        for value in [0.0, 0.008, 0.0081, 0.033, 0.2, -0.001] { histogram.record(value) }
        #expect(histogram.counts == [3, 1, 0, 1, 0, 0, 0, 1])
        #expect(histogram.total == 6)
        #expect(histogram.max == 0.2)
        #expect(histogram.quantileBound(0.5) == 0.008)
        #expect(histogram.quantileBound(0.7) == 0.033)
        #expect(histogram.quantileBound(1) == .infinity)
        #expect(LatencyHistogram().quantileBound(0.5) == 0)
    }
}
