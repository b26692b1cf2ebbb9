/// The spec's primitives read where they lie, for a reader that checks a frame's bounds itself before each read
/// (`SetPropertyBatch`) instead of going through `WireReader`'s checks: the wire's byte order stays here, in
/// AnimProtocol, for both readers.
extension WireReader {
    /// Whether this machine keeps numbers in the wire's byte order (little-endian), so that a frame's f64s can be
    /// read in place as host doubles (`StridedLanes`, which knows no byte order).
    @inlinable
    static var hostIsWireOrder: Bool {
        #if _endian(little)
            true
        #else
            false
        #endif
    }

    @inlinable @inline(__always)
    static func u8(at offset: Int, in base: UnsafeRawPointer) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inlinable @inline(__always)
    static func u16(at offset: Int, in base: UnsafeRawPointer) -> UInt16 {
        UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inlinable @inline(__always)
    static func u32(at offset: Int, in base: UnsafeRawPointer) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inlinable @inline(__always)
    static func u64(at offset: Int, in base: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inlinable @inline(__always)
    static func f64(at offset: Int, in base: UnsafeRawPointer) -> Double {
        Double(bitPattern: u64(at: offset, in: base))
    }

    /// The 4 bytes at `offset` as one word, for comparing bytes with bytes (equal words, equal bytes in either
    /// byte order): not a number.
    @inlinable @inline(__always)
    static func bytes32(at offset: Int, in base: UnsafeRawPointer) -> UInt32 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    /// `bytes32` for 8 bytes.
    @inlinable @inline(__always)
    static func bytes64(at offset: Int, in base: UnsafeRawPointer) -> UInt64 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
}
