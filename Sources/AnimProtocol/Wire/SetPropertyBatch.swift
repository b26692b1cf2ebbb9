import AnimCore

/// A Commit frame made only of `setProperty` operations whose values have a fixed size (number, point, size,
/// rect, transform, color, bool), read in place: the layout of spec.json's `Commit`, `WireOperation` tag 2
/// (`WireSetProperty`) and `WireValue` tags 0…6, without building a `Message`.
///
/// This is the shape of a bulk update (an app moving a thousand layers in one transaction), and decoding it
/// into `[WireOperation]` costs far more than applying it. Anything else (another operation, a value of
/// another kind, a frame the codec would refuse) is not a batch: `init` or `Operations.isComplete` says so, and the caller
/// decodes the frame with `FrameCodec`, which produces the error a malformed frame deserves.
/// `SetPropertyBatchTests` checks every accepted frame against the generated decoder.
public struct SetPropertyBatch {
    @usableFromInline let frame: UnsafeRawBufferPointer
    /// `frame`'s start: the reads below are bounds-checked by hand, so they load through it directly.
    @usableFromInline let base: UnsafeRawPointer
    public let transaction: UInt64
    public let completions: [UInt64]
    /// The number of operations.
    public let count: Int
    @usableFromInline let operationsStart: Int

    /// Reads the header, the transaction, the completions and the operation count; nil when `frame` is not a
    /// Commit within `maxMessageBytes` whose header the codec would accept.
    public init?(frame: UnsafeRawBufferPointer, maxMessageBytes: Int = ProtocolLimits.maxMessageBytes) {
        let header = FrameCodec.headerSize
        guard frame.count >= header + 8 + 4 + 4, frame.count <= maxMessageBytes,
            Int(Self.load(UInt32.self, frame, 0)) == frame.count,
            Self.load(UInt16.self, frame, 4) == Commit.opcode, Self.load(UInt16.self, frame, 6) == 0
        else { return nil }
        transaction = Self.load(UInt64.self, frame, header)
        let completionCount = Int(Self.load(UInt32.self, frame, header + 8))
        var offset = header + 12
        guard completionCount <= ProtocolLimits.maxArrayCount, completionCount * 8 + 4 <= frame.count - offset
        else { return nil }
        completions = (0..<completionCount).map { Self.load(UInt64.self, frame, offset + 8 * $0) }
        offset += completionCount * 8
        count = Int(Self.load(UInt32.self, frame, offset))
        offset += 4
        // Every operation takes at least 11 bytes (tag, layer, key path length, value tag, bool).
        guard count <= ProtocolLimits.maxArrayCount, count <= (frame.count - offset) / 11 else { return nil }
        guard let base = frame.baseAddress else { return nil }
        self.frame = frame
        self.base = base
        operationsStart = offset
    }

    /// The operations in order. Iteration stops early at the first that is not a fixed-size `setProperty` or
    /// runs past the frame; `Operations.isComplete` then says false.
    @inlinable
    public var operations: Operations {
        Operations(base: base, end: frame.count, offset: operationsStart, remaining: count)
    }

    /// An iterator over a batch's operations, reading each in place.
    public struct Operations: IteratorProtocol {
        @usableFromInline let base: UnsafeRawPointer
        @usableFromInline let end: Int
        @usableFromInline var offset: Int
        @usableFromInline var remaining: Int
        @usableFromInline var malformed = false
        /// The last record's key path length, value tag and whole size when its value has a fixed size (tags
        /// 0…4); size 0 otherwise. A bulk commit repeats one layout, and checking that the next record has it
        /// lets the next offset be known before the record's bytes are loaded: the loads only confirm it.
        @usableFromInline var lastPathLength: UInt32 = 0
        @usableFromInline var lastTag: UInt8 = 0
        @usableFromInline var lastSize = 0

        @inlinable
        init(base: UnsafeRawPointer, end: Int, offset: Int, remaining: Int) {
            self.base = base
            self.end = end
            self.offset = offset
            self.remaining = remaining
        }

        /// Whether every operation was read and they end where the frame ends.
        @inlinable
        public var isComplete: Bool { !malformed && remaining == 0 && offset == end }

        @inlinable @inline(__always)
        public mutating func next() -> SetPropertyRecord? {
            guard remaining > 0, !malformed else { return nil }
            guard let record = read() else {
                malformed = true
                return nil
            }
            remaining -= 1
            return record
        }

        /// The next record and every record after it with the same layout and the same key path's bytes (a
        /// bulk commit is mostly one long run), or nil where `next()` is nil. The records after the first are
        /// each checked against the first's bytes up to the value, which reads them faster than `next()` can.
        @inlinable
        public mutating func nextRun() -> SetPropertyRun? {
            let start = offset
            guard let first = next() else { return nil }
            let size = lastSize
            var count = 1
            // A fixed layout (tags 0…4) whose head (tag, key path length, key path, value tag) repeats.
            if size > 0, start + size == offset {
                let pathLength = first.keyPath.count
                let last = min(remaining, (end - offset) / size)
                if pathLength >= 8 && pathLength <= 16 {
                    // Every whole property's key path: the head's words are compared from registers.
                    let lengthWord = word32(start + 5)
                    let pathHead = word64(start + 9)
                    let pathTail = word64(start + 1 + pathLength)
                    let tagAt = 9 &+ pathLength
                    let tag = byte(start + tagAt)
                    var at = offset
                    while count <= last, byte(at) == 2, word32(at &+ 5) == lengthWord, word64(at &+ 9) == pathHead,
                        word64(at &+ 1 &+ pathLength) == pathTail, byte(at &+ tagAt) == tag
                    {
                        at &+= size
                        count &+= 1
                    }
                    offset = at
                } else {
                    // tag u8, layer u32, key path length u32, the key path, the value tag u8.
                    let headEnd = 10 + pathLength
                    while count <= last, sameHead(offset, as: start, headEnd: headEnd) {
                        offset += size
                        count += 1
                    }
                }
                remaining -= count - 1
            }
            return SetPropertyRun(first: first, start: base + start, stride: size, count: count)
        }

        /// Whether the record at `at` has the bytes of the record at `start` in 0 and 5 ..< `headEnd` (all but
        /// the layer id and the value).
        @inlinable
        func sameHead(_ at: Int, as start: Int, headEnd: Int) -> Bool {
            guard byte(at) == 2, byte(at + headEnd - 1) == byte(start + headEnd - 1) else { return false }
            let length = headEnd - 10
            guard word32(at + 5) == word32(start + 5) else { return false }
            for index in 0..<length where byte(at + 9 + index) != byte(start + 9 + index) { return false }
            return true
        }

        @inlinable @inline(__always)
        func word32(_ at: Int) -> UInt32 { base.loadUnaligned(fromByteOffset: at, as: UInt32.self) }

        @inlinable @inline(__always)
        func word64(_ at: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: at, as: UInt64.self) }

        /// Every read is checked against `end` before it is made.
        @inlinable @inline(__always)
        mutating func read() -> SetPropertyRecord? {
            let start = offset
            let pathLength = Int(lastPathLength)
            if lastSize > 0, end - start >= lastSize, byte(start) == 2,
                base.loadUnaligned(fromByteOffset: start + 5, as: UInt32.self) == lastPathLength.littleEndian,
                byte(start + 9 + pathLength) == lastTag
            {
                offset = start + lastSize
                return SetPropertyRecord(
                    layer: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: start + 1, as: UInt32.self)),
                    keyPath: UnsafeRawBufferPointer(start: base + (start + 9), count: pathLength), valueTag: lastTag,
                    value: base + (start + 10 + pathLength))
            }
            return readFirstOfLayout()
        }

        /// `read()` for a record whose layout differs from the last one's.
        @inlinable
        mutating func readFirstOfLayout() -> SetPropertyRecord? {
            // tag u8, layer u32, key path length u32: 9 bytes before the key path's bytes.
            guard end - offset >= 9, byte(offset) == 2 else { return nil }
            let layer = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + 1, as: UInt32.self))
            let pathLength = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + 5, as: UInt32.self)))
            let pathStart = offset + 9
            guard pathLength <= ProtocolLimits.maxStringBytes, end - pathStart > pathLength else { return nil }
            let tagAt = pathStart + pathLength
            let tag = byte(tagAt)
            let size: Int
            switch tag {
            case 0: size = 8
            case 1, 2: size = 16
            case 3: size = 32
            case 4: size = 128
            case 5:
                guard end - tagAt >= 2 else { return nil }
                switch byte(tagAt + 1) {
                case 0: size = 1
                case 1: size = 33
                default: return nil
                }
            case 6:
                guard end - tagAt >= 2, byte(tagAt + 1) <= 1 else { return nil }
                size = 1
            default: return nil
            }
            guard end - tagAt - 1 >= size else { return nil }
            let recordSize = tagAt + 1 + size - offset
            (lastPathLength, lastTag, lastSize) = tag <= 4 ? (UInt32(pathLength), tag, recordSize) : (0, 0, 0)
            offset = tagAt + 1 + size
            return SetPropertyRecord(
                layer: layer, keyPath: UnsafeRawBufferPointer(start: base + pathStart, count: pathLength),
                valueTag: tag, value: base + (tagAt + 1))
        }

        @inlinable @inline(__always)
        func byte(_ at: Int) -> UInt8 { base.load(fromByteOffset: at, as: UInt8.self) }
    }

    @inlinable
    static func load<T: FixedWidthInteger>(_: T.Type, _ frame: UnsafeRawBufferPointer, _ offset: Int) -> T {
        T(littleEndian: frame.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}

/// One `setProperty` of a `SetPropertyBatch`, pointing into the frame.
public struct SetPropertyRecord {
    public let layer: UInt32
    /// The key path's bytes as sent. Their UTF-8 is not checked here: the decoder refuses a frame whose key
    /// path is not UTF-8, so a user must check it (`String(validating:as:)`) before taking the batch.
    public let keyPath: UnsafeRawBufferPointer
    /// `WireValue`'s tag: 0 number … 6 bool.
    public let valueTag: UInt8
    /// The value's bytes after its tag (as many as the tag says, checked by `Operations`).
    @usableFromInline let valueStart: UnsafeRawPointer

    @inlinable
    init(layer: UInt32, keyPath: UnsafeRawBufferPointer, valueTag: UInt8, value: UnsafeRawPointer) {
        self.layer = layer
        self.keyPath = keyPath
        self.valueTag = valueTag
        self.valueStart = value
    }

    /// The kind of value, without reading it.
    @inlinable
    public var valueKind: ValueKind {
        switch valueTag {
        case 0: .number
        case 1: .point
        case 2: .size
        case 3: .rect
        case 4: .transform
        case 5: .color
        default: .bool
        }
    }

    /// A number, point, size or rect as four lanes (x, y, width, height order; unused lanes 0), as
    /// `LayerTree.setChecked(_:kind:lanes:at:)` takes it; nil for the other kinds.
    @inlinable
    public var lanes: SIMD4<Double>? { laneWidth.map { StridedLanes(base: valueStart, stride: 0, width: $0)[0] } }

    /// `StridedLanes.width(of:)` of the value's kind.
    @inlinable
    var laneWidth: Int? { StridedLanes.width(of: valueKind) }

    /// The value, as `PropertyValue(wire:)` makes it from the decoded `WireValue`.
    @inlinable
    public var value: PropertyValue {
        switch valueTag {
        case 0: .number(number(0))
        case 1: .point(Point(x: number(0), y: number(1)))
        case 2: .size(Size(width: number(0), height: number(1)))
        case 3: .rect(Rect(x: number(0), y: number(1), width: number(2), height: number(3)))
        case 4:
            .transform(
                Transform3D(
                    m11: number(0), m12: number(1), m13: number(2), m14: number(3),
                    m21: number(4), m22: number(5), m23: number(6), m24: number(7),
                    m31: number(8), m32: number(9), m33: number(10), m34: number(11),
                    m41: number(12), m42: number(13), m43: number(14), m44: number(15)))
        case 5:
            valueStart.load(as: UInt8.self) == 0
                ? .color(nil)
                : .color(
                    Color(
                        red: number(0, at: 1), green: number(1, at: 1), blue: number(2, at: 1), alpha: number(3, at: 1))
                )
        default: .bool(valueStart.load(as: UInt8.self) == 1)
        }
    }

    @inlinable
    func number(_ index: Int, at start: Int = 0) -> Double {
        Double(
            bitPattern: UInt64(
                littleEndian: valueStart.loadUnaligned(fromByteOffset: start + 8 * index, as: UInt64.self)))
    }
}

/// Consecutive `setProperty` records of a `SetPropertyBatch` with one layout, one key path and one kind of
/// value (`Operations.nextRun()`): only the layer ids and values differ, read by index.
public struct SetPropertyRun {
    /// The first record: its key path and value tag are every record's.
    public let first: SetPropertyRecord
    @usableFromInline let start: UnsafeRawPointer
    /// The distance between records (0 for a run of one record of a variable layout).
    @usableFromInline let stride: Int
    public let count: Int

    @inlinable
    init(first: SetPropertyRecord, start: UnsafeRawPointer, stride: Int, count: Int) {
        self.first = first
        self.start = start
        self.stride = stride
        self.count = count
    }

    /// The layer id of record `index`.
    @inlinable @inline(__always)
    public func layer(_ index: Int) -> UInt32 {
        UInt32(littleEndian: start.loadUnaligned(fromByteOffset: index &* stride &+ 1, as: UInt32.self))
    }

    /// Every record's value as lanes (`SetPropertyRecord.lanes`), read in place; nil unless the values are
    /// numbers, points, sizes or rects.
    @inlinable
    public var lanes: StridedLanes? {
        first.laneWidth.map { StridedLanes(base: first.valueStart, stride: stride, width: $0) }
    }

    /// Record `index`, pointing into the frame.
    @inlinable @inline(__always)
    public subscript(index: Int) -> SetPropertyRecord {
        SetPropertyRecord(
            layer: layer(index), keyPath: first.keyPath, valueTag: first.valueTag,
            value: first.valueStart + index &* stride)
    }
}
