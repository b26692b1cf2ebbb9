import Testing

@testable import AnimCore

@Suite("Keyframe animations")
struct KeyframeAnimationTests {
    func keyframe(
        _ path: String, values: [PropertyValue]? = nil, bezier: BezierPath? = nil, keyTimes: [Double]? = nil,
        functions: [TimingFunction]? = nil, mode: KeyframeAnimation.CalculationMode = .linear,
        tension: [Double]? = nil, rotation: KeyframeAnimation.RotationMode? = nil,
        timing: MediaTiming = MediaTiming(duration: 1), cumulative: Bool = false
    ) -> Animation {
        Animation(
            .keyframe(
                KeyframeAnimation(
                    keyPath: keyPath(path), values: values, path: bezier, keyTimes: keyTimes,
                    timingFunctions: functions,
                    calculationMode: mode, tensionValues: tension, rotationMode: rotation, isCumulative: cumulative)),
            timing: timing)
    }

    @Test func linearWithEvenSpacing() throws {
        var h = Harness()
        try h.add(keyframe("zPosition", values: [.number(0), .number(10), .number(30)]))
        #expect(close(try h.number("zPosition", at: 0.25), 5))
        #expect(close(try h.number("zPosition", at: 0.75), 20))
    }

    @Test func linearWithKeyTimesAndSegmentFunctions() throws {
        var h = Harness()
        try h.add(
            keyframe(
                "zPosition", values: [.number(0), .number(10), .number(20)], keyTimes: [0, 0.8, 1],
                functions: [.linear, .easeIn]))
        #expect(close(try h.number("zPosition", at: 0.4), 5))
        #expect(close(try h.number("zPosition", at: 0.9), 10 + 10 * 0.3154, 1e-3))
    }

    /// Reference vector 13 (docs/core-animation-rules.md#reference-vectors).
    @Test func vector13Discrete() throws {
        var h = Harness()
        try h.add(
            keyframe(
                "zPosition", values: [.number(1), .number(2), .number(3)], keyTimes: [0, 0.25, 0.75, 1],
                mode: .discrete, timing: MediaTiming(duration: 1, fillMode: .forwards)))
        #expect(try h.number("zPosition", at: 0) == 1)
        #expect(try h.number("zPosition", at: 0.2499) == 1)
        #expect(try h.number("zPosition", at: 0.25) == 2)
        #expect(try h.number("zPosition", at: 0.7499) == 2)
        #expect(try h.number("zPosition", at: 0.75) == 3)
        #expect(try h.number("zPosition", at: 0.99) == 3)
    }

    /// Reference vector 14 (docs/core-animation-rules.md#reference-vectors).
    @Test func vector14Paced() throws {
        var h = Harness()
        try h.add(keyframe("zPosition", values: [.number(0), .number(10), .number(30)], mode: .paced))
        #expect(close(try h.number("zPosition", at: 0.5), 15))
        #expect(close(try h.number("zPosition", at: 1.0 / 3.0), 10))
    }

    @Test func pacedIgnoresTimingFunctions() throws {
        var h = Harness()
        var anim = keyframe("zPosition", values: [.number(0), .number(10)], mode: .paced)
        anim.timingFunction = .easeIn
        try h.add(anim)
        #expect(close(try h.number("zPosition", at: 0.5), 5))
    }

    @Test func cubicWithZeroTCBIsCatmullRom() throws {
        var h = Harness()
        try h.add(keyframe("zPosition", values: [.number(0), .number(10), .number(0), .number(10)], mode: .cubic))
        // Catmull–Rom with duplicated ends: segment 1 (10 → 0) has tangents (0−0)/2·… = −5·… ;
        // the midpoint of a symmetric segment is the mean of its end points.
        let mid = try h.number("zPosition", at: 0.5)
        #expect(close(mid, 5))
        // Passes through every keyframe.
        #expect(close(try h.number("zPosition", at: 1.0 / 3.0), 10))
        #expect(close(try h.number("zPosition", at: 2.0 / 3.0), 0))
        // The spline bulges above the straight line between the first two keys.
        let quarter = try h.number("zPosition", at: 0.25)
        #expect(quarter > 7.5)
    }

    @Test func cubicTensionOneIsLinearInEffect() throws {
        var h = Harness()
        try h.add(
            keyframe(
                "zPosition", values: [.number(0), .number(10), .number(20)], mode: .cubic, tension: [1, 1, 1]))
        // With t = 1 every tangent is zero: H(s) = h00·p0 + h01·p1, a smoothstep between keys.
        let s = 0.25
        let expected = 10 * (-2 * s * s * s + 3 * s * s)
        #expect(close(try h.number("zPosition", at: 0.125), expected))
    }

    @Test func cubicPacedHasConstantSpeed() throws {
        var h = Harness()
        try h.add(keyframe("zPosition", values: [.number(0), .number(10), .number(30)], mode: .cubicPaced))
        // Monotone values: arc length is the value itself, so the value is linear in time.
        for f in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(close(try h.number("zPosition", at: min(f, 0.999_999)), 30 * min(f, 0.999_999), 0.05))
        }
    }

    @Test func pathFollowsTheCurveAndRotates() throws {
        var bezier = BezierPath()
        bezier.move(to: Point(x: 0, y: 0))
        bezier.addLine(to: Point(x: 100, y: 0))
        bezier.addLine(to: Point(x: 100, y: 100))
        var h = Harness()
        try h.add(keyframe("position", bezier: bezier, rotation: .auto))
        let p = h.presentation(at: 0.25)
        #expect(close(p.position.x, 50) && close(p.position.y, 0))
        let q = h.presentation(at: 0.75)
        #expect(close(q.position.x, 100) && close(q.position.y, 50))
        // Travelling +y: the tangent angle is π/2.
        #expect(q.transform.isApproximatelyEqual(to: .rotation(.pi / 2, 0, 0, 1), tolerance: 1e-9))
    }

    /// Linear mode travels a path's lines at constant speed from vertex to vertex (docs/core-animation-rules.md,
    /// keyframe paths): a line used to be a cubic with its controls on its ends, and eased (15.625 at 0.25 s).
    @Test func linearPathLinesMoveAtConstantSpeed() throws {
        var bezier = BezierPath()
        bezier.move(to: Point(x: 0, y: 0))
        bezier.addLine(to: Point(x: 100, y: 0))
        bezier.addLine(to: Point(x: 100, y: 100))
        var h = Harness()
        try h.add(keyframe("position", bezier: bezier, timing: MediaTiming(duration: 2)))
        for (t, x, y) in [(0.25, 25.0, 0.0), (0.5, 50, 0), (0.75, 75, 0), (1.25, 100, 25), (1.75, 100, 75)] {
            let p = h.presentation(at: t).position
            #expect(p.x == x && p.y == y, "at \(t): \(p)")
        }
    }

    /// A close segment is a line back to the subpath's start, travelled at constant speed too, and the
    /// tangents of `autoReverse` along both lines are the lines' directions plus π, at their ends as inside.
    @Test func closePathIsALineWithItsTangent() throws {
        var bezier = BezierPath()
        bezier.move(to: Point(x: 0, y: 0))
        bezier.addLine(to: Point(x: 100, y: 0))
        bezier.closeSubpath()
        var h = Harness()
        try h.add(keyframe("position", bezier: bezier, rotation: .autoReverse))
        #expect(h.presentation(at: 0.125).position == Point(x: 25, y: 0))
        #expect(h.presentation(at: 0.625).position == Point(x: 75, y: 0))
        for t in [0.0, 0.125, 0.4999] {
            #expect(h.presentation(at: t).transform.isApproximatelyEqual(to: .rotation(.pi, 0, 0, 1), tolerance: 1e-9))
        }
        for t in [0.5, 0.625, 0.9999] {
            // Travelling −x (angle π), reversed: 2π, the identity rotation.
            #expect(h.presentation(at: t).transform.isApproximatelyEqual(to: .identity, tolerance: 1e-9))
        }
    }

    /// Curves keep following their Bézier parameter in linear mode: a cubic at s = 0.25.
    @Test func linearPathCurvesFollowTheirParameter() throws {
        var bezier = BezierPath()
        bezier.move(to: Point(x: 0, y: 0))
        bezier.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100))
        var h = Harness()
        try h.add(keyframe("position", bezier: bezier))
        let p = h.presentation(at: 0.25).position
        #expect(close(p.x, 15.625, 1e-12) && close(p.y, 56.25, 1e-12))
    }

    @Test func pacedPathMovesAtConstantSpeed() throws {
        var bezier = BezierPath()
        bezier.move(to: Point(x: 0, y: 0))
        bezier.addLine(to: Point(x: 30, y: 0))
        bezier.addLine(to: Point(x: 30, y: 10))
        var h = Harness()
        try h.add(keyframe("position", bezier: bezier, mode: .paced))
        let p = h.presentation(at: 0.5)
        #expect(close(p.position.x, 20, 1e-3) && close(p.position.y, 0, 1e-3))
    }

    /// keyTimes that cannot be used are refused, naming the field (docs/core-animation-rules.md): the count,
    /// the order, the range and the ends; discrete mode takes n or n + 1; the paced modes ignore them.
    @Test func badKeyTimesAreRefused() throws {
        let three: [PropertyValue] = [.number(0), .number(10), .number(20)]
        let field = "kind.keyframe.keyTimes"
        let refused: [([Double], KeyframeAnimation.CalculationMode, String)] = [
            ([0, 1], .linear, "2 keyTimes for 3 values; linear mode needs 3"),
            ([0, 0.25, 0.5, 1], .cubic, "4 keyTimes for 3 values; cubic mode needs 3"),
            ([0, 0.5, 0.75, 0.9, 1], .discrete, "5 keyTimes for 3 values; discrete mode needs 3 or 4"),
            ([0, 0.9, 0.5], .linear, "keyTimes decrease: [1] is 0.9, [2] is 0.5"),
            ([0, 0.5, 1.5], .linear, "keyTime 1.5 is outside [0, 1]"),
            ([-0.1, 0.5, 1], .discrete, "keyTime -0.1 is outside [0, 1]"),
            ([0, 0.5, 0.9], .linear, "keyTimes must start at 0 and end at 1 in linear mode"),
            ([0.1, 0.5, 1], .discrete, "keyTimes must start at 0 in discrete mode"),
        ]
        for (keyTimes, mode, reason) in refused {
            var h = Harness()
            #expect(throws: AnimCoreError.invalidKeyTimes(field: field, reason: reason), "\(keyTimes) \(mode)") {
                try h.add(keyframe("zPosition", values: three, keyTimes: keyTimes, mode: mode))
            }
            #expect(h.animations.entries.isEmpty)
        }
        // Accepted: equal neighbours, discrete's n and n + 1, and anything in the paced modes.
        var equal = Harness()
        try equal.add(keyframe("zPosition", values: three, keyTimes: [0, 1, 1]))
        var discrete = Harness()
        try discrete.add(keyframe("zPosition", values: three, keyTimes: [0, 0.5, 0.75], mode: .discrete))
        #expect(try discrete.number("zPosition", at: 0.8) == 20)
        try discrete.add(keyframe("zPosition", values: three, keyTimes: [0, 0.5, 0.75, 1], mode: .discrete))
        var paced = Harness()
        try paced.add(keyframe("zPosition", values: three, keyTimes: [1, 0], mode: .paced))
        #expect(close(try paced.number("zPosition", at: 0.25), 5))
    }

    @Test func nonFiniteKeyTimesAreErrors() {
        var h = Harness()
        #expect(throws: AnimCoreError.nonFinite(field: "kind.keyframe.keyTimes", value: .infinity)) {
            try h.add(keyframe("zPosition", values: [.number(0), .number(1)], keyTimes: [0, .infinity]))
        }
    }

    @Test func valuesOfTheWrongKindAreErrors() {
        var h = Harness()
        #expect(throws: AnimCoreError.typeMismatch(field: "kind.keyframe.values[1]", expected: "point", got: "number"))
        {
            try h.add(keyframe("position", values: [.point(.zero), .number(1)]))
        }
    }
}
