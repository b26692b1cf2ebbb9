/// A validated keyframe animation with everything that does not depend on time computed once:
/// effective keyTimes, Kochanek–Bartels tangents, arc-length tables for the paced modes.
final class KeyframeProgram: AnimationProgram {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    let keyPath: AnimKeyPath
    let mode: KeyframeAnimation.CalculationMode
    /// The keyframe values; for a path, the start point and the end of every segment.
    let values: [PropertyValue]
    /// One time per value (discrete may hold one more), non-decreasing, in [0, 1].
    let keyTimes: [Double]
    /// One function per segment where the client gave them; nil entries are linear.
    let segmentFunctions: [TimingFunction?]
    let tangents: KochanekBartels.Tangents?
    /// Cumulative arc length at evenly spaced spline samples, for cubicPaced.
    let arcTable: [Double]
    let path: PathKeyframes?
    let rotationMode: KeyframeAnimation.RotationMode?
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?

    static let arcSamplesPerSegment = 32

    /// Validates `k`, naming what is wrong as `<field>.keyTimes` and so on (`field` is the keyframe
    /// animation's wire path).
    init(
        _ k: KeyframeAnimation, timing: MediaTiming, timingFunction: TimingFunction?, field: String = "kind.keyframe"
    ) throws(AnimCoreError) {
        self.timing = timing
        self.timingFunction = timingFunction
        keyPath = k.keyPath
        mode = k.calculationMode
        rotationMode = k.rotationMode
        isAdditive = k.isAdditive
        isCumulative = k.isCumulative
        valueFunction = k.valueFunction

        if let bezier = k.path {
            guard k.keyPath.valueKind == .point else {
                throw .invalid(field: "\(field).path", reason: "a path drives point properties only")
            }
            try bezier.validate(field: "\(field).path")
            let p = PathKeyframes(bezier)
            guard p.segmentCount > 0 else {
                throw .invalid(field: "\(field).path", reason: "the path has no segment to follow")
            }
            path = p
            values = p.keyframePoints.map { .point($0) }
        } else {
            guard let given = k.values, !given.isEmpty else {
                throw .invalid(field: "\(field).values", reason: "a keyframe animation needs values or a path")
            }
            for (i, v) in given.enumerated() {
                try BasicProgram.checkValue(
                    v, field: "\(field).values[\(i)]", keyPath: k.keyPath, valueFunction: k.valueFunction)
            }
            if k.rotationMode != nil {
                throw .invalid(field: "\(field).rotationMode", reason: "rotationMode needs a path")
            }
            path = nil
            values = given
        }

        for (name, list) in [
            ("tensionValues", k.tensionValues), ("continuityValues", k.continuityValues), ("biasValues", k.biasValues),
        ] {
            for v in list ?? [] where !v.isFinite {
                throw .nonFinite(field: "\(field).\(name)", value: v)
            }
        }
        for v in k.keyTimes ?? [] where !v.isFinite {
            throw .nonFinite(field: "\(field).keyTimes", value: v)
        }

        let n = values.count
        keyTimes = try KeyframeProgram.effectiveKeyTimes(
            k.keyTimes, count: n, mode: mode, values: values, path: path, field: "\(field).keyTimes")

        let segments = max(n - 1, 0)
        if mode == .paced || mode == .cubicPaced {
            segmentFunctions = Array(repeating: nil, count: segments)
        } else {
            let fns = k.timingFunctions ?? []
            segmentFunctions = (0..<segments).map { $0 < fns.count ? fns[$0] : nil }
        }

        if (mode == .cubic || mode == .cubicPaced) && path == nil && n >= 2 {
            tangents = KochanekBartels.tangents(
                values: values, keyTimes: keyTimes, tension: k.tensionValues ?? [],
                continuity: k.continuityValues ?? [],
                bias: k.biasValues ?? [])
        } else {
            tangents = nil
        }
        if mode == .cubicPaced, let tangents, n >= 2 {
            arcTable = KeyframeProgram.arcLengthTable(values: values, tangents: tangents)
        } else {
            arcTable = []
        }
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        // The paced modes ignore every timing function (docs/core-animation-rules.md#keytimes).
        let g = (mode == .paced || mode == .cubicPaced) ? f : (timingFunction?.evaluate(f) ?? f)
        let (v, angle) = value(at: g, cycle: r.cycle, autoreverses: timing.autoreverses)
        compose(v, at: keyPath, additive: isAdditive, into: &state)
        if let angle {
            // rotationMode adds a z-rotation about the anchor on top of the layer's transform
            // (docs/core-animation-rules.md#keyframe-paths-and-rotationmode).
            state.transform = Transform3D.rotation(angle, 0, 0, 1).concatenating(state.transform)
        }
    }

    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        guard keyPath == self.keyPath, rotationMode == nil else { return nil }
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return running }
        let g = (mode == .paced || mode == .cubicPaced) ? f : (timingFunction?.evaluate(f) ?? f)
        let v = value(at: g, cycle: r.cycle, autoreverses: timing.autoreverses).value
        return isAdditive ? running.adding(v) : v
    }

    /// keyTimes as given, or evenly spaced when there are none; the paced modes ignore them and space by
    /// distance. Given keyTimes that cannot be used are refused (`.invalidKeyTimes` at `field`): one
    /// per value (discrete: n or n + 1 for n values; a path has a value per vertex), each in [0, 1],
    /// non-decreasing, starting at 0 and, outside discrete mode, ending at 1 (docs/core-animation-rules.md).
    static func effectiveKeyTimes(
        _ given: [Double]?, count n: Int, mode: KeyframeAnimation.CalculationMode, values: [PropertyValue],
        path: PathKeyframes?, field: String = "keyTimes"
    ) throws(AnimCoreError) -> [Double] {
        let even = n <= 1 ? [0.0] : (0..<n).map { Double($0) / Double(n - 1) }
        if mode == .paced || mode == .cubicPaced {
            if let path { return path.pacedKeyTimes }
            var cumulative = [0.0]
            for i in 1..<max(n, 1) { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            guard let total = cumulative.last, total > 0 else { return even }
            return cumulative.map { $0 / total }
        }
        guard let given else { return even }
        let what = path == nil ? "values" : "path vertices"
        let allowedCounts = mode == .discrete ? [n, n + 1] : [n]
        if !allowedCounts.contains(given.count) {
            let expected = allowedCounts.map(String.init).joined(separator: " or ")
            throw .invalidKeyTimes(
                field: field,
                reason: "\(given.count) keyTimes for \(n) \(what); \(mode.rawValue) mode needs \(expected)")
        }
        if let bad = given.first(where: { $0 < 0 || $0 > 1 }) {
            throw .invalidKeyTimes(field: field, reason: "keyTime \(NumberText.shortest(bad)) is outside [0, 1]")
        }
        if let i = given.indices.dropFirst().first(where: { given[$0 - 1] > given[$0] }) {
            throw .invalidKeyTimes(
                field: field,
                reason:
                    "keyTimes decrease: [\(i - 1)] is \(NumberText.shortest(given[i - 1])), [\(i)] is \(NumberText.shortest(given[i]))"
            )
        }
        if given.first != 0 || (mode != .discrete && given.last != 1) {
            let ends = mode == .discrete ? "start at 0" : "start at 0 and end at 1"
            throw .invalidKeyTimes(field: field, reason: "keyTimes must \(ends) in \(mode.rawValue) mode")
        }
        return given
    }

    static func arcLengthTable(values: [PropertyValue], tangents: KochanekBartels.Tangents) -> [Double] {
        let m = arcSamplesPerSegment
        var table = [0.0]
        table.reserveCapacity((values.count - 1) * m + 1)
        var previous = values[0]
        for i in 0..<(values.count - 1) {
            for j in 1...m {
                let p = KochanekBartels.hermite(
                    values: values, tangents: tangents, segment: i, s: Double(j) / Double(m))
                table.append(table[table.count - 1] + previous.distance(to: p))
                previous = p
            }
        }
        return table
    }

    /// The segment holding fraction `f` and the local fraction in it (`KeyframeSegmentSearch`, which the
    /// fast path shares).
    @inline(__always)
    func locate(_ f: Double) -> (segment: Int, s: Double) {
        KeyframeSegmentSearch.locate(f, last: values.count - 1) { keyTimes[$0] }
    }

    /// The value at fraction `f` (after the animation's own timing function) of cycle `cycle`.
    func value(at f: Double, cycle: Int, autoreverses: Bool) -> (value: PropertyValue, angle: Double?) {
        var result: PropertyValue
        var angle: Double?
        if values.count == 1 {
            result = values[0]
        } else if mode == .discrete {
            result = values[discreteIndex(f)]
        } else if let path {
            let (segment, s) = locate(f)
            if mode == .paced || mode == .cubicPaced {
                let d = path.measure.length * min(max(f, 0), 1)
                result = .point(path.measure.position(atDistance: d))
                angle = rotationMode.map { _ in path.measure.tangentAngle(atDistance: d) }
            } else {
                let local = segmentFunctions[segment]?.evaluate(s) ?? s
                result = .point(path.point(segment: segment, s: local))
                angle = rotationMode.map { _ in path.tangentAngle(segment: segment, s: local) }
            }
            if rotationMode == .autoReverse, let a = angle { angle = a + Double.pi }
        } else if mode == .cubicPaced, let tangents {
            let (segment, s) = arcLocate(f)
            result = KochanekBartels.hermite(values: values, tangents: tangents, segment: segment, s: s)
        } else {
            let (segment, s) = locate(f)
            let local = segmentFunctions[segment]?.evaluate(s) ?? s
            if mode == .cubic, let tangents {
                result = KochanekBartels.hermite(values: values, tangents: tangents, segment: segment, s: local)
            } else {
                result = values[segment].interpolated(to: values[segment + 1], fraction: local)
            }
        }
        if isCumulative, cycle > 0, !autoreverses, let first = values.first, let last = values.last {
            result = result.adding(last.subtracting(first).scaled(by: Double(cycle)))
        }
        if let valueFunction { result = .transform(valueFunction.transform(for: result)) }
        return (result, angle)
    }

    /// Discrete mode (docs/core-animation-rules.md#keytimes): value i holds from keyTimes[i] until keyTimes[i+1].
    @inline(__always)
    private func discreteIndex(_ f: Double) -> Int {
        var index = 0
        for i in 1..<keyTimes.count where keyTimes[i] <= f {
            index = i
        }
        return min(index, values.count - 1)
    }

    /// cubicPaced: the spline position whose arc length is the fraction `f` of the total.
    private func arcLocate(_ f: Double) -> (segment: Int, s: Double) {
        let total = arcTable[arcTable.count - 1]
        let segments = values.count - 1
        guard total > 0 else { return locate(f) }
        let target = min(max(f, 0), 1) * total
        var lo = 0
        var hi = arcTable.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcTable[mid] <= target { lo = mid } else { hi = mid }
        }
        let span = arcTable[hi] - arcTable[lo]
        let sample = Double(lo) + (span > 0 ? (target - arcTable[lo]) / span : 0)
        let m = Double(KeyframeProgram.arcSamplesPerSegment)
        let segment = min(Int(sample / m), segments - 1)
        return (segment, sample / m - Double(segment))
    }
}
