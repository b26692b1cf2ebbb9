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

    @Test func theCompletionRunGoesFromTheScrubbedOffsetAtCompletionSpeed() {
        let finish = InteractiveClock.completionRun(begin: 10, percent: 0.6, duration: 1, speed: 2, forwards: true)
        #expect(finish.from == 10.6 && finish.to == 11)
        #expect(abs(finish.duration - 0.2) < 1e-15)
        let cancel = InteractiveClock.completionRun(begin: 10, percent: 0.25, duration: 2, speed: 1, forwards: false)
        #expect(cancel.from == 10.5 && cancel.to == 10 && cancel.duration == 0.5)
        // From 100 % the finish still runs the microsecond 100 % stops short of the end.
        let full = InteractiveClock.completionRun(begin: 0, percent: 1, duration: 1, speed: 1, forwards: true)
        #expect(full.to == 1 && full.duration > 0 && full.duration < 2e-6)
        #expect(
            InteractiveClock.completionRun(begin: 3, percent: 0, duration: 1, speed: 1, forwards: false).duration == 0)
    }
}
