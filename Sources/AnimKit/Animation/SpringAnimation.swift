import AnimCore

/// CASpringAnimation: a basic animation whose progress follows a damped spring (mass, stiffness, damping,
/// initial velocity). `duration` cuts the spring off; set it to `settlingDuration` to see it settle.
open class SpringAnimation: BasicAnimation, @unchecked Sendable {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    public var initialVelocity: Double = 0
    /// Whether a damping ratio above 1 moves overdamped (otherwise critically damped).
    public var allowsOverdamping = false

    public override init(
        keyPath: String? = nil, from: (any AnimationValueConvertible)? = nil,
        to: (any AnimationValueConvertible)? = nil,
        by: (any AnimationValueConvertible)? = nil
    ) {
        super.init(keyPath: keyPath, from: from, to: to, by: by)
    }

    /// The spring of SwiftUI's perceptual parameters. Unlike Core Animation, `duration` is set to the
    /// spring's `settlingDuration`, so the animation is not cut off at the transaction's 0.25 s.
    public init(keyPath: String? = nil, perceptualDuration: Double, bounce: Double) {
        super.init(keyPath: keyPath)
        parameters = SpringParameters(perceptualDuration: perceptualDuration, bounce: bounce)
        duration = settlingDuration
    }

    public var parameters: SpringParameters {
        get {
            SpringParameters(
                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                allowsOverdamping: allowsOverdamping)
        }
        set {
            mass = newValue.mass
            stiffness = newValue.stiffness
            damping = newValue.damping
            initialVelocity = newValue.initialVelocity
            allowsOverdamping = newValue.allowsOverdamping
        }
    }

    /// How long the spring takes to come to rest (its decay envelope below 8.3e-4, docs/core-animation-rules.md).
    public var settlingDuration: Double { parameters.settlingDuration }

    public var perceptualDuration: Double { parameters.perceptualDuration }
    public var bounce: Double { parameters.bounce }

    override func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        .spring(AnimCore.SpringAnimation(basic: try coreBasic(on: layerClass, field: field), spring: parameters))
    }
}
