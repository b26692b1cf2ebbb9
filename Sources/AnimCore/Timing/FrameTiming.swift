/// `MediaTiming.resolve(parentTime:)` for the evaluator's kernels, with what does not change between frames
/// worked out once at attach time: the resolved, cycle and active durations (each a chain of branches, and
/// `activeDuration` a load of `foreverRepeatCount`) and the fill flags. A kernel resolves its timing once per
/// animation per frame, so these were recomputed tens of thousands of times a frame.
///
/// This is the one implementation of the phase rule: `MediaTiming.resolve(parentTime:)` builds one and calls
/// it, so the general programs, the kernels, the server and the SDK's presentation decide the end instant alike.
struct FrameTiming: Sendable {
    let beginTime: Double
    let speed: Double
    let timeOffset: Double
    /// `activeDuration`.
    let active: Double
    /// `resolvedDuration`.
    let duration: Double
    /// `cycleDuration`.
    let cycle: Double
    /// The three flags in one byte, so that the kernels holding this inline grow by nothing over a
    /// `MediaTiming` (their entries are read every frame).
    private let flags: UInt8
    private static let autoreversesFlag: UInt8 = 1
    private static let fillsBackwardsFlag: UInt8 = 2
    /// Forwards fill on a finite active duration: the only case where AFTER has an effect.
    private static let fillsForwardsToEndFlag: UInt8 = 4

    var autoreverses: Bool { flags & Self.autoreversesFlag != 0 }
    private var fillsBackwards: Bool { flags & Self.fillsBackwardsFlag != 0 }
    private var fillsForwardsToEnd: Bool { flags & Self.fillsForwardsToEndFlag != 0 }

    init(_ timing: MediaTiming) {
        beginTime = timing.beginTime
        speed = timing.speed
        timeOffset = timing.timeOffset
        active = timing.activeDuration
        duration = timing.resolvedDuration
        cycle = timing.cycleDuration
        flags =
            (timing.autoreverses ? Self.autoreversesFlag : 0)
            | (timing.fillMode.fillsBackwards ? Self.fillsBackwardsFlag : 0)
            | (timing.fillMode.fillsForwards && timing.activeDuration.isFinite ? Self.fillsForwardsToEndFlag : 0)
    }

    /// How far short of the active duration an elapsed time may fall and still be the end instant (AFTER):
    /// `relativeTolerance` of the magnitudes the elapsed time is computed from,
    /// `((|t| + |beginTime|)·|speed| + A + c)·1e-12`. It covers the rounding of `t − beginTime` (a time
    /// computed as `beginTime + A` lands up to half an ulp of the larger of the two away, and the next-lower
    /// double one ulp more). Infinite active durations have no end: the result is then NaN, which no
    /// comparison passes. Worked out per call rather than held: a stored field would grow every kernel.
    @inline(__always)
    private func endTolerance(parentTime t: Double) -> Double {
        guard active.isFinite else { return .nan }
        return ((abs(t) + abs(beginTime)) * abs(speed) + active + cycle) * MediaTiming.relativeTolerance
    }

    /// Whether the wrap would round active local time `ta` (elapsed time `e` plus `timeOffset`) up to the start
    /// of a cycle at or past the end of the active duration: the wrap's tolerance follows `|ta|`, which a
    /// large `timeOffset` makes wider than `endTolerance`. That cycle does not exist; the instant is the end.
    /// Only an `e` within twice the wrap's tolerance of the end gets as far as the wrap's arithmetic, and only
    /// where that tolerance is below half a cycle (beyond, as at `timeOffset` 1e300, `ta` has lost the cycle
    /// and the wrap's answer is left as it is).
    @inline(__always)
    private func startsCycleAtEnd(activeLocalTime ta: Double, elapsed: Double) -> Bool {
        let tolerance = (abs(ta) + cycle) * MediaTiming.relativeTolerance
        guard active - elapsed <= 2 * tolerance, 2 * tolerance < cycle else { return false }
        let k = (ta / cycle).rounded(.down)
        let u = ta - k * cycle
        return cycle - u <= tolerance && (k + 1) * cycle >= active + timeOffset - tolerance
    }

    /// The phase and fraction of parent time `t` (see `MediaTiming.resolve(parentTime:)`).
    @inline(__always)
    func resolve(parentTime t: Double) -> TimingResolution {
        let elapsed = (t - beginTime) * speed
        guard !elapsed.isNaN else { return TimingResolution(phase: .before, fraction: nil) }
        // One call site, so that inlining it leaves one copy of the wrap in each kernel.
        let ta: Double
        let phase: TimingPhase
        if elapsed < 0 {
            guard fillsBackwards else { return TimingResolution(phase: .before, fraction: nil) }
            (ta, phase) = (timeOffset, .before)
        } else if elapsed >= active || active - elapsed <= endTolerance(parentTime: t)
            || startsCycleAtEnd(activeLocalTime: elapsed + timeOffset, elapsed: elapsed)
        {
            guard fillsForwardsToEnd else { return TimingResolution(phase: .after, fraction: nil) }
            (ta, phase) = (active + timeOffset, .after)
        } else {
            (ta, phase) = (elapsed + timeOffset, .active)
        }
        return MediaTiming.wrap(
            activeLocalTime: ta, duration: duration, cycle: cycle, autoreverses: autoreverses, phase: phase,
            endingCycle: phase == .after)
    }
}
