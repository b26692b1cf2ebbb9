/// The fast path of a basic or spring animation on a number, point, size or rect key path (or a
/// field of one): the arithmetic of `BasicProgram` on four doubles, reading and writing the layer's
/// fields directly. Chosen at attach time when it applies; the results are the same.
final class LaneBasicProgram: AnimationProgram {
    let timing: MediaTiming
    let curve: BasicCurve
    let slice: LaneSlice
    let fromValue: SIMD4<Double>?
    let toValue: SIMD4<Double>?
    let byValue: SIMD4<Double>?
    let capturedValue: SIMD4<Double>?
    let isAdditive: Bool
    let isCumulative: Bool

    /// nil when the animation needs the general path (value functions, transforms, colours, …).
    init?(_ b: BasicProgram) {
        guard b.valueFunction == nil, let slice = LaneSlice(b.keyPath) else { return nil }
        func pack(_ v: PropertyValue?) -> SIMD4<Double>?? {
            guard let v else { return .some(nil) }
            guard let lanes = LaneSlice.lanes(of: v) else { return nil }
            return .some(lanes)
        }
        guard let from = pack(b.fromValue), let to = pack(b.toValue), let by = pack(b.byValue),
            let captured = pack(b.capturedValue)
        else { return nil }
        timing = b.timing
        curve = BasicCurve(timing: b.timing, timingFunction: b.timingFunction, spring: b.spring)
        self.slice = slice
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
        let from: SIMD4<Double>
        let to: SIMD4<Double>
        switch (fromValue, toValue, byValue) {
        case (let a?, let b?, _): (from, to) = (a, b)
        case (let a?, nil, let by?): (from, to) = (a, a + by)
        case (nil, let b?, let by?): (from, to) = (b - by, b)
        case (let a?, nil, nil): (from, to) = (a, slice.read(model))
        case (nil, let b?, nil): (from, to) = (slice.read(model), b)
        case (nil, nil, let by?):
            let m = slice.read(model)
            (from, to) = (m, m + by)
        case (nil, nil, nil):
            let m = slice.read(model)
            (from, to) = (capturedValue ?? m, m)
        }
        var v = from + (to - from) * p
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (to - from) * Double(r.cycle)
        }
        if isAdditive { v += slice.read(state) }
        slice.write(v, into: &state)
    }
}
