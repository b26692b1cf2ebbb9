/// `MediaTiming.resolve(parentTime:)` for the evaluator's kernels, with what does not change between frames
/// worked out once at attach time: the resolved, cycle and active durations (each a chain of branches, and
/// `activeDuration` a load of `foreverRepeatCount`) and the fill flags. A kernel resolves its timing once per
/// animation per frame, so these were recomputed tens of thousands of times a frame.
///
/// The arithmetic is `resolve`'s, operation for operation on the same values, so the results are the same
/// bit for bit (`FrameTimingTests` compares the two).
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

    /// The same value as `MediaTiming.resolve(parentTime:)`.
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
        } else if elapsed >= active {
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
