extension MediaTiming {
    /// How far apart, relative to the magnitudes involved, two instants may be and still count as the same
    /// cycle boundary or end instant: about 4500 ulps, far above the rounding of `(t − beginTime)·speed`
    /// and of `repeatCount·cycleDuration`, far below a frame.
    static let relativeTolerance = 1e-12

    /// Resolves parent time `t` to a phase and a basic fraction, following the rules of
    /// docs/core-animation-rules.md:
    ///
    /// - `e = (t − beginTime)·speed` decides the phase, for any sign of speed (the header formula taken
    ///   literally): `e < 0` is BEFORE, `e ≥ activeDuration` is AFTER (`e == activeDuration` is AFTER, and so is
    ///   an `e` a rounding error short of it, below), else ACTIVE. A NaN `e` has no effect and reports BEFORE.
    /// - ACTIVE: `ta = e + timeOffset`, `k = ⌊ta / c⌋`, `u = ta − k·c`; with `autoreverses`, `u > d` is the
    ///   backward leg and mirrors to `2d − u`; `f = u / d`. The wrap applies literally to any `timeOffset`,
    ///   including with autoreverses and fractional repeats.
    /// - BEFORE with a backwards fill evaluates `e = 0`, wrapped the same way; otherwise no effect.
    /// - AFTER with a forwards fill evaluates the instant the active phase ended on, `ta = activeDuration +
    ///   timeOffset`, as a left limit: where `ta` falls on a cycle boundary (`ta / c` an integer `n`) it is the
    ///   end of cycle `n − 1` (`u = c`: forward-only ends at f = 1, autoreverse at f = 0); elsewhere the plain
    ///   wrap (fractional repeats). With `timeOffset` 0 this is the rule of
    ///   docs/core-animation-rules.md#repeat-and-autoreverse word for word. A timing that repeats forever has no end to
    ///   fill.
    ///
    /// Cycle boundaries are matched with a relative tolerance of `relativeTolerance` (1e-12), so that
    /// `repeatCount` 3 of 0.1 s, whose `A / c` is 3.0000000000000004 in floating point, still ends on f = 1.
    ///
    /// The end instant is matched with the same relative tolerance, of the magnitudes `e` is computed from
    /// (`FrameTiming.endTolerance(parentTime:)`): an elapsed time that a rounding error leaves short of the
    /// active duration is AFTER, so `beginTime` 2, `duration` 0.3 read at 2.3 (where `e` is
    /// 0.29999999999999982) is the end, not the start of a second cycle; and an ACTIVE time that the wrap
    /// would round up to a cycle starting at or past the end is the end too (docs/core-animation-rules.md).
    ///
    /// `FrameTiming` holds the one implementation; this builds it from the fields.
    public func resolve(parentTime t: Double) -> TimingResolution {
        FrameTiming(self).resolve(parentTime: t)
    }

    /// Wraps active local time `ta` into a cycle and a fraction, on durations worked out already: `d` the
    /// resolved duration, `c` the cycle's. A boundary instant starts the next cycle, unless `endingCycle` asks
    /// for the left limit (the end of the previous cycle).
    @inline(__always)
    static func wrap(
        activeLocalTime ta: Double, duration d: Double, cycle c: Double, autoreverses: Bool, phase: TimingPhase,
        endingCycle: Bool
    ) -> TimingResolution {
        var k = (ta / c).rounded(.down)
        var u = ta - k * c
        guard u.isFinite, k.isFinite else { return TimingResolution(phase: phase, fraction: nil) }
        let tolerance = (abs(ta) + c) * relativeTolerance
        if endingCycle {
            if u <= tolerance {
                k -= 1
                u = c
            } else if c - u <= tolerance {
                u = c
            }
        } else {
            if c - u <= tolerance {
                k += 1
                u = 0
            } else if u <= tolerance {
                u = 0
            }
        }
        u = min(max(u, 0), c)
        let reversed = autoreverses && u > d
        if reversed { u = c - u }
        return TimingResolution(
            phase: phase, fraction: min(max(u / d, 0), 1), cycle: repeatIndex(k), isReversed: reversed)
    }

    /// `k` as an Int, saturated: a huge `ta / c` must not trap.
    @inline(__always)
    static func repeatIndex(_ k: Double) -> Int {
        if k >= 0x1p63 { return .max }
        if k < -0x1p63 { return .min }
        return Int(k)
    }
}
