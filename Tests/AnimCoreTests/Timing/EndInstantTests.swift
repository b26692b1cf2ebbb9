import Testing

@testable import AnimCore

/// The end instant read through floating point (docs/core-animation-rules.md, the end instant): a time computed
/// as `beginTime + activeDuration`, or one a rounding error before it, is the end (AFTER), never the start of
/// a cycle past the last one.
@Suite("The end instant survives rounding")
struct EndInstantTests {
    /// Opacity 1 → 0 from beginTime 2 for 0.3 s on a layer whose model opacity is 0.5, with `fill`.
    private func fade(_ fill: FillMode) throws -> Harness {
        var h = Harness { $0.opacity = 0.5 }
        try h.add(
            basic(
                "opacity", from: .number(1), to: .number(0),
                timing: MediaTiming(beginTime: 2, duration: 0.3, fillMode: fill), removed: fill == .removed))
        return h
    }

    /// The example: 2.3 − 2 is 0.29999999999999982, which used to wrap to the start of a second cycle
    /// and show 1.
    @Test func readAtTheEndShowsTheEnd() throws {
        #expect(try fade(.forwards).number("opacity", at: 2.3) == 0)
        #expect(try fade(.removed).number("opacity", at: 2.3) == 0.5)
        #expect(try fade(.forwards).number("opacity", at: 2.3.nextDown) == 0)
        #expect(try fade(.removed).number("opacity", at: 2.3.nextDown) == 0.5)
    }

    /// The tolerance is a rounding error, not a frame: a microsecond before the end is still active.
    @Test func aMicrosecondBeforeTheEndIsActive() throws {
        #expect(close(try fade(.removed).number("opacity", at: 2.3 - 1e-6), 1e-6 / 0.3, 1e-9))
        let timing = MediaTiming(beginTime: 1e5 + 0.1, duration: 0.3)
        #expect(timing.resolve(parentTime: 1e5 + 0.4 - 1e-6).phase == .active)
    }

    /// With a large timeOffset the wrap's tolerance (relative to `|e + timeOffset|`) is wider than the elapsed
    /// time's: 5e-11 s before the end, the wrap rounds 1000.4 − 5e-11 up to the start of cycle 10004, which is
    /// past the end of the three cycles. The cycle is clamped: the end instant.
    @Test func aCycleRoundedPastTheEndIsTheEnd() {
        let t = 0.3 - 5e-11
        let filled = MediaTiming(duration: 0.1, timeOffset: 1000.1, repeatCount: 3, fillMode: .forwards)
        let r = filled.resolve(parentTime: t)
        #expect(r.phase == .after)
        #expect(close(r.fraction ?? .nan, 1, 1e-6), "\(r)")
        var removed = filled
        removed.fillMode = .removed
        #expect(removed.resolve(parentTime: t) == TimingResolution(phase: .after, fraction: nil))
        // Further from the end than the wrap's tolerance: still the last cycle, near its end.
        let earlier = filled.resolve(parentTime: 0.3 - 1e-6)
        #expect(earlier.phase == .active && close(earlier.fraction ?? .nan, 1 - 1e-5, 1e-6), "\(earlier)")
    }

    /// Where the last cycle ends, for repeat count `count` (0 is one play): the fraction the forwards fill
    /// shows, the index of the last cycle and whether it ends on its backward leg, worked out without
    /// floating-point wrapping. Half a cycle with autoreverses ends on the turn, where either leg is right.
    private func lastCycleEnd(count: Double, autoreverses: Bool) -> (fraction: Double, cycle: Int, reversed: Bool?) {
        let cycles = count == 0 ? 1 : count
        let whole = cycles.rounded(.down)
        let part = cycles - whole
        if part == 0 { return (autoreverses ? 0 : 1, Int(whole) - 1, autoreverses) }
        // A fractional last cycle: `part` of a cycle; with autoreverses the forward leg is its first half.
        let fraction = autoreverses ? (part <= 0.5 ? part * 2 : 2 - part * 2) : part
        return (fraction, Int(whole), autoreverses && part == 0.5 ? nil : autoreverses && part > 0.5)
    }

    /// Begin times, durations and repeat counts whose sums are not exact in binary, read at `beginTime + A`
    /// computed in doubles and at the next-lower double: the phase is AFTER, the forwards fill shows the last
    /// cycle's end and the removed animation leaves the model value, in `resolve` and in the evaluator.
    @Test(arguments: [0.1, 0.7, 2, 1e5 + 0.1])
    func sweepOfInexactEnds(beginTime: Double) throws {
        for duration in [0.3, 0.1, 1.0 / 3.0] {
            for count in [0.0, 3, 2.5] {
                for autoreverses in [false, true] {
                    for fill in [FillMode.forwards, .removed] {
                        let timing = MediaTiming(
                            beginTime: beginTime, duration: duration, repeatCount: count, autoreverses: autoreverses,
                            fillMode: fill)
                        let end = beginTime + timing.activeDuration
                        let want = lastCycleEnd(count: count, autoreverses: autoreverses)
                        for t in [end, end.nextDown] {
                            let label = "\(timing) at \(t)"
                            let r = timing.resolve(parentTime: t)
                            #expect(r.phase == .after, "\(label)")
                            var h = Harness { $0.opacity = 0.5 }
                            try h.add(
                                basic(
                                    "opacity", from: .number(1), to: .number(0), timing: timing,
                                    removed: fill == .removed))
                            let shown = try h.number("opacity", at: t)
                            if fill == .removed {
                                #expect(r.fraction == nil, "\(label)")
                                #expect(shown == 0.5, "\(label)")
                            } else {
                                #expect(close(r.fraction ?? .nan, want.fraction, 1e-9), "\(label): \(r)")
                                #expect(r.cycle == want.cycle, "\(label): \(r)")
                                if let reversed = want.reversed { #expect(r.isReversed == reversed, "\(label): \(r)") }
                                #expect(close(shown, 1 - want.fraction, 1e-9), "\(label): \(shown)")
                            }
                        }
                    }
                }
            }
        }
    }
}
