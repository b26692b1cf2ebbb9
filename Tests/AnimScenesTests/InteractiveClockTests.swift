import Testing

@testable import AnimScenes

/// The container-time arithmetic of interactive transitions (docs/core-animation-rules.md#interactive-transitions).
@Suite struct InteractiveClockTests {
    @Test func scrubbingPutsTimeOffsetAtPercentOfTheDurationAfterTheBeginning() {
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: 0.3, duration: 2) == 10.6)
        // 100 % stops a microsecond short of the end, so that nothing ends before finish().
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: 1.5, duration: 2) == 10 + (2 - 1e-6))
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: 1, duration: 0) == 10)
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: -1, duration: 2) == 10)
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: .nan, duration: 2) == 10)
    }

    @Test func errorsSayWhatWasRefusedAndWhy() {
        let refused = SceneTransitionError.transitionInProgress(running: "push from A to B", refused: "present C")
        #expect(
            refused.description
                == "present C refused: push from A to B is in progress (transitions are not queued; retry from its completion)"
        )
        #expect(
            SceneTransitionError.cannotPopRoot(stack: "Stack").description
                == "Stack holds only its root scene: nothing to pop")
    }

    @Test func resumingContinuesFromTheScrubbedTimeAtTheGivenSpeed() {
        let r = InteractiveClock.resumed(begin: 10, percent: 0.25, duration: 2, speed: -2, parentNow: 40)
        #expect(r.beginTime == 40)
        #expect(r.speed == -2)
        #expect(r.timeOffset == 10.5)
    }

    @Test func aCancelledRunBackEndsOneThirtiethOfASecondBeforeTheBeginning() {
        #expect(abs(InteractiveClock.reversalDistance(percent: 0.3, duration: 1, speed: 1) - (0.3 - 1.0 / 30)) < 1e-15)
        #expect(abs(InteractiveClock.reversalDistance(percent: 0.3, duration: 1, speed: 2) - (0.3 - 2.0 / 30)) < 1e-15)
        #expect(InteractiveClock.reversalDistance(percent: 0.02, duration: 1, speed: 1) == 0)
    }

    @Test func completionSpeedDividesTheRemainingTime() {
        #expect(InteractiveClock.remainingTime(percent: 0.6, duration: 1, speed: 1) == 0.4)
        #expect(InteractiveClock.remainingTime(percent: 0.6, duration: 1, speed: 2) == 0.2)
        #expect(InteractiveClock.remainingTime(percent: 0.25, duration: 1, speed: -1) == 0.25)
        #expect(InteractiveClock.remainingTime(percent: 0.5, duration: 1, speed: 0) == .infinity)
    }
}
