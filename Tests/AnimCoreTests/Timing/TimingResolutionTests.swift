import Testing

@testable import AnimCore

/// Checks a resolution against an expected phase, fraction (within `tolerance`), cycle and leg.
private func expectResolution(
    _ resolution: TimingResolution, _ phase: TimingPhase, fraction: Double?, cycle: Int = 0, reversed: Bool = false,
    tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(resolution.phase == phase, sourceLocation: sourceLocation)
    #expect(resolution.cycle == cycle, sourceLocation: sourceLocation)
    #expect(resolution.isReversed == reversed, sourceLocation: sourceLocation)
    switch (resolution.fraction, fraction) {
    case (nil, nil): break
    case (let got?, let want?):
        #expect(abs(got - want) <= tolerance, "fraction \(got), expected \(want)", sourceLocation: sourceLocation)
    default:
        Issue.record(
            "fraction \(String(describing: resolution.fraction)), expected \(String(describing: fraction))",
            sourceLocation: sourceLocation)
    }
}

/// Rules pinned: docs/core-animation-rules.md#repeat-and-autoreverse, #decisions-on-open-points.
@Suite("MediaTiming.resolve: phases and fractions")
struct TimingResolutionTests {
    @Test func singlePlayIsLinearInTime() {
        let timing = MediaTiming(beginTime: 1, duration: 2)
        expectResolution(timing.resolve(parentTime: 1), .active, fraction: 0)
        expectResolution(timing.resolve(parentTime: 1.5), .active, fraction: 0.25)
        expectResolution(timing.resolve(parentTime: 2.999), .active, fraction: 0.9995)
        expectResolution(timing.resolve(parentTime: 0.999), .before, fraction: nil)
    }

    @Test func zeroDurationPlaysForTheDefaultDuration() {
        let timing = MediaTiming()
        expectResolution(timing.resolve(parentTime: 0.125), .active, fraction: 0.5)
        expectResolution(timing.resolve(parentTime: 0.25), .after, fraction: nil)
    }

    /// docs/core-animation-rules.md#decisions-on-open-points: the instant e == activeDuration is AFTER.
    @Test func endInstantIsAfter() {
        let timing = MediaTiming(duration: 1)
        expectResolution(timing.resolve(parentTime: 1), .after, fraction: nil)
        expectResolution(timing.resolve(parentTime: 1 - 1e-9), .active, fraction: 1 - 1e-9)
        var filled = timing
        filled.fillMode = .forwards
        expectResolution(filled.resolve(parentTime: 1), .after, fraction: 1)
    }

    /// Vector 7: duration 1, repeatCount 2.5 (linear 0 → 10): t = 1.25 → 2.5, active until 2.5, ends at 5.
    @Test func fractionalRepeatCount() {
        let timing = MediaTiming(duration: 1, repeatCount: 2.5)
        expectResolution(timing.resolve(parentTime: 0.5), .active, fraction: 0.5)
        expectResolution(timing.resolve(parentTime: 1.25), .active, fraction: 0.25, cycle: 1)
        expectResolution(timing.resolve(parentTime: 2), .active, fraction: 0, cycle: 2)
        expectResolution(timing.resolve(parentTime: 2.4999), .active, fraction: 0.4999, cycle: 2)
        expectResolution(timing.resolve(parentTime: 2.5), .after, fraction: nil)
        var filled = timing
        filled.fillMode = .forwards
        expectResolution(filled.resolve(parentTime: 2.5), .after, fraction: 0.5, cycle: 2)
        expectResolution(filled.resolve(parentTime: 40), .after, fraction: 0.5, cycle: 2)
    }

    /// Vector 7: autoreverses with repeatCount 1 is active 2 s; t = 1.5 is the backward leg at f = 0.5.
    @Test func autoreverseMirrorsTheBackwardLeg() {
        let timing = MediaTiming(duration: 1, repeatCount: 1, autoreverses: true)
        expectResolution(timing.resolve(parentTime: 0.5), .active, fraction: 0.5)
        expectResolution(timing.resolve(parentTime: 1), .active, fraction: 1)
        expectResolution(timing.resolve(parentTime: 1.25), .active, fraction: 0.75, reversed: true)
        expectResolution(timing.resolve(parentTime: 1.5), .active, fraction: 0.5, reversed: true)
        expectResolution(timing.resolve(parentTime: 1.9), .active, fraction: 0.1, reversed: true)
        expectResolution(timing.resolve(parentTime: 2), .after, fraction: nil)
    }

    @Test func autoreverseRepeatsFullCycles() {
        let timing = MediaTiming(duration: 0.5, repeatCount: 3, autoreverses: true)
        #expect(timing.activeDuration == 3)
        expectResolution(timing.resolve(parentTime: 1.1), .active, fraction: 0.2, cycle: 1)
        expectResolution(timing.resolve(parentTime: 1.7), .active, fraction: 0.6, cycle: 1, reversed: true)
        expectResolution(timing.resolve(parentTime: 2.95), .active, fraction: 0.1, cycle: 2, reversed: true)
    }

    /// Vector 5: duration 1, fill forwards ends at f = 1; with autoreverses it ends back at f = 0.
    @Test func forwardsFillHoldsTheEndOfTheLastCycle() {
        let plain = MediaTiming(duration: 1, fillMode: .forwards)
        expectResolution(plain.resolve(parentTime: 1.5), .after, fraction: 1)
        let removed = MediaTiming(duration: 1)
        expectResolution(removed.resolve(parentTime: 1.5), .after, fraction: nil)
        let reversing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        expectResolution(reversing.resolve(parentTime: 2), .after, fraction: 0, reversed: true)
        expectResolution(reversing.resolve(parentTime: 3), .after, fraction: 0, reversed: true)
        let repeating = MediaTiming(duration: 1, repeatCount: 3, autoreverses: true, fillMode: .forwards)
        expectResolution(repeating.resolve(parentTime: 6), .after, fraction: 0, cycle: 2, reversed: true)
    }

    @Test func forwardsFillWithFractionalAutoreverse() {
        let forwardHalf = MediaTiming(duration: 1, repeatCount: 1.25, autoreverses: true, fillMode: .forwards)
        expectResolution(forwardHalf.resolve(parentTime: 9), .after, fraction: 0.5, cycle: 1)
        let backwardHalf = MediaTiming(duration: 1, repeatCount: 0.75, autoreverses: true, fillMode: .both)
        expectResolution(backwardHalf.resolve(parentTime: 9), .after, fraction: 0.5, reversed: true)
    }

    /// A whole number of short cycles must end on f = 1 although A / c is 3.0000000000000004 in floating point.
    @Test func integerRepeatsEndExactlyOnTheLastCycle() {
        let timing = MediaTiming(duration: 0.1, repeatCount: 3, fillMode: .forwards)
        let end = timing.resolve(parentTime: 1)
        #expect(end.fraction == 1)
        #expect(end.cycle == 2)
        for count in 1...50 {
            let repeating = MediaTiming(duration: 0.1, repeatCount: Double(count), fillMode: .forwards)
            let resolution = repeating.resolve(parentTime: 100)
            #expect(resolution.fraction == 1, "repeatCount \(count)")
            #expect(resolution.cycle == count - 1, "repeatCount \(count)")
        }
    }

    /// A cycle boundary inside the active duration starts the next cycle, also where 0.3 / 0.1 rounds low.
    @Test func cycleBoundaryStartsTheNextCycle() {
        let timing = MediaTiming(duration: 0.1, repeatCount: 5)
        expectResolution(timing.resolve(parentTime: 0.3), .active, fraction: 0, cycle: 3)
        expectResolution(timing.resolve(parentTime: 0.1), .active, fraction: 0, cycle: 1)
        expectResolution(timing.resolve(parentTime: 0.35), .active, fraction: 0.5, cycle: 3)
    }

    /// Vector 6: duration 1, speed 2 is done at parent time 0.5.
    @Test func speedScalesElapsedTime() {
        let timing = MediaTiming(duration: 1, speed: 2)
        expectResolution(timing.resolve(parentTime: 0.25), .active, fraction: 0.5)
        expectResolution(timing.resolve(parentTime: 0.4999), .active, fraction: 0.9998)
        expectResolution(timing.resolve(parentTime: 0.5), .after, fraction: nil)
    }

    /// Vector 6 with timeOffset 0.5: f = 0.5 at t = 0, wraps to 0 at t = 0.25, active until 0.5
    /// (docs/core-animation-rules.md#decisions-on-open-points: the header formula, not Lockwood's "skips to the end").
    @Test func timeOffsetWrapsAroundTheCycle() {
        let timing = MediaTiming(duration: 1, speed: 2, timeOffset: 0.5)
        expectResolution(timing.resolve(parentTime: 0), .active, fraction: 0.5)
        expectResolution(timing.resolve(parentTime: 0.2), .active, fraction: 0.9)
        expectResolution(timing.resolve(parentTime: 0.25), .active, fraction: 0, cycle: 1)
        expectResolution(timing.resolve(parentTime: 0.4), .active, fraction: 0.3, cycle: 1)
        expectResolution(timing.resolve(parentTime: 0.5), .after, fraction: nil)
        var filled = timing
        filled.fillMode = .forwards
        // It ends where it started: the left limit of the wrapped playback.
        expectResolution(filled.resolve(parentTime: 0.5), .after, fraction: 0.5, cycle: 1)
    }

    @Test func timeOffsetLandingOnABoundaryFillsTheLeftLimit() {
        let timing = MediaTiming(duration: 1, timeOffset: 0.5, repeatCount: 2.5, fillMode: .forwards)
        expectResolution(timing.resolve(parentTime: 2.4), .active, fraction: 0.9, cycle: 2)
        expectResolution(timing.resolve(parentTime: 2.5), .after, fraction: 1, cycle: 2)
    }

    @Test func timeOffsetWrapsWithAutoreverse() {
        let timing = MediaTiming(duration: 1, timeOffset: 1.5, autoreverses: true, fillMode: .both)
        expectResolution(timing.resolve(parentTime: 0), .active, fraction: 0.5, reversed: true)
        expectResolution(timing.resolve(parentTime: 0.75), .active, fraction: 0.25, cycle: 1)
        expectResolution(timing.resolve(parentTime: -1), .before, fraction: 0.5, reversed: true)
        expectResolution(timing.resolve(parentTime: 2), .after, fraction: 0.5, cycle: 1, reversed: true)
    }

    @Test func negativeTimeOffsetWrapsBackward() {
        let timing = MediaTiming(duration: 1, timeOffset: -0.25, repeatCount: 2)
        expectResolution(timing.resolve(parentTime: 0), .active, fraction: 0.75, cycle: -1)
        expectResolution(timing.resolve(parentTime: 0.25), .active, fraction: 0)
        expectResolution(timing.resolve(parentTime: 1.5), .active, fraction: 0.25, cycle: 1)
    }

    /// docs/core-animation-rules.md#decisions-on-open-points: with a negative speed the phase is decided on
    /// e = (t − beginTime)·speed, literally.
    @Test func negativeSpeedFollowsTheHeaderFormulaLiterally() {
        let timing = MediaTiming(beginTime: 10, duration: 1, speed: -1)
        expectResolution(timing.resolve(parentTime: 10), .active, fraction: 0)
        expectResolution(timing.resolve(parentTime: 9.75), .active, fraction: 0.25)
        expectResolution(timing.resolve(parentTime: 9), .after, fraction: nil)
        expectResolution(timing.resolve(parentTime: 10.5), .before, fraction: nil)
        var filled = timing
        filled.fillMode = .both
        expectResolution(filled.resolve(parentTime: 11), .before, fraction: 0)
        expectResolution(filled.resolve(parentTime: 5), .after, fraction: 1)
    }

    /// docs/core-animation-rules.md#decisions-on-open-points: repeatDuration wins over repeatCount.
    @Test func repeatDurationDecidesTheEnd() {
        let timing = MediaTiming(duration: 1, repeatCount: 3, repeatDuration: 1.5, fillMode: .forwards)
        expectResolution(timing.resolve(parentTime: 1.4), .active, fraction: 0.4, cycle: 1)
        expectResolution(timing.resolve(parentTime: 1.5), .after, fraction: 0.5, cycle: 1)
        expectResolution(timing.resolve(parentTime: 2.5), .after, fraction: 0.5, cycle: 1)
    }

    @Test func speedZeroPinsTheFractionAtTimeOffset() {
        let paused = MediaTiming(beginTime: 3, duration: 2, speed: 0, timeOffset: 0.5)
        for step in -40...40 {
            expectResolution(paused.resolve(parentTime: Double(step) * 0.31), .active, fraction: 0.25)
        }
    }

    @Test func infiniteRepeatsStayActive() {
        let timing = MediaTiming(duration: 1, repeatCount: .infinity, fillMode: .forwards)
        expectResolution(timing.resolve(parentTime: 1_000_000.25), .active, fraction: 0.25, cycle: 1_000_000)
        expectResolution(timing.resolve(parentTime: .infinity), .after, fraction: nil)
    }

    @Test func backwardsFillEvaluatesElapsedZero() {
        let timing = MediaTiming(beginTime: 5, duration: 1, timeOffset: 0.3, fillMode: .backwards)
        expectResolution(timing.resolve(parentTime: 0), .before, fraction: 0.3)
        expectResolution(timing.resolve(parentTime: -.infinity), .before, fraction: 0.3)
        expectResolution(timing.resolve(parentTime: 4.999), .before, fraction: 0.3)
        expectResolution(timing.resolve(parentTime: 5), .active, fraction: 0.3)
        expectResolution(timing.resolve(parentTime: 6), .after, fraction: nil)
    }

    /// Every fill mode in every phase: active always has an effect; before needs a backwards fill, after a
    /// forwards fill.
    @Test(arguments: FillMode.allCases)
    func fillModeInEachPhase(fill: FillMode) {
        let timings = [
            MediaTiming(beginTime: 2, duration: 1, fillMode: fill),
            MediaTiming(beginTime: 2, duration: 1, repeatCount: 2, autoreverses: true, fillMode: fill),
            MediaTiming(beginTime: 2, duration: 1, timeOffset: 0.25, repeatCount: 1.5, fillMode: fill),
        ]
        let expectedBefore: [Double] = [0, 0, 0.25]
        let expectedAfter: [(Double, Int, Bool)] = [(1, 0, false), (0, 1, true), (0.75, 1, false)]
        for (index, timing) in timings.enumerated() {
            let before = timing.resolve(parentTime: 1)
            if fill.fillsBackwards {
                expectResolution(before, .before, fraction: expectedBefore[index])
            } else {
                expectResolution(before, .before, fraction: nil)
            }
            #expect(timing.resolve(parentTime: 2.5).phase == .active)
            #expect(timing.resolve(parentTime: 2.5).fraction != nil)
            let after = timing.resolve(parentTime: 2 + timing.activeDuration + 0.5)
            if fill.fillsForwards {
                let (fraction, cycle, reversed) = expectedAfter[index]
                expectResolution(after, .after, fraction: fraction, cycle: cycle, reversed: reversed)
            } else {
                expectResolution(after, .after, fraction: nil)
            }
        }
    }

    /// Unvalidated input must resolve without trapping; non-finite arithmetic means no effect.
    @Test func badInputNeverTraps() {
        expectResolution(MediaTiming(fillMode: .both).resolve(parentTime: .nan), .before, fraction: nil)
        expectResolution(MediaTiming(timeOffset: .nan).resolve(parentTime: 0.1), .active, fraction: nil)
        expectResolution(MediaTiming(beginTime: .nan).resolve(parentTime: 0.1), .before, fraction: nil)
        expectResolution(MediaTiming(speed: .infinity).resolve(parentTime: 0.1), .after, fraction: nil)
        let farOffset = MediaTiming(duration: 1, timeOffset: 1e300).resolve(parentTime: 0)
        #expect(farOffset.cycle == .max)
        let farBack = MediaTiming(duration: 1, timeOffset: -1e300).resolve(parentTime: 0)
        #expect(farBack.cycle == .min)
        let forever = MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true)
        let late = forever.resolve(parentTime: 1e30)
        #expect(late.phase == .active)
        #expect(late.cycle == .max)
        #expect(late.fraction == 0)
    }
}
