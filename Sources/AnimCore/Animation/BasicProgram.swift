/// A validated basic or spring animation, ready to evaluate every frame.
final class BasicProgram: AnimationProgram {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    /// Set for CASpringAnimation: progress follows the spring instead of the timing function.
    let spring: SpringParameters?
    let keyPath: AnimKeyPath
    let fromValue: PropertyValue?
    let toValue: PropertyValue?
    let byValue: PropertyValue?
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?
    /// The presentation value captured when the animation was attached; the start of the all-nil case.
    let capturedValue: PropertyValue?

    init(
        _ b: BasicAnimation, capturedValue: PropertyValue?, timing: MediaTiming, timingFunction: TimingFunction?,
        spring: SpringParameters? = nil
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.spring = spring
        keyPath = b.keyPath
        fromValue = b.fromValue
        toValue = b.toValue
        byValue = b.byValue
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
        valueFunction = b.valueFunction
        self.capturedValue = capturedValue
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let p = basicProgress(fraction: f, timing: timing, timingFunction: timingFunction, spring: spring)
        let v = value(progress: p, cycle: r.cycle, autoreverses: timing.autoreverses, model: model)
        compose(v, at: keyPath, additive: isAdditive, into: &state)
    }

    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        guard keyPath == self.keyPath, valueFunction == nil else { return nil }
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return running }
        let p = basicProgress(fraction: f, timing: timing, timingFunction: timingFunction, spring: spring)
        let v = value(progress: p, cycle: r.cycle, autoreverses: timing.autoreverses, model: model)
        return isAdditive ? running.adding(v) : v
    }

    /// The two endpoints per the eight cases of docs/core-animation-rules.md#from-to-and-by; nil endpoints read the
    /// model value live.
    @inline(__always)
    func endpoints(model: LayerState) -> (from: PropertyValue, to: PropertyValue) {
        switch (fromValue, toValue, byValue) {
        case (let from?, let to?, _):
            return (from, to)
        case (let from?, nil, let by?):
            return (from, from.adding(by))
        case (nil, let to?, let by?):
            return (to.subtracting(by), to)
        case (let from?, nil, nil):
            return (from, modelValue(model))
        case (nil, let to?, nil):
            return (modelValue(model), to)
        case (nil, nil, let by?):
            let m = modelValue(model)
            return (m, m.adding(by))
        case (nil, nil, nil):
            let m = modelValue(model)
            return (capturedValue ?? m, m)
        }
    }

    /// The model value in the animation's value space (value-function inputs have no model value: the
    /// identity input stands in).
    @inline(__always)
    private func modelValue(_ model: LayerState) -> PropertyValue {
        if let valueFunction { return valueFunction.identityInput }
        return keyPath.value(in: model)
    }

    /// The value at progress `p` of cycle `cycle`, before additive composition.
    @inline(__always)
    func value(progress p: Double, cycle: Int, autoreverses: Bool, model: LayerState) -> PropertyValue {
        let (from, to) = endpoints(model: model)
        var v = from.interpolated(to: to, fraction: p)
        if isCumulative, cycle > 0, !autoreverses {
            // docs/core-animation-rules.md#decisions-on-open-points: V_k(f) = v(f) + k·(v(1) − v(0)); an autoreversing
            // cycle ends where it began.
            v = v.adding(to.subtracting(from).scaled(by: Double(cycle)))
        }
        if let valueFunction { return .transform(valueFunction.transform(for: v)) }
        return v
    }

    /// Checks the endpoint values against the key path (or the value function's inputs), naming them
    /// `<field>.fromValue` and so on (`field` is the animation's wire path, e.g. "kind.basic").
    static func check(_ b: BasicAnimation, field: String) throws(AnimCoreError) {
        for (name, value) in [("fromValue", b.fromValue), ("toValue", b.toValue), ("byValue", b.byValue)] {
            guard let value else { continue }
            try checkValue(value, field: "\(field).\(name)", keyPath: b.keyPath, valueFunction: b.valueFunction)
        }
    }

    static func checkValue(
        _ value: PropertyValue, field: String, keyPath: AnimKeyPath, valueFunction: ValueFunction?
    ) throws(AnimCoreError) {
        if let valueFunction {
            guard keyPath.valueKind == .transform else {
                throw .invalid(field: field, reason: "a value function needs a transform key path, not \(keyPath)")
            }
            try valueFunction.checkInput(value, field: field)
        } else if value.kind != keyPath.valueKind {
            throw .typeMismatch(field: field, expected: keyPath.valueKind.rawValue, got: value.kind.rawValue)
        }
        if !value.isFinite {
            throw .nonFinite(field: field, value: value.firstNonFinite ?? .nan)
        }
        if case .path(let p?) = value { try p.validate(field: field) }
        guard keyPath.component == nil else { return }
        try keyPath.property.checkDrawn(value, field: field)
        switch value {
        case .string(let s?):
            // An animatable enumerated string (compositingFilter) animates between its allowed names only.
            if let allowed = keyPath.property.allowedStrings, !allowed.contains(s) {
                throw .notAllowed(field: field, value: s, reason: "is not one of \(allowed.joined(separator: ", "))")
            }
        case .filters(let list?):
            for (i, filter) in list.enumerated() { try filter.validate(field: "\(field)[\(i)]") }
        default:
            break
        }
    }
}

/// How far a basic or spring animation has come at basic fraction `f`: the spring runs in seconds
/// (docs/core-animation-rules.md#decisions-on-open-points), so its time is f·d (mirrored on a reversed leg); otherwise
/// the timing function shapes f.
@inline(__always)
func basicProgress(
    fraction f: Double, timing: MediaTiming, timingFunction: TimingFunction?, spring: SpringParameters?
) -> Double {
    if let spring { return spring.progress(at: f * timing.resolvedDuration) }
    return timingFunction?.evaluate(f) ?? f
}
