// Node storage, fenced in Sources/AnimCore/Tree/Storage (package access at most, not public API).
// Reference path it must equal: the values `FrameCodec.decode` reads from the same frame.
// Checked by: SetPropertyBatchTests, BatchDifferentialTests.

/// Numbers, points, sizes or rects kept as doubles one value every `stride` bytes, read as lanes (x, y, width,
/// height order; unused lanes 0): a bulk commit's values, read in place from its frame by
/// `LayerTree.setChecked(_:kind:lanes:at:)`. The doubles are read in the host's byte order: AnimProtocol, which
/// knows the wire's, hands out lanes over a frame only where the two are the same (`SetPropertyRun.lanes`).
@usableFromInline
package struct StridedLanes {
    @usableFromInline let base: UnsafeRawPointer
    @usableFromInline let stride: Int
    /// Doubles per value: 1 (number), 2 (point, size) or 4 (rect).
    @usableFromInline let width: Int

    /// `width` must be 1, 2 or 4; `base` must stay valid while the lanes are read.
    @inlinable
    package init(base: UnsafeRawPointer, stride: Int, width: Int) {
        precondition(width == 1 || width == 2 || width == 4, "a lane value has 1, 2 or 4 doubles, not \(width)")
        self.base = base
        self.stride = stride
        self.width = width
    }

    /// Doubles in a value of `kind`: 1 for a number, 2 for a point or size, 4 for a rect; nil for the kinds not
    /// kept as lanes.
    @inlinable
    package static func width(of kind: ValueKind) -> Int? {
        switch kind {
        case .number: 1
        case .point, .size: 2
        case .rect: 4
        default: nil
        }
    }

    /// The lanes of value `index`.
    @inlinable @inline(__always)
    package subscript(index: Int) -> SIMD4<Double> {
        let at = base + index &* stride
        switch width {
        case 1: return SIMD4(Self.number(at, 0), 0, 0, 0)
        case 2: return SIMD4(Self.number(at, 0), Self.number(at, 1), 0, 0)
        default: return SIMD4(Self.number(at, 0), Self.number(at, 1), Self.number(at, 2), Self.number(at, 3))
        }
    }

    /// The values from `index` on.
    @inlinable
    package func dropFirst(_ index: Int) -> StridedLanes {
        StridedLanes(base: base + index &* stride, stride: stride, width: width)
    }

    @inlinable @inline(__always)
    static func number(_ at: UnsafeRawPointer, _ index: Int) -> Double {
        at.loadUnaligned(fromByteOffset: MemoryLayout<Double>.stride &* index, as: Double.self)
    }
}
