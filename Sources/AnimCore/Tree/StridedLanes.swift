/// Numbers, points, sizes or rects kept as little-endian doubles one value every `stride` bytes, read as lanes
/// (x, y, width, height order; unused lanes 0): a bulk commit's values, read in place from its frame by
/// `LayerTree.setChecked(_:kind:lanes:at:)`.
public struct StridedLanes {
    @usableFromInline let base: UnsafeRawPointer
    @usableFromInline let stride: Int
    /// Doubles per value: 1 (number), 2 (point, size) or 4 (rect).
    @usableFromInline let width: Int

    /// `width` must be 1, 2 or 4; `base` must stay valid while the lanes are read.
    @inlinable
    public init(base: UnsafeRawPointer, stride: Int, width: Int) {
        precondition(width == 1 || width == 2 || width == 4, "a lane value has 1, 2 or 4 doubles, not \(width)")
        self.base = base
        self.stride = stride
        self.width = width
    }

    /// Doubles in a value of `kind`: 1 for a number, 2 for a point or size, 4 for a rect; nil for the kinds not
    /// kept as lanes.
    @inlinable
    public static func width(of kind: ValueKind) -> Int? {
        switch kind {
        case .number: 1
        case .point, .size: 2
        case .rect: 4
        default: nil
        }
    }

    /// The lanes of value `index`.
    @inlinable @inline(__always)
    public subscript(index: Int) -> SIMD4<Double> {
        let at = base + index &* stride
        switch width {
        case 1: return SIMD4(Self.number(at, 0), 0, 0, 0)
        case 2: return SIMD4(Self.number(at, 0), Self.number(at, 1), 0, 0)
        default: return SIMD4(Self.number(at, 0), Self.number(at, 1), Self.number(at, 2), Self.number(at, 3))
        }
    }

    /// The values from `index` on.
    @inlinable
    public func dropFirst(_ index: Int) -> StridedLanes {
        StridedLanes(base: base + index &* stride, stride: stride, width: width)
    }

    @inlinable @inline(__always)
    static func number(_ at: UnsafeRawPointer, _ index: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: at.loadUnaligned(fromByteOffset: 8 &* index, as: UInt64.self)))
    }
}
