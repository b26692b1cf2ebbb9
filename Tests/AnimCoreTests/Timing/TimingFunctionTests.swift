import Testing

@testable import AnimCore

/// Full-precision bisection on the Bézier parameter, as the reference the solver is held to.
private struct ReferenceCurve {
    let p1: Point
    let p2: Point

    init(_ function: TimingFunction) {
        p1 = function.controlPoint(at: 1)
        p2 = function.controlPoint(at: 2)
    }

    private func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s
    }

    /// The parameter where X reaches x (x clamped to [0, 1]).
    func parameter(forX x: Double) -> Double {
        var lower = 0.0
        var upper = 1.0
        for _ in 0..<200 {
            let middle = (lower + upper) / 2
            if bezier(p1.x, p2.x, middle) < x { lower = middle } else { upper = middle }
        }
        return (lower + upper) / 2
    }

    /// The y values of all points whose x lies within `tolerance` of `x`: the solver's contract is an x
    /// residual below 1e-7, which on a steep curve allows a larger error in y.
    func yRange(atX x: Double, tolerance: Double) -> ClosedRange<Double> {
        let a = bezier(p1.y, p2.y, parameter(forX: x - tolerance))
        let b = bezier(p1.y, p2.y, parameter(forX: x + tolerance))
        return min(a, b) - 1e-12...max(a, b) + 1e-12
    }
}

/// Rules pinned: docs/core-animation-rules.md#timing-functions.
@Suite("TimingFunction")
struct TimingFunctionTests {
    /// Vector 8, to 4 decimals.
    @Test(arguments: [
        (TimingFunction.Name.easeIn, [0.0935, 0.3154, 0.6219]),
        (.easeOut, [0.3781, 0.6846, 0.9065]),
        (.easeInEaseOut, [0.1292, 0.5000, 0.8708]),
        (.default, [0.4085, 0.8024, 0.9605]),
    ])
    func namedCurveValues(name: TimingFunction.Name, expected: [Double]) {
        let function = TimingFunction(name: name)
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(function.evaluate(x) - y) < 5e-5, "\(name) at \(x): \(function.evaluate(x))")
        }
    }

    @Test func namedControlPoints() {
        let expected: [TimingFunction.Name: [Double]] = [
            .linear: [0, 0, 1, 1], .easeIn: [0.42, 0, 1, 1], .easeOut: [0, 0, 0.58, 1],
            .easeInEaseOut: [0.42, 0, 0.58, 1], .default: [0.25, 0.1, 0.25, 1],
        ]
        for name in TimingFunction.Name.allCases {
            let function = TimingFunction(name: name)
            #expect([function.x1, function.y1, function.x2, function.y2] == expected[name])
            #expect(function.name == name)
        }
        #expect(TimingFunction.easeIn == TimingFunction(name: .easeIn))
        #expect(TimingFunction.default.name == .default)
        #expect(TimingFunction.linear.name == .linear)
        #expect(TimingFunction.easeOut.name == .easeOut)
        #expect(TimingFunction.easeInEaseOut.name == .easeInEaseOut)
    }

    @Test func controlPointIndices() {
        let function = TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        #expect(function.controlPoint(at: 0) == Point(x: 0, y: 0))
        #expect(function.controlPoint(at: 1) == Point(x: 0.1, y: 0.2))
        #expect(function.controlPoint(at: 2) == Point(x: 0.3, y: 0.4))
        #expect(function.controlPoint(at: 3) == Point(x: 1, y: 1))
        #expect(function.name == nil)
        #expect(function.description == "cubicBezier(0.1, 0.2, 0.3, 0.4)")
        #expect(TimingFunction.easeInEaseOut.description == "easeInEaseOut")
    }

    @Test func equalityComparesTheCurve() {
        let custom = TimingFunction(controlPoints: 0.42, 0, 1, 1)
        #expect(custom == .easeIn)
        #expect(custom.hashValue == TimingFunction.easeIn.hashValue)
        #expect(custom.name == nil)
        #expect(custom != .easeOut)
        #expect(Set([custom, .easeIn, .easeOut]).count == 2)
    }

    @Test func endPointsAreExact() {
        for function in TimingFunction.Name.allCases.map(TimingFunction.init(name:)) + [
            TimingFunction(controlPoints: 0.3, 1.6, 0.7, -0.4)
        ] {
            #expect(function.evaluate(0) == 0)
            #expect(function.evaluate(1) == 1)
        }
    }

    @Test func identityCurvesShortCircuit() {
        for function in [TimingFunction.linear, TimingFunction(controlPoints: 0.3, 0.3, 0.8, 0.8)] {
            #expect(function.isLinear)
            for x in [-2.5, -0.1, 0, 0.123456789, 0.5, 0.999, 1, 1.75] {
                #expect(function.evaluate(x) == x)
            }
        }
        #expect(!TimingFunction.easeIn.isLinear)
    }

    /// The solve is held to a full-precision reference over many x: y must be that of a point within 1e-7 of x,
    /// for the named curves and for custom ones with overshoot and with flat stretches in x, where Newton
    /// stalls and bisection takes over.
    @Test(arguments: [
        TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default,
        TimingFunction(controlPoints: 0.68, -0.55, 0.265, 1.55),
        TimingFunction(controlPoints: 0, 1, 1, 0),
        TimingFunction(controlPoints: 1, 0, 0, 1),
        TimingFunction(controlPoints: 0.9, 0.1, 1, 0.2),
    ])
    func matchesReferenceSolve(function: TimingFunction) {
        let reference = ReferenceCurve(function)
        for step in 0...2000 {
            let x = Double(step) / 2000
            let allowed = reference.yRange(atX: x, tolerance: 1e-7)
            let y = function.evaluate(x)
            #expect(allowed.contains(y), "x = \(x): y = \(y), allowed \(allowed)")
        }
    }

    /// Named curves are gentle enough to be held to 1e-6 in y.
    @Test(arguments: TimingFunction.Name.allCases)
    func namedCurvesAreAccurate(name: TimingFunction.Name) {
        let function = TimingFunction(name: name)
        let reference = ReferenceCurve(function)
        for step in 0...2000 {
            let x = Double(step) / 2000
            let exact = reference.yRange(atX: x, tolerance: 0).lowerBound + 1e-12
            #expect(abs(function.evaluate(x) - exact) < 1e-6, "x = \(x)")
        }
    }

    @Test(arguments: TimingFunction.Name.allCases)
    func namedCurvesAreMonotone(name: TimingFunction.Name) {
        let function = TimingFunction(name: name)
        var previous = function.evaluate(0)
        for step in 1...20_000 {
            let value = function.evaluate(Double(step) / 20_000)
            #expect(value >= previous - 1e-12, "\(name) decreases at x = \(Double(step) / 20_000)")
            #expect(value <= 1)
            previous = value
        }
    }

    /// Outside [0, 1] the curve continues as a straight line with the end point's gradient.
    @Test func extrapolationUsesEndGradients() {
        let close = { (a: Double, b: Double) in abs(a - b) < 1e-12 }
        // easeIn: flat start (c1 on the x-axis), end slope towards c1 since c2 = (1, 1): 1/0.58.
        #expect(close(TimingFunction.easeIn.evaluate(-0.5), 0))
        #expect(close(TimingFunction.easeIn.evaluate(1.5), 1 + 0.5 / 0.58))
        // easeOut: start slope towards c2 since c1 = (0, 0); flat end.
        #expect(close(TimingFunction.easeOut.evaluate(-0.5), -0.5 / 0.58))
        #expect(close(TimingFunction.easeOut.evaluate(2), 1))
        // default: start slope 0.1/0.25, end slope 0.
        #expect(close(TimingFunction.default.evaluate(-1), -0.4))
        #expect(close(TimingFunction.default.evaluate(3), 1))
        // Overshooting custom curve: slopes y1/x1 = −1 and (y2 − 1)/(x2 − 1) = −1.
        let overshoot = TimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        #expect(close(overshoot.evaluate(-1), 1))
        #expect(close(overshoot.evaluate(2), 0))
        // Vertical tangents at both ends are flattened to slope 0.
        let vertical = TimingFunction(controlPoints: 0, 0.5, 1, 0.5)
        #expect(close(vertical.evaluate(-1), 0))
        #expect(close(vertical.evaluate(2), 1))
        // Both control points at one end: the curve is linear there.
        let cornered = TimingFunction(controlPoints: 1, 1, 1, 1)
        #expect(close(cornered.evaluate(-2), -2))
        #expect(close(cornered.evaluate(3), 3))
    }

    @Test func validation() throws {
        try TimingFunction(controlPoints: 0, -3, 1, 4).validate(field: "f")
        try TimingFunction.easeInEaseOut.validate(field: "f")
        #expect(throws: AnimCoreError.outOfRange(field: "timingFunction.x1", value: 1.5, allowed: "0...1")) {
            try TimingFunction.validated(controlPoints: 1.5, 0, 1, 1)
        }
        #expect(throws: AnimCoreError.outOfRange(field: "f.x2", value: -0.25, allowed: "0...1")) {
            try TimingFunction(controlPoints: 0, 0, -0.25, 1).validate(field: "f")
        }
        #expect(throws: AnimCoreError.nonFinite(field: "timingFunction.y2", value: .infinity)) {
            try TimingFunction.validated(controlPoints: 0, 0, 1, .infinity)
        }
        #expect(throws: AnimCoreError.nonFinite(field: "timingFunction.y1", value: -.infinity)) {
            try TimingFunction.validated(controlPoints: 0.5, -.infinity, 1, 1)
        }
        do throws(AnimCoreError) {
            _ = try TimingFunction.validated(controlPoints: .nan, 0, 1, 1)
            Issue.record("NaN x1 was accepted")
        } catch {
            guard case .nonFinite(let field, let value) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(field == "timingFunction.x1")
            #expect(value.isNaN)
        }
        let valid = try TimingFunction.validated(controlPoints: 0.2, 0.3, 0.4, 0.5)
        #expect(valid == TimingFunction(controlPoints: 0.2, 0.3, 0.4, 0.5))
    }

    /// Unvalidated curves (x outside [0, 1], non-finite) and NaN input must not trap or hang.
    @Test func badInputNeverTraps() {
        let folded = TimingFunction(controlPoints: 2, 0, -1, 1)
        for step in 0...100 {
            #expect(folded.evaluate(Double(step) / 100).isFinite)
        }
        #expect(TimingFunction.easeIn.evaluate(.nan).isNaN)
        #expect(TimingFunction.linear.evaluate(.nan).isNaN)
        #expect(TimingFunction.easeIn.evaluate(.infinity) == .infinity)
        let broken = TimingFunction(controlPoints: .nan, 0, 1, 1)
        #expect(broken.evaluate(0.5).isNaN)
    }
}
