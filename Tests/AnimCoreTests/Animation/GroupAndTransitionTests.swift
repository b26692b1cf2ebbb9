import Testing

@testable import AnimCore

@Suite("Groups, transitions and springs")
struct GroupAndTransitionTests {
    func group(_ children: [Animation], timing: MediaTiming, function: TimingFunction? = nil) -> Animation {
        Animation(.group(AnimationGroup(animations: children)), timing: timing, timingFunction: function)
    }

    /// Reference vector 12 (docs/core-animation-rules.md#reference-vectors): a 10 s child in a 5 s group shows only its
    /// first 5 s.
    @Test func vector12GroupClipsChildren() throws {
        var h = Harness { $0.zPosition = -1 }
        let child = basic("zPosition", from: .number(0), to: .number(10), timing: MediaTiming(duration: 10))
        try h.add(group([child], timing: MediaTiming(duration: 5)))
        #expect(close(try h.number("zPosition", at: 2.5), 2.5))
        #expect(close(try h.number("zPosition", at: 4.9), 4.9))
        #expect(close(try h.number("zPosition", at: 5), -1))
    }

    @Test func childBeginTimeIsAnOffsetFromTheGroupStart() throws {
        var h = Harness { $0.zPosition = -1 }
        let child = basic(
            "zPosition", from: .number(0), to: .number(10), timing: MediaTiming(beginTime: 1, duration: 2))
        try h.add(group([child], timing: MediaTiming(duration: 4)), at: 100)
        #expect(close(try h.number("zPosition", at: 100.5), -1))
        #expect(close(try h.number("zPosition", at: 102), 5))
    }

    @Test func groupTimingFunctionWarpsChildTime() throws {
        var h = Harness()
        let child = basic("zPosition", from: .number(0), to: .number(1), timing: MediaTiming(duration: 1))
        try h.add(group([child], timing: MediaTiming(duration: 1), function: .easeIn))
        #expect(close(try h.number("zPosition", at: 0.5), 0.3154, 1e-4))
    }

    @Test func childDurationZeroIsTheTransactionDefault() throws {
        var h = Harness()
        let child = basic("zPosition", from: .number(0), to: .number(1), timing: MediaTiming())
        try h.add(group([child], timing: MediaTiming(duration: 1)))
        #expect(close(try h.number("zPosition", at: 0.125), 0.5))
        #expect(close(try h.number("zPosition", at: 0.5), 0))  // the child ended, no fill
    }

    @Test func groupFillForwardsHoldsChildrenThatFill() throws {
        var h = Harness()
        let child = basic(
            "zPosition", from: .number(0), to: .number(8), timing: MediaTiming(duration: 1, fillMode: .forwards))
        var g = group([child], timing: MediaTiming(duration: 2, fillMode: .forwards))
        g.removedOnCompletion = false
        try h.add(g)
        #expect(close(try h.number("zPosition", at: 1.5), 8))
        #expect(close(try h.number("zPosition", at: 9), 8))
    }

    @Test func transitionProgressFollowsStartAndEnd() throws {
        var h = Harness()
        let tr = Animation(
            .transition(TransitionAnimation(type: .push, subtype: nil, startProgress: 0.2, endProgress: 0.6)),
            timing: MediaTiming(duration: 1))
        try h.add(tr, key: "transition")
        let (_, progress) = PresentationEvaluator.presentation(of: h.model, animations: h.animations, atLocalTime: 0.5)
        #expect(progress?.type == .push)
        #expect(progress?.subtype == .fromLeft)
        #expect(close(progress?.progress ?? -1, 0.4))
        let (_, after) = PresentationEvaluator.presentation(of: h.model, animations: h.animations, atLocalTime: 1.5)
        #expect(after == nil)
    }

    @Test func transitionRangeIsChecked() {
        var h = Harness()
        let tr = Animation(.transition(TransitionAnimation(startProgress: 0.8, endProgress: 0.2)))
        #expect(throws: AnimCoreError.self) { try h.add(tr) }
        let out = Animation(.transition(TransitionAnimation(startProgress: -0.5)))
        #expect(throws: AnimCoreError.outOfRange(field: "kind.transition.startProgress", value: -0.5, allowed: "0…1")) {
            try h.add(out)
        }
    }

    @Test func springMovesInSeconds() throws {
        var h = Harness()
        let spring = Animation(
            .spring(
                SpringAnimation(
                    basic: BasicAnimation(keyPath: keyPath("zPosition"), fromValue: .number(0), toValue: .number(100)))),
            timing: MediaTiming(duration: 2))
        try h.add(spring)
        // Reference vector 9 (docs/core-animation-rules.md#reference-vectors): p(0.1) = 0.34030, p(0.3) = 1.12435 with
        // the default parameters.
        #expect(close(try h.number("zPosition", at: 0.1), 34.030, 1e-3))
        #expect(close(try h.number("zPosition", at: 0.3), 112.435, 1e-3))
    }

    @Test func unknownKeyPathNamesPathAndClass() {
        #expect(throws: AnimCoreError.unknownKeyPath(path: "alpha", layerClass: "CALayer")) {
            _ = try AnimKeyPath("alpha", on: .layer)
        }
        #expect(throws: AnimCoreError.unknownKeyPath(path: "strokeEnd", layerClass: "CALayer")) {
            _ = try AnimKeyPath("strokeEnd", on: .layer)
        }
        #expect(throws: AnimCoreError.unknownKeyPath(path: "position.z", layerClass: "CAShapeLayer")) {
            _ = try AnimKeyPath("position.z", on: .shape)
        }
    }

    @Test func attachingRechecksTheKeyPathAgainstTheLayer() {
        var h = Harness(.layer)
        let a = Animation(
            .basic(BasicAnimation(keyPath: keyPath("strokeEnd", .shape), fromValue: .number(0), toValue: .number(1))))
        #expect(throws: AnimCoreError.unknownKeyPath(path: "strokeEnd", layerClass: "CALayer")) { try h.add(a) }
        var shape = Harness(.shape)
        #expect(throws: Never.self) { try shape.add(a) }
    }

    @Test func nonAnimatablePathIsRefused() {
        var h = Harness()
        let a = Animation(.basic(BasicAnimation(keyPath: keyPath("contentsGravity"), toValue: .string("center"))))
        #expect(throws: AnimCoreError.self) { try h.add(a) }
    }

    @Test func nonFiniteValuesAndTimesAreRefused() {
        var h = Harness()
        let error = #expect(throws: AnimCoreError.self) { try h.add(basic("opacity", to: .number(.nan))) }
        guard case .nonFinite(let field, let value)? = error else {
            Issue.record("expected nonFinite, got \(String(describing: error))")
            return
        }
        #expect(field == "kind.basic.toValue" && value.isNaN)
        #expect(throws: AnimCoreError.self) {
            try h.add(basic("opacity", to: .number(1), timing: MediaTiming(beginTime: .infinity, duration: 1)))
        }
        #expect(throws: AnimCoreError.self) {
            try h.add(basic("opacity", to: .number(1), timing: MediaTiming(duration: -1)))
        }
        #expect(h.animations.isEmpty)
    }
}
