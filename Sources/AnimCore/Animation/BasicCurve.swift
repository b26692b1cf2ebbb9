/// `basicProgress` with what does not change between frames worked out at attach time: the spring's
/// solved motion (otherwise re-derived every call) and the timing function held unwrapped, so a frame
/// reads it in place instead of copying the optional 200-byte curve out of the program.
struct BasicCurve: Sendable {
    /// The animation's timing function; `.linear` when it has none (linear returns the fraction unchanged,
    /// as `?? f` does).
    let curve: TimingFunction
    let spring: SpringMotion?
    let duration: Double

    init(timing: MediaTiming, timingFunction: TimingFunction?, spring: SpringParameters?) {
        curve = timingFunction ?? .linear
        self.spring = spring?.motion
        duration = timing.resolvedDuration
    }

    /// The same value as `basicProgress(fraction: f, …)` and `SpringParameters.progress(at:)`.
    @inline(__always)
    func progress(_ f: Double) -> Double {
        guard let spring else { return curve.evaluate(f) }
        let t = f * duration
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        return 1 - spring.residual(at: t)
    }
}
