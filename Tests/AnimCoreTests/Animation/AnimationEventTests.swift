import Testing

@testable import AnimCore

@Suite("Did-start and did-stop events")
struct AnimationEventTests {
    @Test func startThenStopFinished() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), timing: MediaTiming(beginTime: 1, duration: 2)))
        #expect(h.animations.advance(toLocalTime: 0.5).isEmpty)
        let started = h.animations.advance(toLocalTime: 1.5)
        #expect(started.map(\.kind) == [.didStart])
        #expect(started.first?.localTime == 1)
        let stopped = h.animations.advance(toLocalTime: 3.5)
        #expect(stopped.map(\.kind) == [.didStop(finished: true)])
        #expect(stopped.first?.localTime == 3)
        #expect(h.animations.isEmpty)
    }

    @Test func bothEventsInOneStepComeInOrder() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), timing: MediaTiming(beginTime: 1, duration: 1)))
        let events = h.animations.advance(toLocalTime: 10)
        #expect(events.map(\.kind) == [.didStart, .didStop(finished: true)])
    }

    @Test func removalStopsUnfinished() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), timing: MediaTiming(duration: 5)), key: "fade")
        _ = h.animations.advance(toLocalTime: 1)
        let events = h.animations.remove(key: "fade", at: 2)
        #expect(events.map(\.kind) == [.didStop(finished: false)])
        #expect(h.animations.isEmpty)
    }

    @Test func sameKeyReplaces() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1)), key: "k")
        try h.add(basic("opacity", from: .number(1), to: .number(0)), key: "k")
        #expect(h.animations.count == 1)
        #expect(close(try h.number("opacity", at: 0.25), 0.75))
    }

    @Test func keysAreInApplicationOrder() throws {
        var h = Harness()
        try h.add(basic("opacity", to: .number(1)), key: "b")
        try h.add(basic("opacity", to: .number(1)), key: nil)
        try h.add(basic("opacity", to: .number(1)), key: "a")
        #expect(h.animations.keys == ["b", "a"])
    }

    @Test func keptAnimationStaysAfterFinishing() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), removed: false))
        let events = h.animations.advance(toLocalTime: 2)
        #expect(events.map(\.kind) == [.didStart, .didStop(finished: true)])
        #expect(h.animations.count == 1)
        #expect(h.animations.advance(toLocalTime: 3).isEmpty)
        #expect(!h.animations.isAnimating(atLocalTime: 3))
    }
}
