import Foundation
import Testing

@testable import AnimCore

@Suite("MediaTiming fields, durations, local time")
struct MediaTimingTests {
    @Test func defaultsAreCoreAnimationDefaults() {
        let timing = MediaTiming()
        #expect(timing.beginTime == 0)
        #expect(timing.duration == 0)
        #expect(timing.speed == 1)
        #expect(timing.timeOffset == 0)
        #expect(timing.repeatCount == 0)
        #expect(timing.repeatDuration == 0)
        #expect(timing.autoreverses == false)
        #expect(timing.fillMode == .removed)
        #expect(MediaTiming.defaultDuration == 0.25)
    }

    /// Vector 1: beginTime 2, speed 2, timeOffset 0.5, parent time 3 → local time 2.5.
    @Test func localTimeIsTheHeaderFormula() {
        let timing = MediaTiming(beginTime: 2, speed: 2, timeOffset: 0.5)
        #expect(timing.localTime(fromParent: 3) == 2.5)
        #expect(timing.parentTime(fromLocal: 2.5) == 3)
        #expect(timing.localTime(fromParent: 2) == 0.5)
        #expect(timing.localTime(fromParent: 1) == -1.5)
    }

    @Test(arguments: [-3.0, -0.5, 0.0, 1e-9, 0.25, 1.5, 7.0, 1e6])
    func parentTimeInvertsLocalTime(t: Double) throws {
        for timing in [
            MediaTiming(beginTime: 2, speed: 2, timeOffset: 0.5),
            MediaTiming(beginTime: -1.5, speed: -0.75, timeOffset: 3),
            MediaTiming(beginTime: 1e3, speed: 0.125, timeOffset: -2),
        ] {
            let local = timing.localTime(fromParent: t)
            let parent = try #require(timing.parentTime(fromLocal: local))
            #expect(abs(parent - t) <= 1e-9 * max(1, abs(t)))
        }
    }

    @Test func speedZeroPinsLocalTimeAtTimeOffset() {
        let paused = MediaTiming(beginTime: 4, speed: 0, timeOffset: 0.3)
        for step in -50...50 {
            let t = Double(step) * 0.37
            #expect(paused.localTime(fromParent: t) == 0.3)
        }
        #expect(paused.parentTime(fromLocal: 0.3) == nil)
    }

    @Test func resolvedDurationSubstitutesTheDefault() {
        #expect(MediaTiming(duration: 2).resolvedDuration == 2)
        #expect(MediaTiming(duration: 0).resolvedDuration == 0.25)
        #expect(MediaTiming(duration: -1).resolvedDuration == 0.25)
        #expect(MediaTiming(duration: .nan).resolvedDuration == 0.25)
        #expect(MediaTiming(duration: .infinity).resolvedDuration == 0.25)
    }

    @Test func cycleDurationDoublesWithAutoreverse() {
        #expect(MediaTiming(duration: 1.5).cycleDuration == 1.5)
        #expect(MediaTiming(duration: 1.5, autoreverses: true).cycleDuration == 3)
        #expect(MediaTiming(autoreverses: true).cycleDuration == 0.5)
    }

    @Test func activeDurationFollowsRepeatCount() {
        #expect(MediaTiming(duration: 2).activeDuration == 2)
        #expect(MediaTiming(duration: 1, repeatCount: 2.5).activeDuration == 2.5)
        #expect(MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true).activeDuration == 5)
        #expect(MediaTiming(duration: 1, repeatCount: 1, autoreverses: true).activeDuration == 2)
        #expect(MediaTiming(duration: 1, repeatCount: 0.5).activeDuration == 0.5)
    }

    /// docs/core-animation-rules.md#decisions-on-open-points: repeatDuration wins over repeatCount when both are set.
    @Test func repeatDurationWinsOverRepeatCount() {
        let timing = MediaTiming(duration: 1, repeatCount: 3, repeatDuration: 1.2, autoreverses: true)
        #expect(timing.activeDuration == 1.2)
        #expect(timing.hasConflictingRepeat)
        #expect(MediaTiming(duration: 1, repeatDuration: 4.5).activeDuration == 4.5)
        #expect(!MediaTiming(duration: 1, repeatDuration: 4.5).hasConflictingRepeat)
        #expect(!MediaTiming(duration: 1, repeatCount: 3).hasConflictingRepeat)
        let forever = MediaTiming(duration: 1, repeatCount: .infinity, repeatDuration: 3)
        #expect(forever.activeDuration == 3)
        #expect(!forever.repeatsForever)
    }

    @Test func infiniteRepeatsNeverEnd() {
        for timing in [
            MediaTiming(duration: 1, repeatCount: .infinity),
            MediaTiming(duration: 1, repeatCount: Double(Float.greatestFiniteMagnitude)),
            MediaTiming(duration: 1, repeatDuration: .infinity),
        ] {
            #expect(timing.repeatsForever)
            #expect(timing.activeDuration == .infinity)
        }
        #expect(!MediaTiming(duration: 1, repeatCount: 1e30).repeatsForever)
        #expect(MediaTiming(duration: 1, repeatCount: 1e30).activeDuration == 1e30)
        #expect(!MediaTiming().repeatsForever)
    }

    @Test func decodingTakesDefaultsForAbsentFields() throws {
        let json = Data(#"{"duration": 2, "autoreverses": true, "fillMode": "both"}"#.utf8)
        let timing = try JSONDecoder().decode(MediaTiming.self, from: json)
        #expect(timing == MediaTiming(duration: 2, autoreverses: true, fillMode: .both))
    }

    @Test func codableRoundTrip() throws {
        let timing = MediaTiming(
            beginTime: 1.5, duration: 2, speed: -0.5, timeOffset: 0.25, repeatCount: 2.5, repeatDuration: 7,
            autoreverses: true, fillMode: .backwards)
        let decoded = try JSONDecoder().decode(MediaTiming.self, from: JSONEncoder().encode(timing))
        #expect(decoded == timing)
    }

    @Test func decodingRejectsAnUnknownFillMode() {
        let json = Data(#"{"fillMode": "sideways"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MediaTiming.self, from: json) }
    }
}
