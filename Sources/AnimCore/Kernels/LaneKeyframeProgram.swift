// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `KeyframeProgram` (the segment search, `KeyframeSegmentSearch`, is shared).
// Checked by: KeyframeSegmentLookupTests, InlineKernelEqualityTests, FastPathDifferentialTests.

/// The fast path of a linear or cubic keyframe animation on a number, point, size or rect key path (or a
/// field of one) without a path or value function: the segment tables of `KeyframeProgram` (values and
/// Kochanek–Bartels tangents) held as four doubles each, evaluated and stored without `PropertyValue`.
/// Chosen at attach time; the arithmetic is `KeyframeProgram`'s, in the same order, so the results are
/// the same. The program owns the tables; a frame evaluates its `kernel`, held inline in the layer's entry.
final class LaneKeyframeProgram: AnimationProgram {
    let timing: MediaTiming
    let kernel: LaneKeyframeKernel
    /// The tables the kernel points into, the key times (unless shared, see `EvenKeyTimes`) and then the
    /// segments in one allocation (one block to fetch per frame, not two scattered ones), made once and
    /// freed with the program. Written only in init (hence safe to share).
    nonisolated(unsafe) private let block: UnsafeMutableRawPointer
    /// Keep alive the timing functions the kernel reads through pointers.
    private let curveOwners: [SharedTimingFunction]

    init?(_ k: KeyframeProgram) {
        guard k.path == nil, k.valueFunction == nil, k.values.count >= 2, k.mode == .linear || k.mode == .cubic,
            k.values.count <= Int(Int32.max), let slice = LaneSlice(k.keyPath)
        else { return nil }
        func pack(_ list: [PropertyValue]) -> [SIMD4<Double>]? {
            var lanes: [SIMD4<Double>] = []
            lanes.reserveCapacity(list.count)
            for v in list {
                guard let l = v.lanes else { return nil }
                lanes.append(l)
            }
            return lanes
        }
        guard let values = pack(k.values) else { return nil }
        let isCubic = k.mode == .cubic
        var outgoing: [SIMD4<Double>] = []
        var incoming: [SIMD4<Double>] = []
        if isCubic {
            guard let tangents = k.tangents, let out = pack(tangents.outgoing), let into = pack(tangents.incoming)
            else { return nil }
            outgoing = out
            incoming = into
        }
        let curveOwner = SharedTimingFunction.of(k.timingFunction)
        var owners = [curveOwner]
        let segmentCount = values.count - 1
        // Values of one or two lanes (numbers, points, sizes) have zeros in lanes 2 and 3: their segments
        // keep only lanes 0 and 1, half the bytes a frame fetches (see `LaneKeyframeKernel.NarrowSegment`).
        let isNarrow =
            values.allSatisfy { $0[2] == 0 && $0[3] == 0 } && outgoing.allSatisfy { $0[2] == 0 && $0[3] == 0 }
            && incoming.allSatisfy { $0[2] == 0 && $0[3] == 0 } && slice.count <= 2
        let stride =
            isNarrow
            ? MemoryLayout<LaneKeyframeKernel.NarrowSegment>.stride : MemoryLayout<LaneKeyframeKernel.Segment>.stride
        let alignment = MemoryLayout<LaneKeyframeKernel.Segment>.alignment
        let isEvenlySpaced = k.keyTimes.indices.allSatisfy {
            k.keyTimes[$0].bitPattern == (Double($0) / Double(segmentCount)).bitPattern
        }
        // Evenly spaced times are the shared row's, bit for bit: the block keeps only the segments.
        let sharedTimes = isEvenlySpaced ? EvenKeyTimes.row(segmentCount) : nil
        let timesBytes =
            sharedTimes != nil
            ? 0 : (values.count * MemoryLayout<Double>.stride + alignment - 1) / alignment * alignment
        block = .allocate(byteCount: timesBytes + segmentCount * stride, alignment: alignment)
        let keyTimes: UnsafePointer<Double>
        if let sharedTimes {
            keyTimes = sharedTimes
        } else {
            let own = block.bindMemory(to: Double.self, capacity: values.count)
            k.keyTimes.withUnsafeBufferPointer { own.initialize(from: $0.baseAddress!, count: values.count) }
            keyTimes = UnsafePointer(own)
        }
        let segmentBytes = block + timesBytes
        for i in 0..<segmentCount {
            var function: UnsafePointer<TimingFunction>?
            if let f = k.segmentFunctions[i] {
                let owner = SharedTimingFunction.of(f)
                owners.append(owner)
                function = owner.function
            }
            let segment = LaneKeyframeKernel.Segment(
                start: values[i], end: values[i + 1], outgoing: isCubic ? outgoing[i] : .zero,
                incoming: isCubic ? incoming[i + 1] : .zero, function: function)
            if isNarrow {
                let narrow = segmentBytes.bindMemory(to: LaneKeyframeKernel.NarrowSegment.self, capacity: segmentCount)
                (narrow + i).initialize(to: LaneKeyframeKernel.NarrowSegment(segment))
            } else {
                let wide = segmentBytes.bindMemory(to: LaneKeyframeKernel.Segment.self, capacity: segmentCount)
                (wide + i).initialize(to: segment)
            }
        }
        curveOwners = owners
        timing = k.timing
        kernel = LaneKeyframeKernel(
            timing: FrameTiming(k.timing), slice: slice, isNarrow: isNarrow, isEvenlySpaced: isEvenlySpaced,
            isCubic: isCubic, isAdditive: k.isAdditive, curve: curveOwner.function,
            segments: UnsafeRawPointer(segmentBytes), last: Int32(segmentCount), isCumulative: k.isCumulative,
            evenTimes: keyTimes, keyTimes: keyTimes,
            cumulativeStep: values[values.count - 1] - values[0])
    }

    deinit {
        // Doubles and segments are trivial: nothing to deinitialize.
        block.deallocate()
    }

    var evaluationKernel: EvaluationKernel { .laneKeyframe(kernel) }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        kernel.apply(parentTime: t, to: &state)
    }
}

/// `LaneKeyframeProgram`'s data inline in its layer's entry (see `EvaluationKernel`): a frame reads the
/// entry, the key times and the one segment it falls in (its two values, tangents and timing function
/// side by side) instead of the program object and five arrays spread over the heap.
///
/// Plain pointers keep `EvaluationKernel` trivially copyable; the program the entry also holds keeps
/// what they point at alive.
struct LaneKeyframeKernel: @unchecked Sendable {
    /// Segment i: values i and i+1, the outgoing tangent of i and the incoming one of i+1 (zero in
    /// linear mode), and its timing function (nil is linear).
    struct Segment {
        let start: SIMD4<Double>
        let end: SIMD4<Double>
        let outgoing: SIMD4<Double>
        let incoming: SIMD4<Double>
        let function: UnsafePointer<TimingFunction>?
    }

    /// A segment whose lanes 2 and 3 are all zero, stored without them: 80 bytes instead of 160. Loaded
    /// back with zeros there, it is the same `Segment`, so the arithmetic is unchanged.
    struct NarrowSegment {
        let start: SIMD2<Double>
        let end: SIMD2<Double>
        let outgoing: SIMD2<Double>
        let incoming: SIMD2<Double>
        let function: UnsafePointer<TimingFunction>?

        init(_ s: Segment) {
            start = s.start.lowHalf
            end = s.end.lowHalf
            outgoing = s.outgoing.lowHalf
            incoming = s.incoming.lowHalf
            function = s.function
        }
    }

    // Declaration order is memory order: what every frame reads comes first and packed (the timing's
    // flag byte leaves seven bytes that the one-byte fields fill), about 81 bytes from the entry's start,
    // so a layer's entry costs two cache lines rather than three; the key times (not read when evenly
    // spaced) and the cumulative step (read only when cumulative, past the first cycle) go last.
    let timing: FrameTiming
    let slice: LaneSlice
    let isNarrow: Bool
    /// Whether keyTimes[i] is exactly i / last for every i (the default, and evenly spaced ones given):
    /// `locate` then works the times out instead of loading them, and indexes the segment directly.
    let isEvenlySpaced: Bool
    let isCubic: Bool
    let isAdditive: Bool
    /// The animation's timing function (linear when it has none, which returns its input as `?? f` does).
    let curve: UnsafePointer<TimingFunction>
    /// `last` segments: `NarrowSegment`s when `isNarrow`, else `Segment`s.
    let segments: UnsafeRawPointer
    /// The index of the last value (32 bits, so that `evenTimes` fits in the entry's first lines).
    let last: Int32
    let isCumulative: Bool
    /// When `isEvenlySpaced`: the key times i / last, the shared row of `EvenKeyTimes` (a line every
    /// kernel with as many keys reads, so always cached) or the program's own for long animations (the
    /// same pointer as `keyTimes`, kept where a frame reads the kernel anyway). `locateEvenly`
    /// loads them instead of dividing: three dependent divisions per frame were most of its time.
    let evenTimes: UnsafePointer<Double>
    /// last + 1 key times.
    let keyTimes: UnsafePointer<Double>
    /// values[last] − values[0], what each completed cycle adds when cumulative (the same subtraction).
    let cumulativeStep: SIMD4<Double>

    @inline(__always)
    func apply(parentTime t: Double, to state: inout LayerState) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let g = curve.pointee.evaluate(f)
        let (index, s) = locate(g)
        let segment = self.segment(index)
        let local = segment.function?.pointee.evaluate(s) ?? s
        var v: SIMD4<Double>
        if isCubic {
            // `KochanekBartels.hermite`: H(s) = h00·pᵢ + h10·DDᵢ + h01·pᵢ₊₁ + h11·DSᵢ₊₁, summed left to right.
            let s2 = local * local
            let s3 = s2 * local
            let h00 = 2 * s3 - 3 * s2 + 1
            let h10 = s3 - 2 * s2 + local
            let h01 = -2 * s3 + 3 * s2
            let h11 = s3 - s2
            v = segment.start * h00 + segment.outgoing * h10
            v = v + segment.end * h01
            v = v + segment.incoming * h11
        } else {
            let a = segment.start
            v = a + (segment.end - a) * local
        }
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += cumulativeStep * Double(r.cycle)
        }
        if isAdditive { v = slice.read(state) + v }
        slice.write(v, into: &state)
    }

    /// `locate` when keyTimes[i] is i / last, bit for bit: the same comparisons and subtraction on the
    /// same values, read from `evenTimes` (shared, so cached) rather than from the kernel's own block (a
    /// cache miss per layer per frame). The first and last times are 0 and 1 exactly (0 / n and n / n).
    /// The binary search's answer is the unique i < last with time(i) ≤ f < time(i + 1) (the times
    /// increase); f · last lands on it or next to it, and the walks below settle it with the exact
    /// comparisons.
    @inline(__always)
    private func locateEvenly(_ f: Double) -> (segment: Int, s: Double) {
        let last = Int(self.last)
        let n = Double(last)
        if f <= 0 { return (0, 0) }
        if f >= 1 { return (last - 1, 1) }
        let guess = f * n
        var lo = guess >= n - 1 ? last - 1 : (guess > 0 ? Int(guess) : 0)
        while lo > 0, evenTimes[lo] > f { lo -= 1 }
        while lo + 1 < last, evenTimes[lo + 1] <= f { lo += 1 }
        let start = evenTimes[lo]
        let span = evenTimes[lo + 1] - start
        return (lo, span > 0 ? (f - start) / span : 1)
    }

    /// Segment `i`, widened back to four lanes when stored narrow.
    @inline(__always)
    private func segment(_ i: Int) -> Segment {
        guard isNarrow else { return segments.assumingMemoryBound(to: Segment.self)[i] }
        let n = segments.assumingMemoryBound(to: NarrowSegment.self) + i
        return Segment(
            start: SIMD4(lowHalf: n.pointee.start, highHalf: .zero),
            end: SIMD4(lowHalf: n.pointee.end, highHalf: .zero),
            outgoing: SIMD4(lowHalf: n.pointee.outgoing, highHalf: .zero),
            incoming: SIMD4(lowHalf: n.pointee.incoming, highHalf: .zero), function: n.pointee.function)
    }

    /// `KeyframeProgram.locate`: the last segment i with keyTimes[i] ≤ f, and the fraction within it.
    @inline(__always)
    private func locate(_ f: Double) -> (segment: Int, s: Double) {
        if isEvenlySpaced { return locateEvenly(f) }
        return KeyframeSegmentSearch.locate(f, last: Int(last)) { keyTimes[$0] }
    }
}
