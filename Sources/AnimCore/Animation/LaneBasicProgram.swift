/// The fast path of a basic or spring animation on a number, point, size or rect key path (or a
/// field of one): the arithmetic of `BasicProgram` on four doubles, reading and writing the layer's
/// fields directly. Chosen at attach time when it applies; the results are the same.
final class LaneBasicProgram: AnimationProgram {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    let spring: SpringParameters?
    let property: LayerProperty
    /// Where the key path's numbers sit in the property's lanes, and how many there are.
    let offset: Int
    let count: Int
    let fromValue: SIMD4<Double>?
    let toValue: SIMD4<Double>?
    let byValue: SIMD4<Double>?
    let capturedValue: SIMD4<Double>?
    let isAdditive: Bool
    let isCumulative: Bool

    /// nil when the animation needs the general path (value functions, transforms, colours, …).
    init?(_ b: BasicProgram) {
        guard b.valueFunction == nil, let slice = LaneBasicProgram.slice(of: b.keyPath) else { return nil }
        func pack(_ v: PropertyValue?) -> SIMD4<Double>?? {
            guard let v else { return .some(nil) }
            guard let lanes = LaneBasicProgram.lanes(of: v) else { return nil }
            return .some(lanes)
        }
        guard let from = pack(b.fromValue), let to = pack(b.toValue), let by = pack(b.byValue),
            let captured = pack(b.capturedValue)
        else { return nil }
        timing = b.timing
        timingFunction = b.timingFunction
        spring = b.spring
        property = b.keyPath.property
        offset = slice.offset
        count = slice.count
        fromValue = from
        toValue = to
        byValue = by
        capturedValue = captured
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
    }

    /// The lanes a key path covers within its property's four.
    static func slice(of keyPath: AnimKeyPath) -> (offset: Int, count: Int)? {
        switch (keyPath.property.valueKind, keyPath.component) {
        case (.number, nil): (0, 1)
        case (.point, nil), (.size, nil): (0, 2)
        case (.rect, nil): (0, 4)
        case (.point, .x?), (.size, .width?), (.rect, .originX?): (0, 1)
        case (.point, .y?), (.size, .height?), (.rect, .originY?): (1, 1)
        case (.rect, .origin?): (0, 2)
        case (.rect, .size?): (2, 2)
        case (.rect, .sizeWidth?): (2, 1)
        case (.rect, .sizeHeight?): (3, 1)
        default: nil
        }
    }

    static func lanes(of v: PropertyValue) -> SIMD4<Double>? {
        switch v {
        case .number(let n): SIMD4(n, 0, 0, 0)
        case .point(let p): SIMD4(p.x, p.y, 0, 0)
        case .size(let s): SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        default: nil
        }
    }

    /// The key path's numbers moved to lanes 0…count−1.
    @inline(__always)
    private func read(_ state: LayerState) -> SIMD4<Double> {
        guard let all = state.lanes(of: property) else { return .zero }
        var v = SIMD4<Double>.zero
        for i in 0..<count { v[i] = all[offset + i] }
        return v
    }

    @inline(__always)
    private func write(_ v: SIMD4<Double>, into state: inout LayerState) {
        guard var all = state.lanes(of: property) else { return }
        for i in 0..<count { all[offset + i] = v[i] }
        state.setLanes(all, for: property)
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        let p = basicProgress(fraction: f, timing: timing, timingFunction: timingFunction, spring: spring)
        // The eight cases of §3.2, as in `BasicProgram.endpoints`.
        let from: SIMD4<Double>
        let to: SIMD4<Double>
        switch (fromValue, toValue, byValue) {
        case (let a?, let b?, _): (from, to) = (a, b)
        case (let a?, nil, let by?): (from, to) = (a, a + by)
        case (nil, let b?, let by?): (from, to) = (b - by, b)
        case (let a?, nil, nil): (from, to) = (a, read(model))
        case (nil, let b?, nil): (from, to) = (read(model), b)
        case (nil, nil, let by?):
            let m = read(model)
            (from, to) = (m, m + by)
        case (nil, nil, nil):
            let m = read(model)
            (from, to) = (capturedValue ?? m, m)
        }
        var v = from + (to - from) * p
        if isCumulative, r.cycle > 0, !timing.autoreverses {
            v += (to - from) * Double(r.cycle)
        }
        if isAdditive { v += read(state) }
        write(v, into: &state)
    }
}
