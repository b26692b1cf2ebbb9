/// Frame pacing driven by page-flip completions, as a pure state machine: no clock, no I/O. Times are seconds
/// on CLOCK_MONOTONIC, the clock of DRM's flip timestamps.
///
/// One frame is in flight at a time (composing, then waiting for its flip), so no two flips ever share a vblank.
/// Vblanks are predicted from the last flip timestamp and the refresh interval measured between flips, so the
/// prediction follows the panel's real clock rather than the mode's nominal rate. Composition starts at a
/// deadline before the predicted vblank: the repaint window is the 90th percentile of the recent frame costs
/// plus a margin, never less than a floor (Weston's fixed 7 ms window, made adaptive) and never more than one
/// refresh interval.
public struct FrameScheduler: Sendable {
    /// What the caller does next.
    public enum Decision: Hashable, Sendable {
        /// Nothing changed and nothing animates: no frame and no timer.
        case idle
        /// A frame is composing or its flip is pending: ask again when `frameComposed` or `flipCompleted` comes.
        case waitForFlip
        /// Start composing at `start` (at once when it is not after now) the frame shown at the vblank
        /// `presentation`, the time its animations are evaluated for.
        case compose(start: Double, presentation: Double)
    }

    private struct InFlight {
        /// The vblank the frame was planned for, and the one it is composed for (later when it began late).
        var planned: Double
        var target: Double
        var started: Double
        var commits: [Double]
        var flipPending = false
    }

    public private(set) var configuration: FrameSchedulerConfiguration
    public private(set) var statistics: PacingStatistics
    /// The refresh interval in use: measured from flips once two were seen.
    public var refreshInterval: Double { statistics.refreshInterval }

    private var lastFlip: (time: Double, sequence: UInt64)?
    private var inFlight: InFlight?
    private var planned: Double?
    /// Commits not yet composed into a frame, oldest first (bounded: the oldest ones matter for the latency).
    private var pendingCommits: [Double] = []
    private var costs: [Double] = []
    private var nextCost = 0
    private static let maxPendingCommits = 64

    public init(configuration: FrameSchedulerConfiguration) {
        self.configuration = configuration
        statistics = PacingStatistics(refreshInterval: configuration.refreshInterval)
    }

    /// The display pacing the frames changed (another mode, or another connector became the primary): its
    /// mode's refresh interval is the prediction until flips measure it, and the flips before (another CRTC's
    /// vblank phase and sequence numbers) say nothing of the new ones, so the next frame goes out at once, as
    /// after a start.
    public mutating func followMode(refreshInterval: Double) {
        if refreshInterval != configuration.refreshInterval {
            configuration.refreshInterval = refreshInterval
            statistics.refreshInterval = refreshInterval
        }
        lastFlip = nil
    }

    /// The repaint window: how long before the vblank composition starts.
    public var repaintWindow: Double {
        let predicted = costs.isEmpty ? 0 : predictedCost + configuration.costMargin
        return min(refreshInterval, max(predicted, configuration.repaintFloor))
    }

    /// The 90th percentile (nearest rank) of the recent frame costs; 0 before the first frame.
    public var predictedCost: Double {
        guard !costs.isEmpty else { return 0 }
        let sorted = costs.sorted()
        let index = max(0, Int((0.9 * Double(sorted.count)).rounded(.up)) - 1)
        return sorted[min(sorted.count - 1, index)]
    }

    /// The first predicted vblank at or after `time` (within half an interval before it: a frame wanted just
    /// after a vblank belongs to it). Nil before the first flip.
    public func predictedVblank(atOrAfter time: Double) -> Double? {
        guard let lastFlip else { return nil }
        let period = refreshInterval
        let count = max(0, ((time - lastFlip.time - period / 2) / period).rounded(.up))
        return lastFlip.time + count * period
    }

    /// A client commit arrived at `time`: its latency runs until the flip of the first frame composed after it.
    public mutating func commitArrived(at time: Double) {
        guard pendingCommits.count < Self.maxPendingCommits else { return }
        pendingCommits.append(time)
    }

    /// Decides the next frame given when the server wants one (`wanted`, nil when nothing changes by itself).
    public mutating func plan(wanted: Double?, now: Double) -> Decision {
        if inFlight != nil { return .waitForFlip }
        guard let wanted else {
            planned = nil
            return .idle
        }
        // Before the first flip there is no vblank to aim at: the first frame goes out at once.
        guard let lastFlip else {
            let start = max(now, wanted)
            planned = start
            return .compose(start: start, presentation: start)
        }
        let period = refreshInterval
        let window = repaintWindow
        // Never the vblank of the last flip again, never a vblank whose deadline has passed.
        guard var target = predictedVblank(atOrAfter: max(wanted, lastFlip.time + period)) else { return .idle }
        while target - window < now { target += period }
        planned = target
        return .compose(start: target - window, presentation: target)
    }

    /// The composition timer fired (or the caller composes at once) at `now`: returns the presentation time the
    /// frame is evaluated for. A frame started so late that its predicted cost no longer fits before its vblank
    /// is moved to the next vblank it can make, and every vblank it skips counts as missed. (A timer firing a
    /// little after the deadline is not late: the window's margin and floor are there to absorb that.)
    public mutating func beginFrame(now: Double) -> Double {
        let intended = planned ?? now
        var target = intended
        if lastFlip != nil, let planned {
            let period = refreshInterval
            let cost = predictedCost
            if now + cost > planned {
                let late = ((now + cost - planned) / period).rounded(.up)
                target = planned + late * period
                statistics.missedVblanks += UInt64(late)
            }
        } else {
            target = max(target, now)
        }
        planned = nil
        inFlight = InFlight(planned: intended, target: target, started: now, commits: pendingCommits)
        pendingCommits = []
        return target
    }

    /// The frame begun last finished composing at `now`. `flipped`: a flip was queued (its completion will
    /// come); otherwise nothing changed on screen and the frame is over (its commits showed nothing).
    public mutating func frameComposed(now: Double, flipped: Bool) {
        guard var frame = inFlight else { return }
        recordCost(max(0, now - frame.started))
        if flipped {
            frame.flipPending = true
            inFlight = frame
        } else {
            inFlight = nil
        }
    }

    /// The frame in flight was dropped (its commit failed): nothing will complete for it.
    public mutating func frameAbandoned() {
        inFlight = nil
    }

    /// A page flip completed at the kernel's `timestamp` for vblank `sequence` (0 where the driver counts none).
    public mutating func flipCompleted(timestamp: Double, sequence: UInt64) {
        measureInterval(timestamp: timestamp, sequence: sequence)
        if let last = lastFlip, last.sequence != 0, sequence != 0, sequence <= last.sequence {
            statistics.sharedVblanks += 1
        }
        let previous = lastFlip?.time
        lastFlip = (timestamp, sequence)
        guard let frame = inFlight, frame.flipPending else { return }
        inFlight = nil
        let period = refreshInterval
        statistics.framesPresented += 1
        let late = timestamp - frame.target
        if late > period / 2 { statistics.missedVblanks += UInt64((late / period).rounded()) }
        // The frame covers the time since the previous picture went up (or, after an idle gap, since one
        // interval before the vblank it was planned for); whatever exceeds one interval is hitch time.
        // The first flip (the modeset) has nothing before it to measure against.
        guard let previous else { return recordLatencies(frame.commits, timestamp) }
        let from = max(previous, frame.planned - period)
        let covered = max(0, timestamp - from)
        statistics.animatedTime += covered
        if covered > period * 1.5 { statistics.hitchTime += covered - period }
        recordLatencies(frame.commits, timestamp)
    }

    private mutating func recordLatencies(_ commits: [Double], _ timestamp: Double) {
        for commit in commits { statistics.commitToPhoton.record(timestamp - commit) }
    }

    private mutating func recordCost(_ cost: Double) {
        if costs.count < configuration.costWindow {
            costs.append(cost)
        } else {
            costs[nextCost] = cost
        }
        nextCost = (nextCost + 1) % configuration.costWindow
    }

    /// Follows the panel's real refresh: the interval between two flips over the vblanks between them (their
    /// sequence numbers, else the nearest whole count of intervals), smoothed, within half to twice the mode's.
    private mutating func measureInterval(timestamp: Double, sequence: UInt64) {
        guard let last = lastFlip, timestamp > last.time else { return }
        let period = refreshInterval
        let elapsed = timestamp - last.time
        let vblanks: Double
        if sequence > last.sequence, last.sequence != 0 || sequence != 0 {
            vblanks = Double(sequence - last.sequence)
        } else {
            vblanks = max(1, (elapsed / period).rounded())
        }
        let measured = elapsed / vblanks
        let nominal = configuration.refreshInterval
        guard measured >= nominal / 2, measured <= nominal * 2 else { return }
        statistics.refreshInterval = period + (measured - period) / 4
    }
}
