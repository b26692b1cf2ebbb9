/// Appends the spec's primitives to a byte buffer, little-endian.
public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    @inline(__always)
    public mutating func u16(_ v: UInt16) { appendLittleEndian(v) }

    @inline(__always)
    public mutating func u32(_ v: UInt32) { appendLittleEndian(v) }

    @inline(__always)
    public mutating func u64(_ v: UInt64) { appendLittleEndian(v) }

    @inline(__always)
    public mutating func i32(_ v: Int32) { appendLittleEndian(UInt32(bitPattern: v)) }

    @inline(__always)
    public mutating func f64(_ v: Double) { appendLittleEndian(v.bitPattern) }

    /// The first `count` lanes of `v` as f64s: a number, point, size or rect's fields in one append.
    @inline(__always)
    public mutating func f64(lanes v: SIMD4<Double>, count: Int) {
        #if _endian(little)
            withUnsafeBytes(of: v) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0.prefix(8 * count))) }
        #else
            for lane in 0..<count { f64(v[lane]) }
        #endif
    }

    @inline(__always)
    public mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }

    public mutating func string(_ v: String) {
        var s = v
        s.withUTF8 { utf8 in
            u32(UInt32(truncatingIfNeeded: utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// `text` is encoded exactly like `string`; only the decoder's limit differs.
    public mutating func text(_ v: String) { string(v) }

    public mutating func array<T>(_ elements: [T], _ encodeElement: (inout WireWriter, T) -> Void) {
        u32(UInt32(truncatingIfNeeded: elements.count))
        for e in elements { encodeElement(&self, e) }
    }

    public mutating func optional<T>(_ value: T?, _ encodeValue: (inout WireWriter, T) -> Void) {
        if let value {
            u8(1)
            encodeValue(&self, value)
        } else {
            u8(0)
        }
    }

    /// Overwrites four bytes already written (the frame length, known only at the end).
    mutating func patchU32(_ v: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(i))) }
    }

    @inline(__always)
    private mutating func appendLittleEndian<T: FixedWidthInteger>(_ v: T) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> shift)) }
    }
}
