// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram` on colours (`PropertyValue.interpolated`).
// Checked by: FastPathTests.colours, FastPathDifferentialTests.

/// The fast path of a basic or spring animation with both ends given on an inline colour property
/// (backgroundColor, borderColor, shadowColor), neither additive nor cumulative: the premultiplied blend
/// of `PropertyValue.interpolated`, stored straight into the field without boxing. Same results.
struct ColorBasicKernel: BasicKernel {
    let timing: FrameTiming
    let curve: BasicCurve
    let property: LayerProperty
    /// The blend's two ends as `PropertyValue.interpolated` makes them: a nil end is the other colour
    /// with alpha 0; both nil never gets here.
    let from: Color
    let to: Color

    init?(_ b: BasicProgram, curveOwner: SharedTimingFunction) {
        guard b.valueFunction == nil, b.keyPath.component == nil, !b.isAdditive, !b.isCumulative,
            [.backgroundColor, .borderColor, .shadowColor].contains(b.keyPath.property),
            case .color(let a)? = b.fromValue, case .color(let z)? = b.toValue
        else { return nil }
        switch (a, z) {
        case (let a?, let z?): (from, to) = (a, z)
        case (let a?, nil): (from, to) = (a, a.withAlpha(0))
        case (nil, let z?): (from, to) = (z.withAlpha(0), z)
        case (nil, nil): return nil
        }
        timing = FrameTiming(b.timing)
        curve = BasicCurve(timing: b.timing, spring: b.spring, owner: curveOwner)
        property = b.keyPath.property
    }

    @inline(__always)
    func apply(parentTime t: Double, model: LayerState, to state: inout LayerState) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let p = curve.progress(f)
        let c = Color.interpolatePremultiplied(from, to, p)
        switch property {
        case .backgroundColor: state.backgroundColor = c
        case .borderColor: state.borderColor = c
        case .shadowColor: state.shadowColor = c
        default: break
        }
    }
}

/// The kernel as a program object, for the places that hold any program (the general path, tests).
typealias ColorBasicProgram = BasicKernelProgram<ColorBasicKernel>

extension ColorBasicKernel {
    var inline: EvaluationKernel { .colorBasic(self) }
}
