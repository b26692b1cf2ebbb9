import Testing

@testable import AnimCore

@Suite("Basic animations: the eight from/to/by cases, additive, cumulative, fill")
struct BasicAnimationTests {
    @Test func fromTo() throws {
        var h = Harness { $0.opacity = 0.2 }
        try h.add(basic("opacity", from: .number(0), to: .number(10)))
        #expect(close(try h.number("opacity", at: 0.25), 2.5))
        #expect(close(try h.number("opacity", at: 0.5), 5))
    }

    @Test func fromBy() throws {
        var h = Harness()
        try h.add(basic("position.x", from: .number(10), by: .number(4)))
        #expect(close(try h.number("position.x", at: 0.5), 12))
    }

    @Test func toBy() throws {
        var h = Harness()
        try h.add(basic("position.x", to: .number(10), by: .number(4)))
        #expect(close(try h.number("position.x", at: 0), 6))
        #expect(close(try h.number("position.x", at: 0.5), 8))
    }

    @Test func fromOnlyReadsTheModelLive() throws {
        var h = Harness { $0.position = Point(x: 100, y: 0) }
        try h.add(basic("position.x", from: .number(0)))
        #expect(close(try h.number("position.x", at: 0.5), 50))
        // The model changes mid-animation: the curve retargets (docs/core-animation-rules.md#from-to-and-by).
        h.model.position.x = 200
        #expect(close(try h.number("position.x", at: 0.5), 100))
    }

    @Test func toOnlyStartsAtTheModel() throws {
        var h = Harness { $0.opacity = 0.5 }
        try h.add(basic("opacity", to: .number(1)))
        #expect(close(try h.number("opacity", at: 0.5), 0.75))
    }

    @Test func byOnly() throws {
        var h = Harness { $0.zPosition = 3 }
        try h.add(basic("zPosition", by: .number(2)))
        #expect(close(try h.number("zPosition", at: 0.5), 4))
    }

    @Test func allNilGoesFromThePreviousPresentationToTheModel() throws {
        var h = Harness { $0.opacity = 1 }
        let before = h.model
        h.model.opacity = 0
        try h.add(
            basic("opacity"), context: AttachedAnimation.Context(attachTime: 0, previousPresentation: before))
        #expect(close(try h.number("opacity", at: 0.25), 0.75))
    }

    @Test func allThreeIgnoresBy() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), by: .number(5)))
        #expect(close(try h.number("opacity", at: 0.5), 0.5))
    }

    @Test func timingFunctionShapesTheFraction() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1), function: .easeIn))
        #expect(close(try h.number("opacity", at: 0.5), 0.3154, 1e-4))
    }

    /// Reference vector 4 (docs/core-animation-rules.md#reference-vectors): before begin with fill removed shows the
    /// model; backwards shows the first frame.
    @Test func vector4BeforeBegin() throws {
        var h = Harness { $0.opacity = 0.5 }
        try h.add(basic("opacity", from: .number(1), to: .number(0.5), timing: MediaTiming(beginTime: 3, duration: 5)))
        #expect(close(try h.number("opacity", at: 1), 0.5))
        #expect(close(try h.number("opacity", at: 3), 1))
        #expect(close(try h.number("opacity", at: 5.5), 0.75))

        var b = Harness { $0.opacity = 0.5 }
        try b.add(
            basic(
                "opacity", from: .number(1), to: .number(0.5),
                timing: MediaTiming(beginTime: 3, duration: 5, fillMode: .backwards)))
        #expect(close(try b.number("opacity", at: 1), 1))
    }

    /// Reference vector 5 (docs/core-animation-rules.md#reference-vectors): after the end.
    @Test func vector5AfterEnd() throws {
        var h = Harness { $0.opacity = 0.3 }
        try h.add(basic("opacity", from: .number(0), to: .number(10)))
        _ = h.animations.advance(toLocalTime: 1.5)
        #expect(h.animations.isEmpty)
        #expect(close(try h.number("opacity", at: 1.5), 0.3))

        var kept = Harness { $0.opacity = 0.3 }
        try kept.add(
            basic(
                "opacity", from: .number(0), to: .number(10), timing: MediaTiming(duration: 1, fillMode: .forwards),
                removed: false))
        _ = kept.animations.advance(toLocalTime: 1.5)
        #expect(close(try kept.number("opacity", at: 1.5), 10))

        var reversed = Harness { $0.opacity = 0.3 }
        try reversed.add(
            basic(
                "opacity", from: .number(0), to: .number(10),
                timing: MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards), removed: false))
        #expect(close(try reversed.number("opacity", at: 2.5), 0))
    }

    /// Reference vector 7 (docs/core-animation-rules.md#reference-vectors): fractional repeats and autoreverse.
    @Test func vector7Repeat() throws {
        var h = Harness()
        try h.add(
            basic("zPosition", from: .number(0), to: .number(10), timing: MediaTiming(duration: 1, repeatCount: 2.5)))
        #expect(close(try h.number("zPosition", at: 1.25), 2.5))
        #expect(close(try h.number("zPosition", at: 2.49), 4.9, 1e-6))
        #expect(close(try h.number("zPosition", at: 2.5), 0))  // after: the model value

        var r = Harness()
        try r.add(
            basic("zPosition", from: .number(0), to: .number(10), timing: MediaTiming(duration: 1, autoreverses: true)))
        #expect(close(try r.number("zPosition", at: 1.5), 5))
        #expect(close(try r.number("zPosition", at: 1.9), 1))
    }

    @Test func cumulativeIsContinuousAcrossCycles() throws {
        var h = Harness()
        try h.add(
            basic(
                "transform.rotation.z", from: .number(1), to: .number(3),
                timing: MediaTiming(duration: 1, repeatCount: 3), cumulative: true))
        // docs/core-animation-rules.md#decisions-on-open-points: V_k(f) = v(f) + k·(v(1) − v(0)) with from = 1, to = 3.
        #expect(close(try h.number("transform.rotation.z", at: 0.5), 2))
        // Cycle 1 halfway: 2 + 1·(3 − 1) = 4 rad; the matrix cannot tell 4 from 4 − 2π.
        guard case .transform(let m) = try h.value("transform", at: 1.5) else {
            Issue.record("not a transform")
            return
        }
        #expect(m.isApproximatelyEqual(to: .rotation(4, 0, 0, 1), tolerance: 1e-9))
        var z = Harness()
        try z.add(
            basic(
                "zPosition", from: .number(1), to: .number(3), timing: MediaTiming(duration: 1, repeatCount: 3),
                cumulative: true))
        for t in stride(from: 0.0, through: 2.9, by: 0.1) {
            #expect(close(try z.number("zPosition", at: t), 1 + 2 * t, 1e-9))
        }
    }

    @Test func additiveAddsToTheModel() throws {
        var h = Harness { $0.position = Point(x: 100, y: 50) }
        try h.add(basic("position", from: .point(Point(x: -100, y: 0)), to: .point(.zero), additive: true))
        guard case .point(let p) = try h.value("position", at: 0.5) else {
            Issue.record("not a point")
            return
        }
        #expect(close(p.x, 50) && close(p.y, 50))
    }

    @Test func additiveOrderFollowsAnimationKeys() throws {
        var h = Harness { $0.zPosition = 1 }
        try h.add(basic("zPosition", from: .number(10), to: .number(10)), key: "replace")
        try h.add(basic("zPosition", from: .number(5), to: .number(5), additive: true), key: "add")
        #expect(close(try h.number("zPosition", at: 0.5), 15))
        var reversed = Harness { $0.zPosition = 1 }
        try reversed.add(basic("zPosition", from: .number(5), to: .number(5), additive: true), key: "add")
        try reversed.add(basic("zPosition", from: .number(10), to: .number(10)), key: "replace")
        #expect(close(try reversed.number("zPosition", at: 0.5), 10))
    }

    @Test func additiveTransformAppliesTheAnimationFirst() throws {
        var h = Harness { $0.transform = .translation(10, 0, 0) }
        try h.add(
            basic(
                "transform", from: .transform(.scale(2, 2, 1)), to: .transform(.scale(2, 2, 1)), additive: true))
        guard case .transform(let m) = try h.value("transform", at: 0.5) else {
            Issue.record("not a transform")
            return
        }
        #expect(m.isApproximatelyEqual(to: Transform3D.scale(2, 2, 1).concatenating(.translation(10, 0, 0))))
    }

    @Test func colorsInterpolatePremultiplied() throws {
        var h = Harness()
        try h.add(
            basic(
                "backgroundColor", from: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                to: .color(Color(red: 0, green: 0, blue: 1, alpha: 0))))
        guard case .color(let c?) = try h.value("backgroundColor", at: 0.5) else {
            Issue.record("no colour")
            return
        }
        // Premultiplied halfway: (0.5, 0, 0, 0.5) → straight (1, 0, 0, 0.5): no blue fringe.
        #expect(close(c.red, 1) && close(c.blue, 0) && close(c.alpha, 0.5))
    }

    @Test func boolSwitchesAtHalf() throws {
        var h = Harness()
        try h.add(basic("hidden", from: .bool(false), to: .bool(true)))
        #expect(try h.value("hidden", at: 0.49) == .bool(false))
        #expect(try h.value("hidden", at: 0.5) == .bool(true))
    }

    @Test func valueFunctionRotates() throws {
        var h = Harness()
        let anim = Animation(
            .basic(
                BasicAnimation(
                    keyPath: keyPath("transform"), fromValue: .number(0), toValue: .number(.pi),
                    valueFunction: .rotateZ)), timing: MediaTiming(duration: 1))
        try h.add(anim)
        guard case .transform(let m) = try h.value("transform", at: 0.5) else {
            Issue.record("not a transform")
            return
        }
        #expect(m.isApproximatelyEqual(to: .rotation(.pi / 2, 0, 0, 1), tolerance: 1e-12))
    }

    @Test func rotationKeyPathSpinsAFullTurn() throws {
        var h = Harness()
        try h.add(basic("transform.rotation.z", from: .number(0), to: .number(2 * .pi)))
        guard case .transform(let m) = try h.value("transform", at: 0.25) else {
            Issue.record("not a transform")
            return
        }
        #expect(m.isApproximatelyEqual(to: .rotation(.pi / 2, 0, 0, 1), tolerance: 1e-9))
    }

    @Test func durationZeroTakesTheTransactionDuration() throws {
        var h = Harness()
        try h.add(
            basic("opacity", from: .number(0), to: .number(1), timing: MediaTiming()),
            context: AttachedAnimation.Context(attachTime: 0, transactionDuration: 2))
        #expect(close(try h.number("opacity", at: 1), 0.5))
        #expect(h.animations.entries[0].attached.animation.timing.duration == 2)
    }

    @Test func beginTimeZeroBecomesTheAttachTime() throws {
        var h = Harness()
        try h.add(basic("opacity", from: .number(0), to: .number(1)), at: 10)
        #expect(h.animations.entries[0].attached.animation.timing.beginTime == 10)
        #expect(close(try h.number("opacity", at: 10.5), 0.5))
    }
}
