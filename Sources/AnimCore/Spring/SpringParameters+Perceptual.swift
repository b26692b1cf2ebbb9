extension SpringParameters {
    /// The spring with SwiftUI's perceptual parameters (docs/core-animation-rules.md#perceptual-duration-and-bounce):
    /// mass 1, stiffness (2π/duration)², damping ratio ζ = 1 − bounce for bounce ≥ 0 and 1/(1 + bounce) for bounce < 0,
    /// damping 2ζ√(k·m). A negative bounce is overdamped, so it sets `allowsOverdamping`. Useful values: duration > 0,
    /// bounce in (−1, 1]; see `validated(perceptualDuration:bounce:)`.
    public init(perceptualDuration duration: Double, bounce: Double) {
        let stiffness = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(
            mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(), initialVelocity: 0,
            allowsOverdamping: bounce < 0)
    }

    /// `init(perceptualDuration:bounce:)`, after checking that the duration is finite and > 0 and the bounce
    /// finite and in (−1, 1]; errors name `"<field>.perceptualDuration"` or `"<field>.bounce"`.
    public static func validated(
        perceptualDuration duration: Double, bounce: Double, field: String = "spring"
    ) throws(AnimCoreError) -> SpringParameters {
        try AnimCoreError.requireFinite(duration, "\(field).perceptualDuration")
        try AnimCoreError.requireFinite(bounce, "\(field).bounce")
        guard duration > 0 else {
            throw .outOfRange(field: "\(field).perceptualDuration", value: duration, allowed: "> 0")
        }
        guard bounce > -1 && bounce <= 1 else {
            throw .outOfRange(field: "\(field).bounce", value: bounce, allowed: "(-1, 1]")
        }
        return SpringParameters(perceptualDuration: duration, bounce: bounce)
    }

    /// The perceptual duration: the period of the undamped oscillation, 2π/ω0 = 2π·√(m/k).
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }

    /// The bounce the damping ratio maps to: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (negative: overdamped). It reads
    /// the parameters, so a spring with ζ > 1 reports a negative bounce even without `allowsOverdamping`, though
    /// it then moves critically damped.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}
