import AnimCore
import AnimTestSupport
import Testing

@testable import AnimProtocol

/// `SetPropertyBatch` reads Commit frames in place; everything it accepts must be what the generated decoder
/// makes of the same bytes, and everything else must be left to the decoder.
@Suite struct SetPropertyBatchTests {
    /// One operation of every fixed-size value kind.
    static let everyKind: [WireSetProperty] = [
        WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.25)),
        WireSetProperty(layer: 2, keyPath: "position", value: .point(WirePoint(x: -3, y: 4.5))),
        WireSetProperty(layer: 3, keyPath: "shadowOffset", value: .size(WireSize(width: 7, height: -8))),
        WireSetProperty(layer: 4, keyPath: "bounds", value: .rect(WireRect(x: 1, y: 2, width: 30, height: 40))),
        WireSetProperty(
            layer: 5, keyPath: "transform",
            value: .transform(
                WireTransform(
                    m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8, m31: 9, m32: 10, m33: 11,
                    m34: 12, m41: 13, m42: 14, m43: 15, m44: 16))),
        WireSetProperty(layer: 6, keyPath: "backgroundColor", value: .color(nil)),
        WireSetProperty(
            layer: 7, keyPath: "borderColor", value: .color(WireColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))),
        WireSetProperty(layer: 8, keyPath: "hidden", value: .bool(true)),
        WireSetProperty(layer: 0xFFFF_FFFF, keyPath: "masksToBounds", value: .bool(false)),
        WireSetProperty(layer: 9, keyPath: "", value: .number(-.infinity)),
        WireSetProperty(layer: 10, keyPath: "größe.ü", value: .number(.nan)),
    ]

    static func frame(
        _ operations: [WireOperation], transaction: UInt64 = 77, completions: [UInt64] = [3, 0, 9]
    )
        -> [UInt8]
    {
        FrameCodec.encode(.commit(Commit(transaction: transaction, completions: completions, operations: operations)))
    }

    /// What the batch reads, as the decoder's types.
    struct Read: Equatable {
        var transaction: UInt64
        var completions: [UInt64]
        var operations: [WireSetProperty]
    }

    /// The batch's reading of `bytes`, or nil when it is not a complete batch of UTF-8 key paths.
    static func read(_ bytes: [UInt8]) -> Read? {
        bytes.withUnsafeBytes { buffer -> Read? in
            guard let batch = SetPropertyBatch(frame: buffer) else { return nil }
            var operations = batch.operations
            var read: [WireSetProperty] = []
            while let record = operations.next() {
                // The batch leaves UTF-8 to its user, as the server does (it looks the key path up as a String).
                guard let keyPath = String(validating: record.keyPath, as: UTF8.self) else { return nil }
                read.append(WireSetProperty(layer: record.layer, keyPath: keyPath, value: record.value.wire))
                // The lanes are the value's numbers, for the kinds that have them.
                switch record.value {
                case .number(let v): #expect(record.lanes.map { $0 == SIMD4(v, 0, 0, 0) || v.isNaN } == true)
                case .point(let p): #expect(record.lanes == SIMD4(p.x, p.y, 0, 0))
                case .size(let s): #expect(record.lanes == SIMD4(s.width, s.height, 0, 0))
                case .rect(let r): #expect(record.lanes == SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height))
                default: #expect(record.lanes == nil)
                }
                #expect(record.valueKind == record.value.kind)
            }
            // Compared as bytes: a NaN is not equal to itself.
            #expect(readByRuns(batch).map(encoded) == (operations.isComplete ? encoded(read) : nil))
            guard operations.isComplete else { return nil }
            #expect(read.count == batch.count)
            return Read(transaction: batch.transaction, completions: batch.completions, operations: read)
        }
    }

    static func encoded(_ operations: [WireSetProperty]) -> [UInt8] {
        frame(operations.map { .setProperty($0) })
    }

    /// The batch's operations read with `nextRun()` (nil when they are not complete), checking that every
    /// record of a run has the first's key path and kind and that `lanes(_:)` reads what the record has.
    static func readByRuns(_ batch: SetPropertyBatch) -> [WireSetProperty]? {
        var operations = batch.operations
        var read: [WireSetProperty] = []
        while let run = operations.nextRun() {
            #expect(run.count >= 1)
            for index in 0..<run.count {
                let record = run[index]
                #expect(record.layer == run.layer(index))
                #expect(record.keyPath.elementsEqual(run.first.keyPath) && record.valueTag == run.first.valueTag)
                if let lanes = record.lanes {
                    #expect(run.lanes?[index] == lanes || lanes[0].isNaN)
                }
                guard let keyPath = String(validating: record.keyPath, as: UTF8.self) else { return nil }
                read.append(WireSetProperty(layer: record.layer, keyPath: keyPath, value: record.value.wire))
            }
        }
        return operations.isComplete ? read : nil
    }

    /// Whether `read` encodes to exactly `bytes` (NaN never equals itself, so readings compare as bytes).
    static func encodes(_ read: Read, to bytes: [UInt8]) -> Bool {
        frame(read.operations.map { .setProperty($0) }, transaction: read.transaction, completions: read.completions)
            == bytes
    }

    /// The decoder's reading, when every operation is a setProperty.
    static func decoded(_ bytes: [UInt8]) throws -> Read? {
        guard case .commit(let commit) = try FrameCodec.decode(bytes) else { return nil }
        var operations: [WireSetProperty] = []
        for operation in commit.operations {
            guard case .setProperty(let set) = operation else { return nil }
            operations.append(set)
        }
        return Read(transaction: commit.transaction, completions: commit.completions, operations: operations)
    }

    @Test func everyFixedSizeValueKindReadsAsTheDecoderReadsIt() throws {
        let bytes = Self.frame(Self.everyKind.map { .setProperty($0) })
        let read = try #require(Self.read(bytes))
        #expect(read.transaction == 77)
        #expect(read.completions == [3, 0, 9])
        #expect(read.operations.count == Self.everyKind.count)
        #expect(Self.encodes(read, to: bytes))
        let decoded = try #require(try Self.decoded(bytes))
        #expect(Self.encodes(decoded, to: bytes))
        #expect(Self.read(Self.frame([])) == Read(transaction: 77, completions: [3, 0, 9], operations: []))
    }

    /// A run is every following record with the first's key path and kind of value: a bulk commit is one run,
    /// and a change of key path (even of the same length), of kind or of layout ends one.
    @Test func runsAreAsLongAsTheKeyPathAndKindRepeat() throws {
        func runs(_ operations: [WireSetProperty]) -> [Int] {
            Self.frame(operations.map { .setProperty($0) }).withUnsafeBytes { buffer in
                var runs: [Int] = []
                var reader = SetPropertyBatch(frame: buffer)!.operations
                while let run = reader.nextRun() { runs.append(run.count) }
                #expect(reader.isComplete)
                return runs
            }
        }
        func set(_ layer: UInt32, _ keyPath: String, _ value: WireValue) -> WireSetProperty {
            WireSetProperty(layer: layer, keyPath: keyPath, value: value)
        }
        let point = WireValue.point(WirePoint(x: 1, y: 2))
        #expect(runs((1...1000).map { set($0, "position", point) }) == [1000])
        #expect(
            runs([
                set(1, "position", point), set(2, "position", point), set(3, "opacity", .number(1)),
                set(4, "opacity", .number(0)), set(5, "anchorPoint", point), set(6, "position", point),
            ]) == [2, 2, 1, 1])
        // Same length, another key path: "position" and "zPositio" are both 8 bytes; 17-byte paths differ late.
        #expect(runs([set(1, "position", point), set(2, "zPositio", point), set(3, "zPositio", point)]) == [1, 2])
        #expect(
            runs([set(1, "contentsCenterAAA", point), set(2, "contentsCenterAAB", point)]) == [1, 1])
        #expect(runs([set(1, "x", .number(1)), set(2, "x", .number(2)), set(3, "y", .number(3))]) == [2, 1])
        // Another kind with the same key path, and the variable layouts (colors, bools), which are runs of one.
        #expect(runs([set(1, "position", point), set(2, "position", .size(WireSize(width: 1, height: 2)))]) == [1, 1])
        #expect(runs([set(1, "hidden", .bool(true)), set(2, "hidden", .bool(true))]) == [1, 1])
        #expect(runs([set(1, "backgroundColor", .color(nil)), set(2, "backgroundColor", .color(nil))]) == [1, 1])
    }

    @Test func randomBatchesReadAsTheDecoderReadsThem() throws {
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<300 {
            let operations = (0..<random.below(40)).map { _ in Self.everyKind[random.below(Self.everyKind.count)] }
                .map { op in
                    var op = op
                    op.layer = UInt32(truncatingIfNeeded: random.next())
                    return WireOperation.setProperty(op)
                }
            let completions = (0..<random.below(4)).map { _ in random.next() }
            let bytes = Self.frame(operations, transaction: random.next(), completions: completions)
            let read = try #require(Self.read(bytes))
            let decoded = try #require(try Self.decoded(bytes))
            #expect(read.transaction == decoded.transaction)
            #expect(read.completions == decoded.completions)
            #expect(Self.encodes(read, to: bytes))
        }
    }

    @Test(arguments: [
        WireOperation.createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
        .destroyLayer(1),
        .setProperty(WireSetProperty(layer: 1, keyPath: "name", value: .string("a"))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "path", value: .path(nil))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "lineDashPattern", value: .numbers([1, 2]))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "colors", value: .colors(nil))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "filters", value: .strings([]))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "contents", value: .image(4))),
        .setProperty(WireSetProperty(layer: 1, keyPath: "mask", value: .layer(2))),
        .removeAllAnimations(1),
    ])
    func anyOtherOperationIsLeftToTheDecoder(_ other: WireOperation) throws {
        let plain = WireOperation.setProperty(Self.everyKind[1])
        let bytes = Self.frame([plain, other, plain])
        #expect(Self.read(bytes) == nil)
        // The decoder takes it: it is a good commit, only not a batch.
        #expect(throws: Never.self) { try FrameCodec.decode(bytes) }
    }

    @Test func framesThatAreNotCommitsOrWhoseHeaderTheCodecRefusesAreNotBatches() {
        let good = Self.frame([.setProperty(Self.everyKind[0])])
        func batch(_ bytes: [UInt8], maxMessageBytes: Int = ProtocolLimits.maxMessageBytes) -> Bool {
            bytes.withUnsafeBytes { SetPropertyBatch(frame: $0, maxMessageBytes: maxMessageBytes) != nil }
        }
        #expect(batch(good))
        #expect(!batch(FrameCodec.encode(.sync(Sync(request: 1)))))
        var flags = good
        flags[6] = 1
        #expect(!batch(flags))
        var length = good
        length[0] &+= 1
        #expect(!batch(length))
        #expect(!batch(good, maxMessageBytes: good.count - 1))
        #expect(!batch(Array(good.prefix(8))))
        #expect(!batch([]))
    }

    /// Batches to damage: one of every kind, and runs of one layout (read on the path that expects the last
    /// record's layout again), ending in a change of layout.
    static let damageable: [[WireOperation]] = [
        everyKind.prefix(9).map { .setProperty($0) },
        (0..<6).map {
            .setProperty(WireSetProperty(layer: UInt32($0), keyPath: "position", value: .point(WirePoint(x: 1, y: 2))))
        }
            + [.setProperty(everyKind[0]), .setProperty(everyKind[0]), .setProperty(everyKind[4])],
        (0..<4).map { .setProperty(WireSetProperty(layer: 9, keyPath: "hidden", value: .bool($0 % 2 == 0))) }
            + (0..<3).map { _ in .setProperty(everyKind[6]) },
    ]

    /// Every byte of a batch changed in several ways, and every prefix (its length field patched): whatever the
    /// batch accepts in full, the decoder accepts too and reads the same.
    @Test(arguments: damageable.indices)
    func damagedFramesAreReadAsTheDecoderReadsThemOrLeftToIt(batch: Int) throws {
        let bytes = Self.frame(Self.damageable[batch], completions: [5])
        var variants: [[UInt8]] = []
        for index in bytes.indices {
            for change: (UInt8) -> UInt8 in [{ $0 ^ 0xFF }, { _ in 0 }, { _ in 1 }, { $0 &+ 1 }, { $0 &- 1 }] {
                var damaged = bytes
                damaged[index] = change(damaged[index])
                variants.append(damaged)
            }
        }
        for length in 0..<bytes.count {
            var prefix = Array(bytes.prefix(length))
            if length >= 4 {
                prefix.replaceSubrange(0..<4, with: withUnsafeBytes(of: UInt32(length).littleEndian, Array.init))
            }
            variants.append(prefix)
        }
        var accepted = 0
        for variant in variants {
            guard let read = Self.read(variant) else { continue }
            accepted += 1
            let decoded = try #require(try Self.decoded(variant))
            #expect(read.transaction == decoded.transaction)
            #expect(read.completions == decoded.completions)
            #expect(Self.encodes(read, to: variant))
        }
        // Changed numbers and layer ids are still batches; changed tags and lengths mostly are not.
        #expect(accepted > 100)
        #expect(accepted < variants.count)
    }
}
