/// One animation as a client describes it (CAAnimation and its subclasses): timing, curve and kind.
/// It is copied when attached to a layer (`AttachedAnimation`), as `addAnimation` copies
/// (docs/core-animation-rules.md#begintime-0-and-animation-keys).
public struct Animation: Hashable, Sendable {
    public var timing: MediaTiming
    /// Applied to the basic fraction before interpolation; nil means linear
    /// (docs/core-animation-rules.md#timing-functions).
    public var timingFunction: TimingFunction?
    public var removedOnCompletion: Bool
    public var kind: AnimationKind

    public init(
        _ kind: AnimationKind, timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        removedOnCompletion: Bool = true
    ) {
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.removedOnCompletion = removedOnCompletion
    }

    /// The key path the animation drives; nil for groups and transitions.
    public var keyPath: AnimKeyPath? {
        switch kind {
        case .basic(let b): b.keyPath
        case .spring(let s): s.basic.keyPath
        case .keyframe(let k): k.keyPath
        case .group, .transition: nil
        }
    }
}

/// The concrete animation classes.
public enum AnimationKind: Hashable, Sendable {
    case basic(BasicAnimation)
    case keyframe(KeyframeAnimation)
    case spring(SpringAnimation)
    case group(AnimationGroup)
    case transition(TransitionAnimation)

    /// The Core Animation class name, for messages and the JSON form.
    public var className: String {
        switch self {
        case .basic: "CABasicAnimation"
        case .keyframe: "CAKeyframeAnimation"
        case .spring: "CASpringAnimation"
        case .group: "CAAnimationGroup"
        case .transition: "CATransition"
        }
    }
}

/// CABasicAnimation: from/to/by (docs/core-animation-rules.md#from-to-and-by), additive and cumulative
/// (docs/core-animation-rules.md#additive-and-cumulative), value functions
/// (docs/core-animation-rules.md#value-functions).
public struct BasicAnimation: Hashable, Sendable {
    public var keyPath: AnimKeyPath
    public var fromValue: PropertyValue?
    public var toValue: PropertyValue?
    public var byValue: PropertyValue?
    public var isAdditive: Bool
    public var isCumulative: Bool
    public var valueFunction: ValueFunction?

    public init(
        keyPath: AnimKeyPath, fromValue: PropertyValue? = nil, toValue: PropertyValue? = nil,
        byValue: PropertyValue? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }
}

/// CASpringAnimation: a basic animation whose progress follows a damped spring (docs/core-animation-rules.md#springs).
public struct SpringAnimation: Hashable, Sendable {
    public var basic: BasicAnimation
    public var spring: SpringParameters

    public init(basic: BasicAnimation, spring: SpringParameters = SpringParameters()) {
        self.basic = basic
        self.spring = spring
    }
}

/// CAAnimationGroup: children run in the group's time space and are clipped to it (docs/core-animation-rules.md#groups,
/// #decisions-on-open-points).
public struct AnimationGroup: Hashable, Sendable {
    public var animations: [Animation]
    public init(animations: [Animation]) { self.animations = animations }
}

/// CATransition (docs/core-animation-rules.md#transitions, #decisions-on-open-points): the renderer draws the old
/// snapshot and the live new state at `progress`.
public struct TransitionAnimation: Hashable, Sendable {
    public enum TransitionType: String, Hashable, Codable, Sendable, CaseIterable {
        case fade, moveIn, push, reveal
    }

    public enum Subtype: String, Hashable, Codable, Sendable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var type: TransitionType
    /// nil means fromLeft (docs/core-animation-rules.md#decisions-on-open-points).
    public var subtype: Subtype?
    public var startProgress: Double
    public var endProgress: Double

    public init(
        type: TransitionType = .fade, subtype: Subtype? = nil, startProgress: Double = 0, endProgress: Double = 1
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    public var effectiveSubtype: Subtype { subtype ?? .fromLeft }
}

/// A transition's state at one time: what the renderer needs to draw it.
public struct TransitionProgress: Hashable, Sendable {
    public var type: TransitionAnimation.TransitionType
    public var subtype: TransitionAnimation.Subtype
    /// 0 shows only the old snapshot, 1 only the new state.
    public var progress: Double
    /// The key the transition was added under ("transition" by default).
    public var key: String?
}
