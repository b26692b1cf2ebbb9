/// The fast path of a basic or spring animation on a scalar transform component (`transform.scale`,
/// `transform.rotation.z`, …) without a value function: the arithmetic of `BasicProgram` on doubles,
/// reading and writing `transform` directly instead of boxing matrices in `PropertyValue` (a 129-byte
/// value copied through the layer's property switches). Chosen at attach time; the results are the same.
final class TransformComponentProgram: AnimationProgram {
    let timing: MediaTiming
    let curve: BasicCurve
    let component: TransformComponent
    let fromValue: Double?
    let toValue: Double?
    let byValue: Double?
    let capturedValue: Double?
    let isAdditive: Bool
    let isCumulative: Bool

    /// nil when the animation needs the general path (value functions, `transform.translation`, other
    /// properties).
    init?(_ b: BasicProgram) {
        guard b.valueFunction == nil, b.keyPath.property == .transform,
            case .transform(let component)? = b.keyPath.component, component != .translation
        else { return nil }
        func unpack(_ v: PropertyValue?) -> Double?? {
            guard let v else { return .some(nil) }
            guard case .number(let n) = v else { return nil }
            return .some(n)
        }
        guard let from = unpack(b.fromValue), let to = unpack(b.toValue), let by = unpack(b.byValue),
            let captured = unpack(b.capturedValue)
        else { return nil }
        timing = b.timing
        curve = BasicCurve(timing: b.timing, timingFunction: b.timingFunction, spring: b.spring)
        self.component = component
        fromValue = from
        toValue = to
        byValue = by
        capturedValue = captured
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let p = curve.progress(f)
        // The eight cases of §3.2, as in `BasicProgram.endpoints`.
        let from: Double
        let to: Double
        switch (fromValue, toValue, byValue) {
        case (let a?, let b?, _): (from, to) = (a, b)
        case (let a?, nil, let by?): (from, to) = (a, a + by)
        case (nil, let b?, let by?): (from, to) = (b - by, b)
        case (let a?, nil, nil): (from, to) = (a, model.transform.component(component))
        case (nil, let b?, nil): (from, to) = (model.transform.component(component), b)
        case (nil, nil, let by?):
            let m = model.transform.component(component)
            (from, to) = (m, m + by)
        case (nil, nil, nil):
            let m = model.transform.component(component)
            (from, to) = (capturedValue ?? m, m)
        }
        var v = lerp(from, to, p)
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (to - from) * Double(r.cycle)
        }
        if isAdditive { v = state.transform.component(component) + v }
        state.transform = state.transform.setting(component, to: v)
    }
}
