import Testing

@testable import AnimScenes

/// The container-time arithmetic of interactive transitions (docs/core-animation-rules.md#interactive-transitions).
@Suite struct InteractiveClockTests {
    @Test func scrubbingPutsTimeOffsetAtPercentOfTheDurationAfterTheBeginning() {
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: 0.3, duration: 2) == 10.6)
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: 1.5, duration: 2) == 12)
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: -1, duration: 2) == 10)
        #expect(InteractiveClock.scrubbedOffset(begin: 10, percent: .nan, duration: 2) == 10)
    }

    @Test func resumingContinuesFromTheScrubbedTimeAtTheGivenSpeed() {
        let r = InteractiveClock.resumed(begin: 10, percent: 0.25, duration: 2, speed: -2, parentNow: 40)
        #expect(r.beginTime == 40)
        #expect(r.speed == -2)
        #expect(r.timeOffset == 10.5)
    }

    @Test func completionSpeedDividesTheRemainingTime() {
        #expect(InteractiveClock.remainingTime(percent: 0.6, duration: 1, speed: 1) == 0.4)
        #expect(InteractiveClock.remainingTime(percent: 0.6, duration: 1, speed: 2) == 0.2)
        #expect(InteractiveClock.remainingTime(percent: 0.25, duration: 1, speed: -1) == 0.25)
        #expect(InteractiveClock.remainingTime(percent: 0.5, duration: 1, speed: 0) == .infinity)
    }
}
