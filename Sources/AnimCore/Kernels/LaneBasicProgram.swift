// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram`.
// Checked by: LaneProgramTests, FastPathDifferentialTests.

/// The fast path of a basic or spring animation on a number, point, size or rect key path (or a
/// field of one): the arithmetic of `BasicProgram` on four doubles, reading and writing the layer's
/// fields directly. Chosen at attach time when it applies; the results are the same.
struct LaneBasicKernel: BasicKernel {
    // The 32-byte-aligned vectors first, then the small fields beside their mode: no padding, as this
    // is copied out of the entry every frame.
    let endpoints: LaneEndpoints<SIMD4<Double>>
    let slice: LaneSlice
    let isAdditive: Bool
    let isCumulative: Bool
    let timing: FrameTiming
    let curve: BasicCurve

    /// nil when the animation needs the general path (value functions, transforms, colours, …).
    init?(_ b: BasicProgram, curveOwner: SharedTimingFunction) {
        guard b.valueFunction == nil, let slice = LaneSlice(b.keyPath) else { return nil }
        func pack(_ v: PropertyValue?) -> SIMD4<Double>?? {
            guard let v else { return .some(nil) }
            guard let lanes = v.lanes else { return nil }
            return .some(lanes)
        }
        guard let from = pack(b.fromValue), let to = pack(b.toValue), let by = pack(b.byValue),
            let captured = pack(b.capturedValue)
        else { return nil }
        timing = FrameTiming(b.timing)
        curve = BasicCurve(timing: b.timing, spring: b.spring, owner: curveOwner)
        self.slice = slice
        endpoints = LaneEndpoints(from: from, to: to, by: by, captured: captured, zero: .zero, add: +, subtract: -)
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
    }

    @inline(__always)
    func apply(parentTime t: Double, model: LayerState, to state: inout LayerState) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let p = curve.progress(f)
        // The eight cases of docs/core-animation-rules.md#from-to-and-by, as in `BasicProgram.endpoints`.
        let (from, to) = endpoints.resolve(add: +) { slice.read(model) }
        var v = from + (to - from) * p
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (to - from) * Double(r.cycle)
        }
        if isAdditive { v += slice.read(state) }
        slice.write(v, into: &state)
    }
}

/// The kernel as a program object, for the places that hold any program (the general path, tests).
typealias LaneBasicProgram = BasicKernelProgram<LaneBasicKernel>

extension LaneBasicKernel {
    var inline: EvaluationKernel { .laneBasic(self) }
}
