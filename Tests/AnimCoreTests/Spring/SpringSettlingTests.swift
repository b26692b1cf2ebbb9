import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#settling-duration, #decisions-on-open-points.
@Suite("SpringParameters.settlingDuration")
struct SpringSettlingTests {
    /// Vector 10: m 1, k 100: damping 5 settles in about 2.85 s, damping 15 in just over 1 s.
    @Test func appleDataPoints() {
        #expect(abs(SpringParameters(damping: 5).settlingDuration - 2.85) <= 0.01)
        let fifteen = SpringParameters(damping: 15).settlingDuration
        #expect(fifteen >= 1.0 && fifteen <= 1.01)
    }

    /// docs/core-animation-rules.md#decisions-on-open-points: for an underdamped spring it is exactly where A·e^(−ζω0
    /// t) reaches 8.3e-4.
    @Test(arguments: [0.5, 5, 10, 15, 19])
    func underdampedEnvelopeReachesTheThreshold(damping: Double) {
        for velocity in [-8.0, 0, 3] {
            let spring = SpringParameters(damping: damping, initialVelocity: velocity)
            let decay = spring.dampingRatio * spring.naturalFrequency
            let dampedFrequency = spring.naturalFrequency * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
            let amplitude = (1 + ((decay - velocity) / dampedFrequency) * ((decay - velocity) / dampedFrequency))
                .squareRoot()
            let envelope = amplitude * exp(-decay * spring.settlingDuration)
            #expect(abs(envelope - 8.3e-4) < 1e-12)
        }
    }

    /// Critical: the smallest t past which (1 + |ω0 − v0|·t)·e^(−ω0 t) stays below the threshold.
    @Test(arguments: [-30.0, 0, 5, 10, 40])
    func criticalEnvelopeReachesTheThreshold(velocity: Double) {
        let spring = SpringParameters(damping: 20, initialVelocity: velocity)
        let slope = abs(10 - velocity)
        let envelope = { (t: Double) in (1 + slope * t) * exp(-10 * t) }
        let settling = spring.settlingDuration
        #expect(abs(envelope(settling) - 8.3e-4) < 1e-9)
        #expect(envelope(settling * (1 - 1e-6)) > 8.3e-4)
    }

    @Test func overdampedUsesTheSlowRoot() {
        let spring = SpringParameters(damping: 30, allowsOverdamping: true)
        // r1 = −10(1.5 − √1.25), r2 = −10(1.5 + √1.25); v0 = 0: C2 = −r1/(r2 − r1), C1 = 1 − C2.
        let slow = -10 * (1.5 - 1.25.squareRoot())
        let fast = -10 * (1.5 + 1.25.squareRoot())
        let c2 = -slow / (fast - slow)
        let amplitude = abs(1 - c2) + abs(c2)
        #expect(abs(spring.settlingDuration - log(amplitude / 8.3e-4) / -slow) < 1e-12)
        #expect(spring.settlingDuration > SpringParameters(damping: 30).settlingDuration)
    }

    @Test func undampedNeverSettles() {
        #expect(SpringParameters(damping: 0).settlingDuration == .infinity)
        #expect(SpringParameters(mass: 0).settlingDuration == .infinity)
    }

    /// The property settlingDuration promises: from it on, p stays within 1e-3 of 1.
    @Test(arguments: [0.5, 1, 3])
    func springHasSettledBySettlingDuration(mass: Double) {
        for stiffness in [20.0, 100, 400] {
            for damping in [0.8, 4, 10, 20, 40, 90] {
                for velocity in [-15.0, 0, 6, 40] {
                    for allowsOverdamping in [false, true] {
                        let spring = SpringParameters(
                            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                            allowsOverdamping: allowsOverdamping)
                        let settling = spring.settlingDuration
                        #expect(settling.isFinite && settling > 0, "\(spring)")
                        var worst = 0.0
                        for step in 0...400 {
                            let t = settling + Double(step) * settling / 100
                            worst = max(worst, abs(1 - spring.progress(at: t)))
                        }
                        #expect(worst <= 1e-3, "\(spring): |1 − p| reaches \(worst) after \(settling) s")
                    }
                }
            }
        }
    }
}
