/// The fast path of a linear or cubic keyframe animation on a number, point, size or rect key path (or a
/// field of one) without a path or value function: the segment tables of `KeyframeProgram` (values and
/// Kochanek–Bartels tangents) held as four doubles each, evaluated and stored without `PropertyValue`.
/// Chosen at attach time; the arithmetic is `KeyframeProgram`'s, in the same order, so the results are
/// the same.
final class LaneKeyframeProgram: AnimationProgram {
    let timing: MediaTiming
    /// The animation's timing function unwrapped (`.linear` returns its input, as `?? f` does), read in place.
    let curve: TimingFunction
    let slice: LaneSlice
    let isCubic: Bool
    let values: [SIMD4<Double>]
    let keyTimes: [Double]
    let segmentFunctions: [TimingFunction?]
    /// Empty in linear mode.
    let outgoing: [SIMD4<Double>]
    let incoming: [SIMD4<Double>]
    let isAdditive: Bool
    let isCumulative: Bool

    init?(_ k: KeyframeProgram) {
        guard k.path == nil, k.valueFunction == nil, k.values.count >= 2, k.mode == .linear || k.mode == .cubic,
            let slice = LaneSlice(k.keyPath)
        else { return nil }
        func pack(_ list: [PropertyValue]) -> [SIMD4<Double>]? {
            var lanes: [SIMD4<Double>] = []
            lanes.reserveCapacity(list.count)
            for v in list {
                guard let l = LaneSlice.lanes(of: v) else { return nil }
                lanes.append(l)
            }
            return lanes
        }
        guard let values = pack(k.values) else { return nil }
        isCubic = k.mode == .cubic
        if isCubic {
            guard let tangents = k.tangents, let out = pack(tangents.outgoing), let into = pack(tangents.incoming)
            else { return nil }
            outgoing = out
            incoming = into
        } else {
            outgoing = []
            incoming = []
        }
        timing = k.timing
        curve = k.timingFunction ?? .linear
        self.slice = slice
        self.values = values
        keyTimes = k.keyTimes
        segmentFunctions = k.segmentFunctions
        isAdditive = k.isAdditive
        isCumulative = k.isCumulative
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let g = curve.evaluate(f)
        let (segment, s) = locate(g)
        let local = segmentFunctions[segment]?.evaluate(s) ?? s
        let a = values[segment]
        let b = values[segment + 1]
        var v: SIMD4<Double>
        if isCubic {
            // `KochanekBartels.hermite`: H(s) = h00·pᵢ + h10·DDᵢ + h01·pᵢ₊₁ + h11·DSᵢ₊₁, summed left to right.
            let s2 = local * local
            let s3 = s2 * local
            let h00 = 2 * s3 - 3 * s2 + 1
            let h10 = s3 - 2 * s2 + local
            let h01 = -2 * s3 + 3 * s2
            let h11 = s3 - s2
            v = a * h00 + outgoing[segment] * h10
            v = v + b * h01
            v = v + incoming[segment + 1] * h11
        } else {
            v = a + (b - a) * local
        }
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (values[values.count - 1] - values[0]) * Double(r.cycle)
        }
        if isAdditive { v = slice.read(state) + v }
        slice.write(v, into: &state)
    }

    /// `KeyframeProgram.locate`: the last segment i with keyTimes[i] ≤ f, and the fraction within it.
    @inline(__always)
    private func locate(_ f: Double) -> (segment: Int, s: Double) {
        let last = values.count - 1
        if f <= keyTimes[0] { return (0, 0) }
        if f >= keyTimes[last] { return (last - 1, 1) }
        var lo = 0
        var hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= f { lo = mid } else { hi = mid }
        }
        let span = keyTimes[lo + 1] - keyTimes[lo]
        return (lo, span > 0 ? (f - keyTimes[lo]) / span : 1)
    }
}
