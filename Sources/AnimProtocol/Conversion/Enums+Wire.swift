import AnimCore

// Exhaustive switches rather than name lookups: a case added on either side stops the build here.

extension LayerClass {
    public init(wire: WireLayerClass) {
        switch wire {
        case .layer: self = .layer
        case .shape: self = .shape
        case .text: self = .text
        case .gradient: self = .gradient
        case .replicator: self = .replicator
        case .emitter: self = .emitter
        case .scroll: self = .scroll
        case .tiled: self = .tiled
        case .transformLayer: self = .transformLayer
        }
    }

    public var wire: WireLayerClass {
        switch self {
        case .layer: .layer
        case .shape: .shape
        case .text: .text
        case .gradient: .gradient
        case .replicator: .replicator
        case .emitter: .emitter
        case .scroll: .scroll
        case .tiled: .tiled
        case .transformLayer: .transformLayer
        }
    }
}

extension FillMode {
    public init(wire: WireFillMode) {
        switch wire {
        case .removed: self = .removed
        case .forwards: self = .forwards
        case .backwards: self = .backwards
        case .both: self = .both
        }
    }

    public var wire: WireFillMode {
        switch self {
        case .removed: .removed
        case .forwards: .forwards
        case .backwards: .backwards
        case .both: .both
        }
    }
}

extension ValueFunction {
    public init(wire: WireValueFunction) {
        switch wire {
        case .rotateX: self = .rotateX
        case .rotateY: self = .rotateY
        case .rotateZ: self = .rotateZ
        case .scale: self = .scale
        case .scaleX: self = .scaleX
        case .scaleY: self = .scaleY
        case .scaleZ: self = .scaleZ
        case .translate: self = .translate
        case .translateX: self = .translateX
        case .translateY: self = .translateY
        case .translateZ: self = .translateZ
        }
    }

    public var wire: WireValueFunction {
        switch self {
        case .rotateX: .rotateX
        case .rotateY: .rotateY
        case .rotateZ: .rotateZ
        case .scale: .scale
        case .scaleX: .scaleX
        case .scaleY: .scaleY
        case .scaleZ: .scaleZ
        case .translate: .translate
        case .translateX: .translateX
        case .translateY: .translateY
        case .translateZ: .translateZ
        }
    }
}

extension KeyframeAnimation.CalculationMode {
    public init(wire: WireCalculationMode) {
        switch wire {
        case .linear: self = .linear
        case .discrete: self = .discrete
        case .paced: self = .paced
        case .cubic: self = .cubic
        case .cubicPaced: self = .cubicPaced
        }
    }

    public var wire: WireCalculationMode {
        switch self {
        case .linear: .linear
        case .discrete: .discrete
        case .paced: .paced
        case .cubic: .cubic
        case .cubicPaced: .cubicPaced
        }
    }
}

extension KeyframeAnimation.RotationMode {
    public init(wire: WireRotationMode) {
        switch wire {
        case .auto: self = .auto
        case .autoReverse: self = .autoReverse
        }
    }

    public var wire: WireRotationMode {
        switch self {
        case .auto: .auto
        case .autoReverse: .autoReverse
        }
    }
}

extension TransitionAnimation.TransitionType {
    public init(wire: WireTransitionType) {
        switch wire {
        case .fade: self = .fade
        case .moveIn: self = .moveIn
        case .push: self = .push
        case .reveal: self = .reveal
        }
    }

    public var wire: WireTransitionType {
        switch self {
        case .fade: .fade
        case .moveIn: .moveIn
        case .push: .push
        case .reveal: .reveal
        }
    }
}

extension TransitionAnimation.Subtype {
    public init(wire: WireTransitionSubtype) {
        switch wire {
        case .fromLeft: self = .fromLeft
        case .fromRight: self = .fromRight
        case .fromTop: self = .fromTop
        case .fromBottom: self = .fromBottom
        }
    }

    public var wire: WireTransitionSubtype {
        switch self {
        case .fromLeft: .fromLeft
        case .fromRight: .fromRight
        case .fromTop: .fromTop
        case .fromBottom: .fromBottom
        }
    }
}
