/// The `type` field of an animation's JSON form, with the fields each type accepts.
enum AnimationType: String, CaseIterable {
    case basic, keyframe, spring, group, transition

    init(_ kind: AnimationKind) {
        switch kind {
        case .basic: self = .basic
        case .keyframe: self = .keyframe
        case .spring: self = .spring
        case .group: self = .group
        case .transition: self = .transition
        }
    }

    /// CAMediaTiming's fields and CAAnimation's own, accepted by every type.
    static let commonFields = [
        "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode", "removedOnCompletion", "timingFunction",
    ]

    /// CAPropertyAnimation's fields.
    static let propertyFields = ["keyPath", "additive", "cumulative", "valueFunction"]

    static let basicFields = ["fromValue", "toValue", "byValue"]

    static let springFields = [
        "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce",
    ]

    static let keyframeFields = [
        "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues",
        "biasValues", "rotationMode",
    ]

    static let transitionFields = ["transitionType", "subtype", "startProgress", "endProgress"]

    /// Every field an animation of this type may have.
    var fields: [String] {
        switch self {
        case .basic: Self.commonFields + Self.propertyFields + Self.basicFields
        case .spring: Self.commonFields + Self.propertyFields + Self.basicFields + Self.springFields
        case .keyframe: Self.commonFields + Self.propertyFields + Self.keyframeFields
        case .group: Self.commonFields + ["animations"]
        case .transition: Self.commonFields + Self.transitionFields
        }
    }
}
