import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// A Commit of plain property changes arrives as bytes and is applied from them (`receive(record:…)`); it must
/// do to the scene and answer exactly what the decoded commit does, and leave anything else to that path.
@Suite("Batch commits: plain property changes applied from the frame's bytes")
struct BatchCommitTests {
    /// Layers 1…3 (plain), 4 (a shape), 5 a sublayer of 1 with an animation and a completion waiting.
    private func scene(_ h: ServerHarness, _ s: SessionID) {
        h.commit(
            [
                W.create(1), W.create(2), W.create(3), W.create(4, .shape), W.create(5), W.insert(5, into: 1),
                W.set(2, "opacity", .number(0.5)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 5, id: 1, key: "fade", completion: 8),
            ], from: s)
    }

    private static let changes: [WireOperation] = [
        W.set(1, "position", W.point(10, 20)),
        W.set(2, "bounds", .rect(WireRect(x: 0, y: 0, width: 64, height: 32))),
        W.set(3, "opacity", .number(0.25)),
        W.set(3, "shadowOffset", .size(WireSize(width: 2, height: -3))),
        W.set(1, "transform", .transform(Transform3D.translation(5, 6, 0).wire)),
        W.set(2, "backgroundColor", .color(WireColor(red: 1, green: 0.5, blue: 0, alpha: 1))),
        W.set(3, "borderColor", .color(nil)),
        W.set(5, "hidden", .bool(true)),
        W.set(4, "strokeEnd", .number(0.75)),
        W.set(4, "lineWidth", .number(3)),
        W.set(1, "position", W.point(11, 21)),
        W.set(5, "zPosition", .number(-2)),
        W.set(2, "cornerRadius", .number(4)),
    ]

    private static func frame(_ operations: [WireOperation], completions: [UInt64] = []) -> [UInt8] {
        FrameCodec.encode(.commit(Commit(transaction: 42, completions: completions, operations: operations)))
    }

    private func states(_ h: ServerHarness, _ s: SessionID) throws -> [LayerState] {
        let tree = try #require(h.core.sessions[s]).context.tree
        return try tree.layerIDs.map { try tree.state(of: $0) }
    }

    /// The same scene on two servers: one given frames as bytes (the batch path), one decoded commits.
    private func twoScenes() throws -> (ServerHarness, SessionID, ServerHarness, SessionID) {
        let batch = ServerHarness()
        let decoded = ServerHarness()
        let s1 = try batch.connect()
        let s2 = try decoded.connect()
        scene(batch, s1)
        scene(decoded, s2)
        return (batch, s1, decoded, s2)
    }

    @Test func aBatchChangesTheSceneAndAnswersAsTheDecodedCommitDoes() throws {
        let (batch, s1, decoded, s2) = try twoScenes()
        let bytes = Self.frame(Self.changes, completions: [8, 0])
        // The batch path takes it (nil would mean the general path did the work).
        let applied = try #require(bytes.withUnsafeBytes { batch.core.receiveBatch($0, from: s1) })
        let expected = decoded.send(try FrameCodec.decode(bytes), from: s2)
        #expect(applied.map(\.message) == expected)
        #expect(applied.map(\.session) == Array(repeating: s1, count: expected.count))
        #expect(expected.count == 1)  // CommitApplied; completion 8 waits for the running animation.
        #expect(try states(batch, s1) == states(decoded, s2))
        let tree = try #require(batch.core.sessions[s1]).context.tree
        #expect(try tree.state(of: LayerID(1)).position == Point(x: 11, y: 21))
        #expect(try tree.state(of: LayerID(4)).special.shape?.strokeEnd == 0.75)
        #expect(try tree.state(of: LayerID(5)).hidden)
        // The animation keeps running and completes later on both.
        try batch.frame(at: 2)
        try decoded.frame(at: 2)
        #expect(try states(batch, s1) == states(decoded, s2))
    }

    /// Long runs of one key path over layers of two classes (the tight loop stops at each change of class and
    /// at each layer it meets again) are applied as the decoded commit applies them, the later change winning.
    @Test func longRunsAcrossClassesApplyAsTheDecodedCommitDoes() throws {
        let (batch, s1, decoded, s2) = try twoScenes()
        let order: [UInt32] = [1, 2, 3, 4, 5, 1, 4, 4, 2, 3]
        let operations =
            order.enumerated().map { W.set($1, "position", W.point(Double($0), -Double($0))) }
            + order.enumerated().map { W.set($1, "opacity", .number(Double($0) / 10)) }
            + order.reversed().enumerated().map {
                W.set($1, "bounds", .rect(WireRect(x: 1, y: 2, width: Double($0), height: 3)))
            }
        let bytes = Self.frame(operations)
        let applied = try #require(bytes.withUnsafeBytes { batch.core.receiveBatch($0, from: s1) })
        #expect(applied.map(\.message) == decoded.send(try FrameCodec.decode(bytes), from: s2))
        #expect(try states(batch, s1) == states(decoded, s2))
        let tree = try #require(batch.core.sessions[s1]).context.tree
        #expect(try tree.state(of: LayerID(4)).position == Point(x: 7, y: -7))
        #expect(try tree.state(of: LayerID(2)).opacity == 0.8)
        #expect(try tree.state(of: LayerID(1)).bounds.size.width == 9)
    }

    /// A change the tight loop stops at in the middle of a long run, because its layer is missing or its value
    /// refused, sends the whole frame to the general path with nothing applied.
    @Test(arguments: [
        (W.set(99, "position", W.point(1, 1)), WireErrorCode.unknownLayer),
        (W.set(70_000, "position", W.point(1, 1)), .unknownLayer),
        (W.set(3, "position", W.point(1, .infinity)), .invalidValue),
        (W.set(4, "position", W.point(.nan, 1)), .invalidValue),
    ])
    func aRefusalInsideALongRunLeavesTheSceneAsItWas(bad: WireOperation, code: WireErrorCode) throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        let before = try states(h, s)
        let run = [1, 2, 3, 5, 1, 2].map { W.set($0, "position", W.point(Double($0), 5)) }
        let bytes = Self.frame(run + [bad] + run)
        #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
        #expect(try states(h, s) == before)
        let report = try #require(h.core.receive(record: bytes, fds: [], from: s).deliveries.first?.message.errorReport)
        #expect(report.code == code.rawValue)
        #expect(report.field.hasPrefix("Commit.operations[6].setProperty."))
        #expect(try states(h, s) == before)
    }

    @Test func receiveRecordAppliesTheBatchAndReportsACommit() throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        let (deliveries, isCommit) = h.core.receive(record: Self.frame(Self.changes), fds: [], from: s)
        #expect(isCommit)
        #expect(deliveries.map(\.message) == [.commitApplied(CommitApplied(transaction: 42, time: 0))])
        #expect(try states(h, s)[0].position == Point(x: 11, y: 21))
    }

    /// A refused operation anywhere in the batch: nothing of it is applied, and the answer is the general
    /// path's error naming the operation.
    @Test(arguments: [
        (W.set(99, "opacity", .number(1)), WireErrorCode.unknownLayer, "Commit.operations[2].setProperty.layer"),
        (W.set(3, "alpha", .number(1)), .unknownKeyPath, "Commit.operations[2].setProperty.keyPath"),
        (W.set(3, "position", .number(1)), .typeMismatch, "Commit.operations[2].setProperty.value"),
        (W.set(3, "position", W.point(.nan, 0)), .invalidValue, "Commit.operations[2].setProperty.value"),
        (W.set(3, "borderWidth", .number(-1)), .invalidValue, "Commit.operations[2].setProperty.value"),
        (W.set(3, "contentsScale", .number(0)), .invalidValue, "Commit.operations[2].setProperty.value"),
        (
            W.set(3, "bounds", .rect(WireRect(x: 0, y: 0, width: .infinity, height: 1))), .invalidValue,
            "Commit.operations[2].setProperty.value"
        ),
        (W.set(3, "strokeEnd", .number(1)), .unknownKeyPath, "Commit.operations[2].setProperty.keyPath"),
    ])
    func aRefusedChangeLeavesTheSceneAsItWas(bad: WireOperation, code: WireErrorCode, field: String) throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        let before = try states(h, s)
        let bytes = Self.frame([W.set(1, "position", W.point(1, 2)), W.set(2, "opacity", .number(0.1)), bad])
        #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
        #expect(try states(h, s) == before)
        let (deliveries, isCommit) = h.core.receive(record: bytes, fds: [], from: s)
        #expect(isCommit)
        let report = try #require(deliveries.first?.message.errorReport)
        #expect(report.code == code.rawValue)
        #expect(report.field == field)
        #expect(report.fatal == false)
        #expect(try states(h, s) == before)
        // The session goes on: the next batch applies.
        #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
        #expect(
            h.core.receive(record: Self.frame(Array(Self.changes.prefix(3))), fds: [], from: s).deliveries.count == 1)
        #expect(try states(h, s)[0].position == Point(x: 10, y: 20))
    }

    @Test func componentsAndReferencesTakeTheGeneralPath() throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        for operations in [
            [W.set(1, "position.x", .number(7))], [W.set(1, "mask", .layer(2))], [W.create(9)],
            [W.set(1, "transform.rotation.z", .number(0.5))],
        ] {
            let bytes = Self.frame(operations)
            #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
            let (deliveries, isCommit) = h.core.receive(record: bytes, fds: [], from: s)
            #expect(isCommit)
            #expect(deliveries.map(\.message).errorReports.isEmpty)
        }
        let tree = try #require(h.core.sessions[s]).context.tree
        #expect(try tree.state(of: LayerID(1)).position.x == 7)
        #expect(try tree.state(of: LayerID(1)).mask == LayerID(2))
        #expect(tree.hasLayer(LayerID(9)))
    }

    @Test func aKeyPathThatIsNotUTF8IsTheDecodersFatalError() throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        var bytes = Self.frame([W.set(1, "opacitz", .number(1))])
        let z = try #require(bytes.lastIndex(of: UInt8(ascii: "z")))
        bytes[z] = 0xFF
        #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
        let report = try #require(h.core.receive(record: bytes, fds: [], from: s).deliveries.first?.message.errorReport)
        #expect(report.code == WireErrorCode.invalidUTF8.rawValue)
        #expect(report.fatal)
    }

    @Test func aSessionThatHasNotSaidHelloIsRefusedAsBefore() throws {
        let h = ServerHarness()
        let s = h.core.openSession(credentials: nil)
        let bytes = Self.frame([W.set(1, "opacity", .number(1))])
        #expect(bytes.withUnsafeBytes { h.core.receiveBatch($0, from: s) } == nil)
        let report = try #require(h.core.receive(record: bytes, fds: [], from: s).deliveries.first?.message.errorReport)
        #expect(report.code == WireErrorCode.notNegotiated.rawValue)
    }

    @Test func aSnapshotTakenBeforeABatchKeepsItsValues() throws {
        let h = ServerHarness()
        let s = try h.connect()
        scene(h, s)
        try h.frame(at: 0)
        let kept = try #require(h.sink.lastSnapshot?.clients.first)
        _ = h.core.receive(record: Self.frame(Self.changes), fds: [], from: s)
        #expect(kept.layers[LayerID(3)]?.state.opacity == 1)
        #expect(kept.layers[LayerID(1)]?.state.position == .zero)
        try h.frame(at: 0.1)
        let now = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(now.layers[LayerID(3)]?.state.opacity == 0.25)
        #expect(now.layers[LayerID(1)]?.state.position == Point(x: 11, y: 21))
    }
}
