@testable import AnimDisplay

/// A simulated panel for the scheduler tests: vblanks every `period` seconds from `phase` (plus a per-vblank
/// offset for jitter); a flip queued before a vblank completes at it.
struct SchedulingPanel {
    var period: Double
    var phase: Double = 0
    var jitter: (Int) -> Double = { _ in 0 }

    func vblank(_ index: Int) -> Double { phase + Double(index) * period + jitter(index) }

    /// The first vblank at or after `time` and its sequence number.
    func flip(queuedAt time: Double) -> (timestamp: Double, sequence: UInt64) {
        var index = max(0, Int(((time - phase) / period).rounded(.down)) - 1)
        while vblank(index) < time { index += 1 }
        return (vblank(index), UInt64(index))
    }
}

/// Drives a scheduler against a panel: `frames` frames wanted back to back, each costing `cost(i)`.
/// Returns each frame's evaluated presentation time and the flip timestamp it reached the screen at.
func runContinuous(
    _ scheduler: inout FrameScheduler, panel: SchedulingPanel, frames: Int, startingAfterVblank first: Int = 0,
    cost: (Int) -> Double = { _ in 0.002 }
) -> [(presentation: Double, flip: Double)] {
    var shown: [(Double, Double)] = []
    var now = panel.vblank(first)
    for i in 0..<frames {
        guard case .compose(let start, _) = scheduler.plan(wanted: now, now: now) else { return shown }
        now = max(now, start)
        let presentation = scheduler.beginFrame(now: now)
        now += cost(i)
        scheduler.frameComposed(now: now, flipped: true)
        let flip = panel.flip(queuedAt: now)
        scheduler.flipCompleted(timestamp: flip.timestamp, sequence: flip.sequence)
        now = flip.timestamp
        shown.append((presentation, flip.timestamp))
    }
    return shown
}
