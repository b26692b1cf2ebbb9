import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#spring-progress.
@Suite("SpringParameters.progress")
struct SpringProgressTests {
    @Test func defaults() {
        let spring = SpringParameters()
        #expect(spring.mass == 1)
        #expect(spring.stiffness == 100)
        #expect(spring.damping == 10)
        #expect(spring.initialVelocity == 0)
        #expect(spring.allowsOverdamping == false)
        #expect(spring.naturalFrequency == 10)
        #expect(spring.dampingRatio == 0.5)
    }

    /// Vector 9: the default spring's p(t) table, to 5 decimals.
    @Test(
        arguments: zip(
            [0.05, 0.1, 0.2, 0.3, 0.5, 1.0], [0.10441, 0.34030, 0.84943, 1.12435, 1.07459, 1.00217]))
    func defaultSpringTable(t: Double, expected: Double) {
        #expect(abs(SpringParameters().progress(at: t) - expected) < 5e-6)
    }

    /// Vector 9: critical damping (c = 20), and c = 30 treated as critical without allowsOverdamping.
    @Test func criticallyDamped() {
        for spring in [SpringParameters(damping: 20), SpringParameters(damping: 30)] {
            #expect(spring.regime == .criticallyDamped)
            #expect(abs(spring.progress(at: 0.1) - 0.26424) < 5e-6)
            #expect(abs(spring.progress(at: 0.3) - 0.80085) < 5e-6)
        }
    }

    /// Vector 9: c = 30 with allowsOverdamping.
    @Test func overdamped() {
        let spring = SpringParameters(damping: 30, allowsOverdamping: true)
        #expect(spring.regime == .overdamped)
        #expect(abs(spring.progress(at: 0.1) - 0.21335) < 5e-6)
        #expect(abs(spring.progress(at: 0.3) - 0.62782) < 5e-6)
    }

    /// Vector 9: initial velocity 5.
    @Test func initialVelocity() {
        let spring = SpringParameters(initialVelocity: 5)
        #expect(abs(spring.progress(at: 0.1) - 0.60705) < 5e-6)
        #expect(abs(spring.progress(at: 0.2) - 1.05907) < 5e-6)
    }

    @Test func regimes() {
        #expect(SpringParameters(damping: 0).regime == .underdamped)
        #expect(SpringParameters(damping: 19.999).regime == .underdamped)
        #expect(SpringParameters(damping: 20).regime == .criticallyDamped)
        #expect(SpringParameters(damping: 20, allowsOverdamping: true).regime == .criticallyDamped)
        #expect(SpringParameters(damping: 20.001).regime == .criticallyDamped)
        #expect(SpringParameters(damping: 20.001, allowsOverdamping: true).regime == .overdamped)
        #expect(SpringParameters(mass: 4, stiffness: 25, damping: 19.9).regime == .underdamped)
    }

    @Test func outsidePositiveTime() {
        let spring = SpringParameters()
        #expect(spring.progress(at: 0) == 0)
        #expect(spring.progress(at: -1) == 0)
        #expect(spring.progress(at: -.infinity) == 0)
        #expect(spring.progress(at: .nan) == 0)
        #expect(spring.progress(at: .infinity) == 1)
        #expect(SpringParameters(damping: 30, allowsOverdamping: true).progress(at: 1e6) == 1)
        #expect(SpringParameters(damping: 20).progress(at: 1e6) == 1)
    }

    @Test func undampedSpringOscillatesForever() {
        let spring = SpringParameters(damping: 0)
        // x(t) = cos(10 t): p = 1 − cos(10 t), 2 at every half period.
        #expect(abs(spring.progress(at: Double.pi / 10) - 2) < 1e-12)
        #expect(abs(spring.progress(at: 100 * Double.pi / 10 + Double.pi / 10) - 2) < 1e-9)
    }

    /// Each closed form solves m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −v0, checked by finite
    /// differences: the regimes must be the physics, not only match the table.
    @Test(arguments: [
        SpringParameters(),
        SpringParameters(mass: 2, stiffness: 50, damping: 3, initialVelocity: -4),
        SpringParameters(mass: 0.5, stiffness: 200, damping: 20, initialVelocity: 7),
        SpringParameters(stiffness: 100, damping: 20, initialVelocity: 3),
        SpringParameters(stiffness: 100, damping: 45, initialVelocity: -2, allowsOverdamping: true),
        SpringParameters(mass: 3, stiffness: 10, damping: 30, initialVelocity: 12, allowsOverdamping: true),
    ])
    func solvesTheSpringEquation(spring: SpringParameters) {
        let residual = { (t: Double) in 1 - spring.progress(at: t) }
        let h = 1e-4
        let startSlope = (residual(h) - 1) / h
        #expect(abs(startSlope + spring.initialVelocity) < 2e-2 * max(1, abs(spring.initialVelocity)))
        for step in 1...40 {
            let t = Double(step) * 0.05
            let x = residual(t)
            let velocity = (residual(t + h) - residual(t - h)) / (2 * h)
            let acceleration = (residual(t + h) - 2 * x + residual(t - h)) / (h * h)
            let force = spring.mass * acceleration + spring.damping * velocity + spring.stiffness * x
            #expect(abs(force) < 1e-3 * spring.stiffness, "t = \(t): m·x″ + c·x′ + k·x = \(force)")
        }
    }

    @Test func nearCriticalRatiosStayContinuous() {
        let critical = SpringParameters(damping: 20)
        let below = SpringParameters(damping: 20 * (1 - 1e-9))
        let above = SpringParameters(damping: 20 * (1 + 1e-9), allowsOverdamping: true)
        for step in 1...30 {
            let t = Double(step) * 0.05
            #expect(abs(below.progress(at: t) - critical.progress(at: t)) < 1e-6)
            #expect(abs(above.progress(at: t) - critical.progress(at: t)) < 1e-6)
        }
    }

    /// Valid but extreme parameters (found by the server fuzzer): a mass so small that k/m overflows, and a
    /// critically damped spring read so late that slope·t overflows, are at their target, never NaN.
    @Test func extremeValidParametersReachTheTarget() {
        let overflowing = SpringParameters(mass: 1.7244322403552232e-307, stiffness: 200, damping: 12)
        #expect(overflowing.naturalFrequency == .infinity)
        for t in [1e-300, 0.5, 2, 1e300] { #expect(overflowing.progress(at: t) == 1) }
        #expect(overflowing.progress(at: 0) == 0)
        #expect(overflowing.settlingDuration == 0)
        let stiff = SpringParameters(mass: 1e-300, stiffness: 1e-10, damping: 12)
        #expect(stiff.regime == .criticallyDamped)
        #expect(stiff.progress(at: 1e300) == 1)
        #expect(stiff.progress(at: 0.5) == 1)
    }

    @Test func invalidParametersNeverTrap() {
        #expect(SpringParameters(mass: 0).progress(at: 0.5).isNaN)
        #expect(SpringParameters(mass: -1).progress(at: 0.5).isNaN)
        #expect(SpringParameters(stiffness: .nan).progress(at: 0.5).isNaN)
        #expect(!SpringParameters(damping: -5).progress(at: 0.5).isInfinite)
    }
}
