@testable import AnimCore

extension LayerTree {
    /// `setChecked(_:kind:lanes:at:)` with each change's value laid out as a bulk commit's frame holds it: the
    /// kind's doubles, little-endian, one record every `stride` bytes (after `gap` other bytes).
    mutating func setChecked(_ property: LayerProperty, _ changes: [(LayerSlot, SIMD4<Double>)], gap: Int = 13) {
        let width = StridedLanes.width(of: property.valueKind)!
        let stride = gap + 8 * width
        var bytes = [UInt8](repeating: 0xA5, count: max(1, changes.count * stride))
        for (index, (_, lanes)) in changes.enumerated() {
            for lane in 0..<width {
                withUnsafeBytes(of: lanes[lane].bitPattern.littleEndian) { value in
                    bytes.replaceSubrange((index * stride + 8 * lane)..<(index * stride + 8 * lane + 8), with: value)
                }
            }
        }
        let slots = changes.map(\.0)
        bytes.withUnsafeBytes { raw in
            slots.withUnsafeBufferPointer { slots in
                setChecked(
                    property, kind: property.valueKind,
                    lanes: StridedLanes(base: raw.baseAddress!, stride: stride, width: width), at: slots)
            }
        }
    }
}
