import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// SetRootLayer (protocol version 5): a client that declares its root layer has only that layer's tree drawn and
/// hit, as a window shows only its layer tree in Core Animation (docs/core-animation-rules.md, "Scenes off screen").
@Suite struct DeclaredRootTests {
    /// A version 5 client subscribed to touch with root 1 covering (0, 0, 400, 300), a parentless layer 2 at
    /// (0, 0, 50, 50) above it, and layer 3 at (100, 100, 50, 50) under the root.
    static func client(_ h: ServerHarness) throws -> SessionID {
        let s = try h.connect(version: 5)
        let replies = h.commit(
            [W.create(1)] + h.frame(1, rect(0, 0, 400, 300)) + [W.create(2)] + h.frame(2, rect(0, 0, 50, 50))
                + [W.create(3)] + h.frame(3, rect(100, 100, 50, 50)) + [W.insert(3, into: 1)],
            from: s)
        #expect(replies.errorReports.isEmpty, "\(replies)")
        #expect(h.send(.inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)), from: s).isEmpty)
        return s
    }

    static func hit(_ h: ServerHarness, _ s: SessionID, _ x: Double, _ y: Double) -> UInt32? {
        let replies = h.send(
            .hitTestQuery(HitTestQuery(request: 1, point: WirePoint(x: x, y: y), root: nil, presentation: false)),
            from: s)
        guard case .hitTestReply(let reply)? = replies.first else { return 0 }
        return reply.layer
    }

    /// The layer a touch down at (x, y) reaches, lifted again after.
    static func touched(_ h: ServerHarness, _ s: SessionID, _ x: Double, _ y: Double, at t: Double) -> UInt32? {
        let down = h.input(.touchDown(slot: 0, at: pt(x, y)), at: t).to(s).compactMap(\.touch).first?.layer
        _ = h.input(.touchUp(slot: 0), at: t)
        return down
    }

    static func drawnRoots(_ h: ServerHarness, at t: Double) throws -> [LayerID] {
        try h.frame(at: t)
        return try #require(h.sink.lastSnapshot?.clients.first).roots
    }

    @Test func withADeclaredRootAParentlessLayerIsNeitherDrawnNorHit() throws {
        let h = ServerHarness()
        let s = try Self.client(h)
        // Undeclared: every parentless layer is a root, the later on top.
        #expect(try Self.drawnRoots(h, at: 0) == [LayerID(1), LayerID(2)])
        #expect(Self.hit(h, s, 10, 10) == 2)
        #expect(Self.touched(h, s, 10, 10, at: 0.1) == 2)

        #expect(h.send(.setRootLayer(SetRootLayer(layer: 1)), from: s).isEmpty)
        #expect(try Self.drawnRoots(h, at: 0.2) == [LayerID(1)])
        #expect(Self.hit(h, s, 10, 10) == 1)
        // The router's index held the roots of the tree before the declaration: it must not keep them.
        #expect(Self.touched(h, s, 10, 10, at: 0.3) == 1)
        #expect(Self.touched(h, s, 110, 110, at: 0.4) == 3)

        // Removed from its superlayer, layer 3 leaves the screen.
        #expect(h.commit([.removeFromSuperlayer(3)], from: s, transaction: 2).errorReports.isEmpty)
        #expect(try Self.drawnRoots(h, at: 0.5) == [LayerID(1)])
        #expect(Self.hit(h, s, 110, 110) == 1)
        #expect(Self.touched(h, s, 110, 110, at: 0.6) == 1)
        // It still exists, and shows again once added under the root.
        #expect(h.commit([W.insert(3, into: 1)], from: s, transaction: 3).errorReports.isEmpty)
        #expect(Self.hit(h, s, 110, 110) == 3)

        // Declaring none returns to every parentless layer.
        #expect(h.send(.setRootLayer(SetRootLayer(layer: nil)), from: s).isEmpty)
        #expect(try Self.drawnRoots(h, at: 0.7) == [LayerID(1), LayerID(2)])
        #expect(Self.hit(h, s, 10, 10) == 2)
        #expect(Self.touched(h, s, 10, 10, at: 0.8) == 2)
    }

    @Test func destroyingTheDeclaredRootShowsEveryParentlessLayerAgain() throws {
        let h = ServerHarness()
        let s = try Self.client(h)
        #expect(h.send(.setRootLayer(SetRootLayer(layer: 1)), from: s).isEmpty)
        #expect(try Self.drawnRoots(h, at: 0) == [LayerID(1)])
        // Its sublayer 3 is detached, a root of its own, as a released CALayer's sublayers are.
        #expect(h.commit([.destroyLayer(1)], from: s, transaction: 2).errorReports.isEmpty)
        #expect(try Self.drawnRoots(h, at: 0.1) == [LayerID(2), LayerID(3)])
        #expect(Self.hit(h, s, 10, 10) == 2)
        #expect(Self.hit(h, s, 110, 110) == 3)
        // A new layer with the id of the destroyed root is not declared.
        let again = h.commit([W.create(1)] + h.frame(1, rect(0, 0, 400, 300)), from: s, transaction: 3)
        #expect(again.errorReports.isEmpty)
        #expect(try Self.drawnRoots(h, at: 0.2) == [LayerID(2), LayerID(3), LayerID(1)])
    }

    @Test func aLayerTheClientNeverMadeIsAnUnknownLayerAndChangesNothing() throws {
        let h = ServerHarness()
        let s = try Self.client(h)
        let replies = h.send(.setRootLayer(SetRootLayer(layer: 9)), from: s)
        let report = try #require(replies.errorReports.first)
        #expect(replies.count == 1)
        #expect(report.code == WireErrorCode.unknownLayer.rawValue)
        #expect(report.opcode == SetRootLayer.opcode)
        #expect(report.field == "SetRootLayer.layer")
        #expect(report.value == "9")
        #expect(report.fatal == false)
        #expect(try Self.drawnRoots(h, at: 0) == [LayerID(1), LayerID(2)])
        #expect(Self.hit(h, s, 10, 10) == 2)
    }

    @Test func aClientOfVersion4CannotDeclareARoot() throws {
        let h = ServerHarness()
        let s = try h.connect(version: 4)
        let report = try #require(h.send(.setRootLayer(SetRootLayer(layer: 1)), from: s).errorReports.first)
        #expect(report.code == WireErrorCode.unknownOpcode.rawValue)
        #expect(report.fatal)
    }
}
