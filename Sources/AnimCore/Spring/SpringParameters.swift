/// A damped spring (CASpringAnimation's physics): a unit mass-spring-damper pulled from 0 to 1.
///
/// `progress(at:)` is the closed form of the damped oscillator, with time in seconds (the spring is evaluated
/// in seconds and the animation's `duration` cuts it off). Without `allowsOverdamping`, a damping ratio above
/// 1 moves as a critically damped spring (both rules in docs/core-animation-rules.md).
public struct SpringParameters: Hashable, Codable, Sendable {
    /// The moving mass; must be > 0.
    public var mass: Double
    /// The spring constant k; must be > 0.
    public var stiffness: Double
    /// The damping coefficient c; must be ≥ 0 (0 oscillates forever).
    public var damping: Double
    /// Initial velocity as a fraction of the from → to distance per second; positive moves toward the target.
    public var initialVelocity: Double
    /// Whether a damping ratio above 1 moves overdamped; if false it moves critically damped.
    public var allowsOverdamping: Bool

    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// Which closed form the spring moves by.
    public enum Regime: Hashable, Sendable {
        /// Damping ratio below 1: it overshoots and oscillates around the target.
        case underdamped
        /// Damping ratio 1, or above 1 without `allowsOverdamping`.
        case criticallyDamped
        /// Damping ratio above 1 with `allowsOverdamping`: it creeps to the target.
        case overdamped
    }

    /// ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { sqrt(stiffness / mass) }

    /// ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * sqrt(stiffness * mass)) }

    /// The closed form `progress(at:)` uses.
    public var regime: Regime {
        switch motion {
        case .underdamped: .underdamped
        case .critical: .criticallyDamped
        case .overdamped: .overdamped
        }
    }

    /// Progress p(t) = 1 − x(t) at `t` seconds: 0 at the start, 1 at the target, above 1 while overshooting.
    /// `t ≤ 0` (or NaN) gives 0 and `t = +∞` gives 1.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t.isFinite else { return 1 }
        return 1 - motion.residual(at: t)
    }

    /// The solved motion: the regime and its constants, derived once per call rather than stored, so that
    /// the parameters stay plain mutable fields.
    var motion: SpringMotion {
        let omega = naturalFrequency
        // Valid parameters whose k/m overflows (a mass near the smallest double): the spring is stiffer than
        // any frame can show and at its target at once. The closed forms would give ∞·0, a NaN presentation.
        if omega == .infinity, mass > 0, stiffness > 0, stiffness.isFinite {
            return .critical(rate: .infinity, slope: 0)
        }
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let dampedFrequency = omega * (1 - zeta * zeta).squareRoot()
            if dampedFrequency > 0 {
                return .underdamped(
                    decay: zeta * omega, frequency: dampedFrequency,
                    sineCoefficient: (zeta * omega - v0) / dampedFrequency)
            }
        } else if zeta > 1 && allowsOverdamping {
            let spread = omega * (zeta * zeta - 1).squareRoot()
            let slowRoot = -zeta * omega + spread
            let fastRoot = -zeta * omega - spread
            if fastRoot < slowRoot {
                let fastWeight = (-v0 - slowRoot) / (fastRoot - slowRoot)
                return .overdamped(
                    slowRoot: slowRoot, fastRoot: fastRoot, slowWeight: 1 - fastWeight, fastWeight: fastWeight)
            }
        }
        return .critical(rate: omega, slope: omega - v0)
    }
}

/// The residual x(t) = 1 − p(t) of each regime, with x(0) = 1 and x′(0) = −v0
/// (docs/core-animation-rules.md#spring-progress).
enum SpringMotion: Hashable, Sendable {
    /// x = e^(−decay·t)·(cos ωd t + B·sin ωd t), decay = ζω0, B = (ζω0 − v0)/ωd.
    case underdamped(decay: Double, frequency: Double, sineCoefficient: Double)
    /// x = (1 + slope·t)·e^(−rate·t), rate = ω0, slope = ω0 − v0.
    case critical(rate: Double, slope: Double)
    /// x = C1·e^(r1 t) + C2·e^(r2 t), r1,2 = −ω0(ζ ∓ √(ζ²−1)), C2 = (−v0 − r1)/(r2 − r1), C1 = 1 − C2.
    case overdamped(slowRoot: Double, fastRoot: Double, slowWeight: Double, fastWeight: Double)

    @inline(__always)
    func residual(at t: Double) -> Double {
        switch self {
        case .underdamped(let decay, let frequency, let sineCoefficient):
            return exp(-decay * t) * (cos(frequency * t) + sineCoefficient * sin(frequency * t))
        case .critical(let rate, let slope):
            let envelope = exp(-rate * t)
            // Decayed to nothing: 0 even where a finite slope times t overflows.
            return envelope == 0 && slope.isFinite ? 0 : (1 + slope * t) * envelope
        case .overdamped(let slowRoot, let fastRoot, let slowWeight, let fastWeight):
            return slowWeight * exp(slowRoot * t) + fastWeight * exp(fastRoot * t)
        }
    }
}

extension SpringParameters {
    private enum CodingKeys: String, CodingKey {
        case mass, stiffness, damping, initialVelocity, allowsOverdamping
    }

    /// Decodes every field, taking the CASpringAnimation default for each one that is absent. Decoding does
    /// not validate; call `validate(field:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SpringParameters()
        mass = try container.decodeIfPresent(Double.self, forKey: .mass) ?? defaults.mass
        stiffness = try container.decodeIfPresent(Double.self, forKey: .stiffness) ?? defaults.stiffness
        damping = try container.decodeIfPresent(Double.self, forKey: .damping) ?? defaults.damping
        initialVelocity =
            try container.decodeIfPresent(Double.self, forKey: .initialVelocity) ?? defaults.initialVelocity
        allowsOverdamping =
            try container.decodeIfPresent(Bool.self, forKey: .allowsOverdamping) ?? defaults.allowsOverdamping
    }

    /// Checks that the spring can be used, naming the offending field as `"<field>.mass"` and so on: every
    /// number finite (`.nonFinite`), mass and stiffness > 0 and damping ≥ 0 (`.outOfRange`).
    public func validate(field: String) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(mass, "\(field).mass")
        try AnimCoreError.requireFinite(stiffness, "\(field).stiffness")
        try AnimCoreError.requireFinite(damping, "\(field).damping")
        try AnimCoreError.requireFinite(initialVelocity, "\(field).initialVelocity")
        guard mass > 0 else { throw .outOfRange(field: "\(field).mass", value: mass, allowed: "> 0") }
        guard stiffness > 0 else {
            throw .outOfRange(field: "\(field).stiffness", value: stiffness, allowed: "> 0")
        }
        guard damping >= 0 else { throw .outOfRange(field: "\(field).damping", value: damping, allowed: ">= 0") }
    }
}
