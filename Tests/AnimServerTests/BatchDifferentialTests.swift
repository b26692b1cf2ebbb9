import AnimCore
import AnimProtocol
import AnimTestSupport
import Foundation
import Testing

@testable import AnimServer

/// The differential check of the batch commit reader (`SetPropertyBatch` and `ClientContext.applyBatch`, the fast
/// path) against the decoder and `apply` (the reference path), as tools/fuzzserver checks it, on a fixed corpus:
/// the fuzzer's checked-in seeds (protocol/vectors and protocol/bad) and seeded bulk commits (runs of property
/// changes over existing and missing layers, with good, refused and mismatched values), each also mutated a byte
/// at a time. Every record goes to two server cores in the same scene, one taking its bytes as the daemon does, one
/// taking it decoded; a commit must be answered the same, and every layer must be the same afterwards.
@Suite("The batch commit reader agrees with the decoder on the fuzzer's corpus")
struct BatchDifferentialTests {
    static let protocolDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("protocol")

    @Test func theCorpusGivesTheSameAnswersAndScenes() throws {
        let corpus = try Self.seeds() + Self.bulkCommits()
        let fast = ServerHarness()
        let reference = ServerHarness()
        var batches = 0
        for (name, record) in corpus {
            let a = try Self.openScene(fast)
            let b = try Self.openScene(reference)
            let viaBatch = record.withUnsafeBytes { fast.core.receiveBatch($0, from: a) }
            if viaBatch != nil { batches += 1 }
            let answerA = (viaBatch ?? fast.core.receive(record: record, fds: [], from: a).deliveries).map(\.message)
            let answerB: [Message]
            do {
                let message = try FrameCodec.decode(
                    record, maxMessageBytes: Int(reference.core.configuration.maxMessageBytes))
                answerB = reference.core.receive(message, fds: [], from: b).map(\.message)
            } catch {
                answerB = reference.core.reject(error, from: b).map(\.message)
            }
            let opcode = record.withUnsafeBytes { FrameCodec.opcode(of: $0) }
            if opcode == Commit.opcode {
                // Answers compare as bytes: a NaN both paths computed is the same answer.
                #expect(answerA.map(FrameCodec.encode) == answerB.map(FrameCodec.encode), "\(name)")
            }
            #expect(try Self.layers(fast, a) == Self.layers(reference, b), "\(name): the scenes differ")
            for layer in UInt32(1)...12 {
                #expect(
                    Self.presentation(fast, layer, a).map(FrameCodec.encode)
                        == Self.presentation(reference, layer, b).map(FrameCodec.encode), "\(name): layer \(layer)")
            }
            _ = fast.core.closeSession(a)
            _ = reference.core.closeSession(b)
        }
        // The batch path took a good share of the corpus, so it is really compared with the decoder.
        #expect(batches >= 250, "\(batches) of \(corpus.count) records went through the batch path")
        #expect(corpus.count >= 960)
    }

    /// protocol/vectors/*.bin and protocol/bad/*.bin: what scripts/fuzz-server.sh starts its corpus from.
    static func seeds() throws -> [(String, [UInt8])] {
        var seeds: [(String, [UInt8])] = []
        for folder in ["vectors", "bad"] {
            let directory = protocolDirectory.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".bin") }.sorted()
            for name in names {
                seeds.append(("\(folder)/\(name)", Array(try Data(contentsOf: directory.appendingPathComponent(name)))))
            }
        }
        #expect(seeds.count >= 60)
        return seeds
    }

    /// Key paths a bulk commit names, with the kind of value each takes: whole properties of every fixed-size kind,
    /// a component, a mask, a shape's property (missing on other classes) and a property that does not exist.
    /// The first `everyClassCount` are properties of every layer class.
    private static let everyClassCount = 16
    private static let keyPaths: [(String, ValueKind)] = [
        ("position", .point), ("bounds", .rect), ("opacity", .number), ("zPosition", .number),
        ("anchorPoint", .point), ("anchorPointZ", .number), ("cornerRadius", .number), ("borderWidth", .number),
        ("shadowOffset", .size), ("shadowOpacity", .number), ("transform", .transform),
        ("sublayerTransform", .transform),
        ("backgroundColor", .color), ("borderColor", .color), ("hidden", .bool), ("masksToBounds", .bool),
        ("lineWidth", .number), ("strokeEnd", .number), ("fillColor", .color), ("position.x", .number),
        ("mask", .number), ("noSuchProperty", .number),
    ]

    /// Seeded bulk commits of runs of changes, each followed by a copy with one byte changed or cut short.
    static func bulkCommits() -> [(String, [UInt8])] {
        var random = SeededGenerator(seed: 0xB47C)
        var commits: [(String, [UInt8])] = []
        for index in 0..<450 {
            // Every other commit is one the server takes (existing layers, properties every class has, values in
            // range); the others mix in what it refuses.
            let clean = index % 2 == 0
            var operations: [WireOperation] = []
            for _ in 0...random.below(4) {
                var (keyPath, kind) = keyPaths[random.below(clean ? everyClassCount : keyPaths.count)]
                if !clean, random.below(10) == 0 {
                    kind = [.number, .point, .size, .rect, .transform, .color, .bool][random.below(7)]
                }
                for _ in 0..<(1 + random.below(random.below(3) == 0 ? 40 : 5)) {
                    // Layers 1…8 exist (of six classes); 9…12 and 70 000 do not.
                    let layer =
                        !clean && random.below(12) == 0 ? [9, 12, 70_000][random.below(3)] : 1 + random.below(8)
                    let value = clean ? goodValue(kind, &random) : value(kind, &random)
                    operations.append(
                        .setProperty(WireSetProperty(layer: UInt32(layer), keyPath: keyPath, value: value)))
                }
            }
            let frame = FrameCodec.encode(
                .commit(
                    Commit(transaction: UInt64(index), completions: index % 7 == 0 ? [3] : [], operations: operations)))
            commits.append(("bulk \(index)", frame))
            var mutated = frame
            switch random.below(3) {
            case 0: mutated.removeLast(1 + random.below(min(frame.count - 9, 40)))
            default:
                let at = WireLayout.FrameHeader.size + random.below(frame.count - WireLayout.FrameHeader.size)
                mutated[at] =
                    random.below(2) == 0 ? mutated[at] ^ UInt8(1 << random.below(8)) : UInt8(random.below(256))
            }
            commits.append(("bulk \(index) mutated", mutated))
        }
        return commits
    }

    /// A value of `kind` every property of that kind takes: numbers in [0, 1], no perspective.
    private static func goodValue(_ kind: ValueKind, _ random: inout SeededGenerator) -> WireValue {
        let unit = { (random: inout SeededGenerator) in Double(random.below(1001)) / 1000 }
        switch kind {
        case .point: return .point(WirePoint(x: unit(&random), y: unit(&random)))
        case .size: return .size(WireSize(width: unit(&random), height: unit(&random)))
        case .rect:
            return .rect(WireRect(x: unit(&random), y: unit(&random), width: unit(&random), height: unit(&random)))
        case .transform: return .transform(Transform3D.translation(unit(&random), unit(&random), 0).wire)
        case .color:
            return .color(
                WireColor(red: unit(&random), green: unit(&random), blue: unit(&random), alpha: unit(&random)))
        case .bool: return .bool(random.below(2) == 0)
        default: return .number(unit(&random))
        }
    }

    private static func number(_ random: inout SeededGenerator) -> Double {
        switch random.below(24) {
        case 0: .nan
        case 1: .infinity
        case 2: -0.0
        case 3: 2
        case 4: -1
        default: Double(random.below(20_001)) / 100 - 100
        }
    }

    private static func value(_ kind: ValueKind, _ random: inout SeededGenerator) -> WireValue {
        switch kind {
        case .point: return .point(WirePoint(x: number(&random), y: number(&random)))
        case .size: return .size(WireSize(width: number(&random), height: number(&random)))
        case .rect:
            return .rect(
                WireRect(x: number(&random), y: number(&random), width: number(&random), height: number(&random)))
        case .transform:
            var t = Transform3D.identity
            if random.below(2) == 0 { t = .translation(number(&random), number(&random), 0) }
            if random.below(8) == 0 { t.m14 = number(&random) }
            return .transform(t.wire)
        case .color:
            let unit = { (random: inout SeededGenerator) in Double(random.below(101)) / 100 }
            return random.below(5) == 0
                ? .color(nil)
                : .color(
                    WireColor(
                        red: unit(&random), green: unit(&random), blue: number(&random) / 100, alpha: unit(&random)))
        case .bool: return .bool(random.below(2) == 0)
        default: return .number(number(&random))
        }
    }

    /// tools/fuzzserver's scene: layers 1…8 of several classes, a sublayer, a mask and an animation.
    static func openScene(_ h: ServerHarness) throws -> SessionID {
        let session = try h.connect(version: ProtocolVersion.current)
        let classes: [WireLayerClass] = [.layer, .shape, .text, .gradient, .replicator, .emitter, .layer, .layer]
        let created = classes.enumerated().map { W.create(UInt32($0 + 1), $1) }
        h.commit(
            created + [
                W.insert(2, into: 1), W.set(1, "mask", .layer(7)), W.set(3, "opacity", .number(0.5)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 2, id: 1, key: "fade", completion: 3),
            ], from: session)
        return session
    }

    /// Every layer's state, or nil when the session was closed (a fatal error).
    static func layers(_ h: ServerHarness, _ s: SessionID) throws -> [LayerState]? {
        guard let tree = h.core.sessions[s]?.context.tree else { return nil }
        return try tree.layerIDs.map { try tree.state(of: $0) }
    }

    static func presentation(_ h: ServerHarness, _ layer: UInt32, _ s: SessionID) -> [Message] {
        h.send(.presentationQuery(PresentationQuery(request: layer, layer: layer, time: 0.5)), from: s)
    }
}
