// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram`'s progress (`basicProgress`).
// Checked by: FastPathTests, FastPathDifferentialTests.

/// `basicProgress` with what does not change between frames worked out at attach time: the spring's
/// solved motion (otherwise re-derived every call) and the timing function held by a shared reference
/// (`SharedTimingFunction`), so a program carries 8 bytes for it instead of a 200-byte copy spread over
/// four cache lines.
/// Sendable by hand: `curve` points at an immutable function (see `SharedTimingFunction`).
struct BasicCurve: @unchecked Sendable {
    /// The animation's timing function; linear when it has none (linear returns the fraction unchanged,
    /// as `?? f` does). A plain pointer so that the curve, and the kernels holding it inline in each layer's
    /// animation entries, copy without a retain and release (atomic operations that stall the frame) and
    /// evaluate it in place; `owner` keeps it alive, and whoever holds a copy holds the program that holds
    /// the owner.
    let curve: UnsafePointer<TimingFunction>
    let duration: Double
    /// Last: its 33 bytes leave no padding behind them.
    let spring: SpringMotion?

    /// `owner` must outlive every copy of the curve: a program keeps the `owner` it passed in.
    init(timing: MediaTiming, spring: SpringParameters?, owner: SharedTimingFunction) {
        curve = owner.function
        self.spring = spring?.motion
        duration = timing.resolvedDuration
    }

    /// The same value as `basicProgress(fraction: f, …)` and `SpringParameters.progress(at:)`.
    @inline(__always)
    func progress(_ f: Double) -> Double {
        guard let spring else { return curve.pointee.evaluate(f) }
        let t = f * duration
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        return 1 - spring.residual(at: t)
    }
}
