// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram` on transform components.
// Checked by: FastPathTests.transformComponents, FastPathDifferentialTests.

/// The fast path of a basic or spring animation on a scalar transform component (`transform.scale`,
/// `transform.rotation.z`, …) without a value function: the arithmetic of `BasicProgram` on doubles,
/// reading and writing `transform` directly instead of boxing matrices in `PropertyValue` (a 129-byte
/// value copied through the layer's property switches). Chosen at attach time; the results are the same.
struct TransformComponentKernel: BasicKernel {
    // Hot fields first, in the order a frame reads them.
    let timing: FrameTiming
    let endpoints: LaneEndpoints<Double>
    let curve: BasicCurve
    let component: TransformComponent
    let isAdditive: Bool
    let isCumulative: Bool

    /// nil when the animation needs the general path (value functions, `transform.translation`, other
    /// properties).
    init?(_ b: BasicProgram, curveOwner: SharedTimingFunction) {
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
        timing = FrameTiming(b.timing)
        curve = BasicCurve(timing: b.timing, spring: b.spring, owner: curveOwner)
        self.component = component
        endpoints = LaneEndpoints(from: from, to: to, by: by, captured: captured, zero: 0, add: +, subtract: -)
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
    }

    @inline(__always)
    func apply(parentTime t: Double, model: LayerState, to state: inout LayerState) {
        guard let v = value(parentTime: t, model: model, running: { state.transform.component(component) }) else {
            return
        }
        if let scaled = IdentityScaleSetting.setting(component, to: v, on: state.transform) {
            state.transform = scaled
        } else {
            state.transform = state.transform.setting(component, to: v)
        }
    }
}

extension TransformComponentKernel {
    /// The component's value at `t` composed onto the running value `running` (read only when additive);
    /// nil while the animation has no effect.
    @inline(__always)
    private func value(parentTime t: Double, model: LayerState, running: () -> Double) -> Double? {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return nil }
        let p = curve.progress(f)
        // The eight cases of docs/core-animation-rules.md#from-to-and-by, as in `BasicProgram.endpoints`.
        let (from, to) = endpoints.resolve(add: +) { model.transform.component(component) }
        var v = lerp(from, to, p)
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (to - from) * Double(r.cycle)
        }
        if isAdditive { v = running() + v }
        return v
    }

    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        guard keyPath.property == .transform, keyPath.component == .transform(component),
            case .number(let n) = running
        else { return nil }
        return .number(value(parentTime: t, model: model, running: { n }) ?? n)
    }
}

/// The kernel as a program object, for the places that hold any program (the general path, tests).
typealias TransformComponentProgram = BasicKernelProgram<TransformComponentKernel>

extension TransformComponentKernel {
    var inline: EvaluationKernel { .transformComponent(self) }
}
