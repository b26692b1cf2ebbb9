/// Reads the spec's primitives from one frame's payload, enforcing every limit as it goes; nothing a client
/// sends can make it read out of bounds, allocate more than the frame holds, or recurse without bound.
public struct WireReader {
    private let buffer: UnsafeRawBufferPointer
    public private(set) var offset: Int
    /// Nesting levels entered so far (groups inside groups, cells inside cells).
    public private(set) var depth = 0

    public init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    public var remaining: Int { buffer.count - offset }

    @inline(__always)
    public mutating func u8() throws(ProtocolError) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return buffer[offset]
    }

    @inline(__always)
    public mutating func u16() throws(ProtocolError) -> UInt16 { try littleEndian(UInt16.self) }

    @inline(__always)
    public mutating func u32() throws(ProtocolError) -> UInt32 { try littleEndian(UInt32.self) }

    @inline(__always)
    public mutating func u64() throws(ProtocolError) -> UInt64 { try littleEndian(UInt64.self) }

    @inline(__always)
    public mutating func i32() throws(ProtocolError) -> Int32 { Int32(bitPattern: try littleEndian(UInt32.self)) }

    @inline(__always)
    public mutating func f64() throws(ProtocolError) -> Double { Double(bitPattern: try littleEndian(UInt64.self)) }

    public mutating func bool() throws(ProtocolError) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        case let other: throw ProtocolError(.invalidTag, detail: "bool byte is \(other), must be 0 or 1")
        }
    }

    public mutating func string() throws(ProtocolError) -> String {
        try utf8String(limit: ProtocolLimits.maxStringBytes)
    }

    public mutating func text() throws(ProtocolError) -> String {
        try utf8String(limit: Int.max)
    }

    /// An array: the count is checked against the limit and against the bytes left (every element takes at
    /// least one byte), so a forged count cannot make the decoder reserve memory the frame does not back.
    public mutating func array<T>(
        _ decodeElement: (inout WireReader) throws(ProtocolError) -> T
    ) throws(ProtocolError) -> [T] {
        let count = Int(try u32())
        guard count <= ProtocolLimits.maxArrayCount else {
            throw ProtocolError(
                .limitExceeded, detail: "array of \(count) elements exceeds \(ProtocolLimits.maxArrayCount)")
        }
        guard count <= remaining else {
            throw ProtocolError(
                .truncatedPayload, detail: "array of \(count) elements but only \(remaining) bytes remain")
        }
        var elements: [T] = []
        elements.reserveCapacity(count)
        for index in 0..<count {
            do {
                elements.append(try decodeElement(&self))
            } catch {
                throw error.at("[\(index)]")
            }
        }
        return elements
    }

    public mutating func optional<T>(
        _ decodeValue: (inout WireReader) throws(ProtocolError) -> T
    ) throws(ProtocolError) -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try decodeValue(&self)
        case let other: throw ProtocolError(.invalidTag, detail: "optional marker is \(other), must be 0 or 1")
        }
    }

    /// Enters one nesting level (a type the spec marks `nests`); the caller leaves it with `leaveNesting()`.
    public mutating func enterNesting(_ typeName: String) throws(ProtocolError) {
        depth += 1
        guard depth <= ProtocolLimits.maxNestingDepth else {
            throw ProtocolError(
                .limitExceeded,
                detail: "\(typeName) nested \(depth) deep exceeds \(ProtocolLimits.maxNestingDepth)")
        }
    }

    public mutating func leaveNesting() { depth -= 1 }

    /// A union tag or enum value that names no case.
    public static func invalidTag(_ tag: UInt8, of typeName: String, caseCount: Int) -> ProtocolError {
        ProtocolError(.invalidTag, detail: "\(typeName) tag \(tag) is out of range 0..<\(caseCount)")
    }

    private mutating func utf8String(limit: Int) throws(ProtocolError) -> String {
        let count = Int(try u32())
        guard count <= limit else {
            throw ProtocolError(.limitExceeded, detail: "string of \(count) bytes exceeds \(limit)")
        }
        try need(count)
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
        guard let s = String(validating: bytes, as: UTF8.self) else {
            throw ProtocolError(.invalidUTF8, detail: "string of \(count) bytes is not valid UTF-8")
        }
        offset += count
        return s
    }

    @inline(__always)
    private mutating func littleEndian<T: FixedWidthInteger>(_: T.Type) throws(ProtocolError) -> T {
        let size = MemoryLayout<T>.size
        try need(size)
        let v = buffer.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += size
        return T(littleEndian: v)
    }

    @inline(__always)
    private func need(_ count: Int) throws(ProtocolError) {
        guard count <= remaining else {
            throw ProtocolError(
                .truncatedPayload, detail: "needs \(count) more bytes but only \(remaining) remain")
        }
    }
}
