import Testing

@testable import AnimCore

@Suite("MediaTiming validation")
struct MediaTimingValidationTests {
    struct BadCase: Sendable, CustomTestStringConvertible {
        let timing: MediaTiming
        let error: AnimCoreError
        var testDescription: String { error.description }
    }

    static let badCases: [BadCase] = [
        BadCase(
            timing: MediaTiming(beginTime: .infinity), error: .nonFinite(field: "anim.beginTime", value: .infinity)),
        BadCase(
            timing: MediaTiming(timeOffset: -.infinity),
            error: .nonFinite(field: "anim.timeOffset", value: -.infinity)),
        BadCase(timing: MediaTiming(speed: .infinity), error: .nonFinite(field: "anim.speed", value: .infinity)),
        BadCase(timing: MediaTiming(duration: .infinity), error: .nonFinite(field: "anim.duration", value: .infinity)),
        BadCase(
            timing: MediaTiming(duration: -1),
            error: .outOfRange(field: "anim.duration", value: -1, allowed: ">= 0 (0 means 0.25 s)")),
        BadCase(
            timing: MediaTiming(repeatCount: -2),
            error: .outOfRange(field: "anim.repeatCount", value: -2, allowed: ">= 0 (+infinity repeats forever)")),
        BadCase(
            timing: MediaTiming(repeatCount: -.infinity),
            error: .outOfRange(
                field: "anim.repeatCount", value: -.infinity, allowed: ">= 0 (+infinity repeats forever)")),
        BadCase(
            timing: MediaTiming(repeatDuration: -0.5),
            error: .outOfRange(
                field: "anim.repeatDuration", value: -0.5, allowed: ">= 0 (+infinity repeats forever)")),
    ]

    @Test(arguments: badCases)
    func badFieldIsATypedError(bad: BadCase) {
        #expect(throws: bad.error) { try bad.timing.validate(field: "anim") }
    }

    /// NaN never compares equal, so the NaN cases check the case and field by pattern.
    @Test func nanRepeatValuesAreNonFinite() {
        for (timing, field) in [
            (MediaTiming(repeatCount: .nan), "t.repeatCount"), (MediaTiming(repeatDuration: .nan), "t.repeatDuration"),
            (MediaTiming(duration: .nan), "t.duration"), (MediaTiming(speed: .nan), "t.speed"),
            (MediaTiming(beginTime: .nan), "t.beginTime"),
        ] {
            do throws(AnimCoreError) {
                try timing.validate(field: "t")
                Issue.record("\(field) NaN was accepted")
            } catch {
                guard case .nonFinite(let name, let value) = error else {
                    Issue.record("\(field): unexpected \(error)")
                    continue
                }
                #expect(name == field)
                #expect(value.isNaN)
            }
        }
    }

    @Test func acceptedValues() throws {
        try MediaTiming().validate(field: "t")
        try MediaTiming(speed: 0).validate(field: "t")
        try MediaTiming(speed: -2).validate(field: "t")
        try MediaTiming(beginTime: -5, timeOffset: -3).validate(field: "t")
        try MediaTiming(repeatCount: .infinity).validate(field: "t")
        try MediaTiming(repeatCount: Double(Float.greatestFiniteMagnitude)).validate(field: "t")
        try MediaTiming(repeatDuration: .infinity).validate(field: "t")
        try MediaTiming(repeatCount: 2, repeatDuration: 3).validate(field: "t")
    }
}
