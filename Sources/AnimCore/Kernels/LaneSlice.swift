// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `AnimKeyPath.value(in:)` and `set(_:in:)` on the lanes it names.
// Checked by: LaneSliceWriteTests.

/// Where a key path's numbers sit in its property's four lanes (see `LayerState.lanes(of:)`): the lane
/// fast paths read and write them without going through `PropertyValue`.
struct LaneSlice: Sendable {
    let property: LayerProperty
    /// The first lane the key path covers, and how many.
    /// One byte each: the slice sits inline in every layer's animation entries (see `EvaluationKernel`).
    /// The count's top bit is `isWhole` (no byte to spare: the keyframe kernel's hot fields fill theirs).
    private let offsetByte: UInt8
    private let countByte: UInt8
    private static let wholeBit: UInt8 = 0x80
    var offset: Int { Int(offsetByte) }
    var count: Int { Int(countByte & ~Self.wholeBit) }
    /// The key path is a whole property that every layer class has (no field of it): `write` then stores
    /// the value directly instead of reading the property's lanes, replacing some and storing them back.
    var isWhole: Bool { countByte & Self.wholeBit != 0 }

    /// nil for key paths that are not numbers, points, sizes or rects (or fields of them).
    init?(_ keyPath: AnimKeyPath) {
        let range: (Int, Int)? =
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
        guard let range else { return nil }
        property = keyPath.property
        // A property whose lanes a plain layer reads is one of CALayer's own, present in every class.
        let isWhole = keyPath.component == nil && LayerState(layerClass: .layer).lanes(of: property) != nil
        (offsetByte, countByte) = (UInt8(range.0), UInt8(range.1) | (isWhole ? Self.wholeBit : 0))
    }

    /// The key path's numbers moved to lanes 0…count−1.
    @inline(__always)
    func read(_ state: LayerState) -> SIMD4<Double> {
        guard let all = state.lanes(of: property) else { return .zero }
        var v = SIMD4<Double>.zero
        for i in 0..<count { v[i] = all[offset + i] }
        return v
    }

    @inline(__always)
    func write(_ v: SIMD4<Double>, into state: inout LayerState) {
        // Whole: the lanes below would be all the property's lanes, each replaced by v's, and `setLanes`
        // reads no lane past the property's kind (v's lanes past `count` are ignored either way).
        if isWhole {
            state.setLanes(v, for: property)
            return
        }
        guard var all = state.lanes(of: property) else { return }
        for i in 0..<count { all[offset + i] = v[i] }
        state.setLanes(all, for: property)
    }
}
