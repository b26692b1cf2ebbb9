import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Commits: apply, presentation values, refusals")
struct CommitTests {
    /// The presentation value of `keyPath` of layer `layer` at `time` (nil: now), through PresentationQuery.
    static func presented(
        _ h: ServerHarness, _ session: SessionID, layer: UInt32, _ keyPath: String, at time: Double? = nil
    ) throws -> WireValue {
        let replies = h.send(.presentationQuery(PresentationQuery(request: 3, layer: layer, time: time)), from: session)
        guard case .presentationReply(let reply) = try #require(replies.first) else {
            Issue.record("expected PresentationReply, got \(replies)")
            throw ServerHarness.HarnessError.unexpected
        }
        #expect(reply.request == 3)
        return try #require(reply.properties.first { $0.keyPath == keyPath }?.value)
    }

    @Test func aCommitCreatesLayersAndAnimatesPosition() throws {
        let h = ServerHarness(start: 10)
        let s = try h.connect()
        let replies = h.commit(
            [
                W.create(1), W.set(1, "position", W.point(0, 40)),
                W.add(W.basic("position.x", from: .number(0), to: .number(100)), to: 1, id: 501, key: "move"),
            ], from: s, transaction: 42)
        #expect(replies == [.commitApplied(CommitApplied(transaction: 42, time: 10))])
        #expect(try Self.presented(h, s, layer: 1, "position", at: 10.25) == W.point(25, 40))
        #expect(try Self.presented(h, s, layer: 1, "position", at: 10.5) == W.point(50, 40))
        // After the animation (fill mode removed) the model value shows again.
        #expect(try Self.presented(h, s, layer: 1, "position", at: 11.5) == W.point(0, 40))
        // No time means now.
        try h.clock.advance(0.75)
        #expect(try Self.presented(h, s, layer: 1, "position") == W.point(75, 40))
    }

    @Test func thePresentationReplyListsEveryPropertyOfTheClass() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1, .shape), W.set(1, "opacity", .number(0.5))], from: s)
        let replies = h.send(.presentationQuery(PresentationQuery(request: 1, layer: 1, time: nil)), from: s)
        guard case .presentationReply(let reply) = try #require(replies.first) else {
            Issue.record("expected PresentationReply")
            return
        }
        let expected = LayerProperty.allCases.filter { $0.exists(on: .shape) }.map(\.key)
        #expect(reply.properties.map(\.keyPath) == expected)
        #expect(reply.properties.contains { $0.keyPath == "lineWidth" })
        #expect(reply.properties.first { $0.keyPath == "opacity" }?.value == .number(0.5))
    }

    @Test func anUnknownKeyPathRefusesTheWholeCommit() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let replies = h.commit([W.create(1), W.set(1, "alpha", .number(0.5))], from: s, transaction: 7)
        let report = try #require(replies.errorReports.first)
        #expect(replies.count == 1)
        #expect(report.code == WireErrorCode.unknownKeyPath.rawValue)
        #expect(report.opcode == Commit.opcode)
        #expect(report.request == 7)
        #expect(report.field == "Commit.operations[1].setProperty.keyPath")
        #expect(report.value == "alpha")
        #expect(report.message.contains("CALayer"))
        #expect(!report.fatal)
        // The createLayer before it was not applied either.
        #expect(h.core.statistics.layers == 0)
    }

    @Test func anAnimationOfAnUnknownKeyPathIsRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1)], from: s)
        let replies = h.commit(
            [
                W.set(1, "opacity", .number(0.2)),
                W.add(W.basic("alpha", from: .number(0), to: .number(1)), to: 1, id: 1, key: "fade"),
            ],
            from: s, transaction: 2)
        let report = try #require(replies.errorReports.first)
        #expect(report.code == WireErrorCode.unknownKeyPath.rawValue)
        #expect(report.field == "Commit.operations[1].addAnimation.animation.kind.basic.keyPath")
        #expect(report.value == "alpha")
        // The opacity change in the same commit was not applied.
        #expect(try Self.presented(h, s, layer: 1, "opacity") == .number(1))
        #expect(h.core.statistics.animations == 0)
    }

    @Test func aNonFiniteValueIsRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1)], from: s)
        let replies = h.commit([W.set(1, "position.x", .number(.nan))], from: s, transaction: 3)
        let report = try #require(replies.errorReports.first)
        #expect(report.code == WireErrorCode.invalidValue.rawValue)
        #expect(report.field == "Commit.operations[0].setProperty.value")
        #expect(report.value == "nan")
        #expect(try Self.presented(h, s, layer: 1, "position") == W.point(0, 0))
    }

    @Test func aValueOfTheWrongKindIsRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1)], from: s)
        let report = try #require(h.commit([W.set(1, "opacity", W.point(1, 2))], from: s).errorReports.first)
        #expect(report.code == WireErrorCode.typeMismatch.rawValue)
        #expect(report.field == "Commit.operations[0].setProperty.value")
        #expect(report.value == "point")
    }

    @Test func anUnknownLayerIsRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let replies = h.commit([W.create(1), W.set(99, "opacity", .number(1))], from: s)
        let report = try #require(replies.errorReports.first)
        #expect(report.code == WireErrorCode.unknownLayer.rawValue)
        #expect(report.field == "Commit.operations[1].setProperty.layer")
        #expect(report.value == "99")
        #expect(h.core.statistics.layers == 0)
        let duplicate = h.commit([W.create(1), W.create(1)], from: s).errorReports.first
        #expect(duplicate?.code == WireErrorCode.duplicateLayer.rawValue)
        #expect(duplicate?.field == "Commit.operations[1].createLayer.layer")
    }

    @Test func aCycleIsRefusedAndTheTreeStaysAsItWas() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.create(2), W.insert(2, into: 1)], from: s)
        let replies = h.commit([W.set(1, "opacity", .number(0.3)), W.insert(1, into: 2)], from: s, transaction: 5)
        let report = try #require(replies.errorReports.first)
        #expect(report.code == WireErrorCode.invalidTree.rawValue)
        #expect(report.field == "Commit.operations[1].insertSublayer.layer")
        #expect(report.request == 5)
        try h.frame(at: 0)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(client.roots == [LayerID(1)])
        #expect(client.layers[LayerID(1)]?.sublayers == [LayerID(2)])
        #expect(client.layers[LayerID(1)]?.state.opacity == 1)
        let badIndex = h.commit([W.create(3), W.insert(3, into: 1, at: 5)], from: s).errorReports.first
        #expect(badIndex?.code == WireErrorCode.invalidTree.rawValue)
        #expect(badIndex?.field == "Commit.operations[1].insertSublayer.index")
    }

    @Test func aMaskGoesThroughTheTreesRules() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.create(2), W.create(3), W.insert(3, into: 1)], from: s)
        #expect(h.commit([W.set(1, "mask", .layer(2))], from: s).errorReports.isEmpty)
        // A sublayer cannot be a mask.
        let report = try #require(h.commit([W.set(2, "mask", .layer(3))], from: s).errorReports.first)
        #expect(report.code == WireErrorCode.invalidTree.rawValue)
        let unknown = try #require(h.commit([W.set(1, "mask", .layer(50))], from: s).errorReports.first)
        #expect(unknown.code == WireErrorCode.unknownLayer.rawValue)
        #expect(unknown.value == "50")
        try h.frame(at: 0)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(client.layers[LayerID(1)]?.state.mask == LayerID(2))
        #expect(client.roots == [LayerID(1)])
    }

    @Test func destroyingALayerDetachesItsSublayersAndStopsItsAnimations() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.create(2), W.insert(2, into: 1),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 9, key: "fade"),
            ], from: s)
        let replies = h.commit([.destroyLayer(1)], from: s, transaction: 2)
        #expect(
            replies == [
                .commitApplied(CommitApplied(transaction: 2, time: 0)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 9, key: "fade", finished: false, time: 0)),
            ])
        #expect(h.core.statistics.layers == 1)
        #expect(h.core.statistics.animations == 0)
        try h.frame(at: 0)
        #expect(h.sink.lastSnapshot?.clients.first?.roots == [LayerID(2)])
    }

    @Test func aSecondSessionCannotSeeOrTouchTheFirstsLayers() throws {
        let h = ServerHarness()
        let a = try h.connect()
        let b = try h.connect()
        h.commit([W.create(1), W.set(1, "opacity", .number(0.25))], from: a)
        let touch = try #require(h.commit([W.set(1, "opacity", .number(1))], from: b).errorReports.first)
        #expect(touch.code == WireErrorCode.unknownLayer.rawValue)
        let look = h.send(.presentationQuery(PresentationQuery(request: 8, layer: 1, time: nil)), from: b)
        #expect(look.errorReports.first?.code == WireErrorCode.unknownLayer.rawValue)
        #expect(look.errorReports.first?.request == 8)
        let hit = h.send(
            .hitTestQuery(HitTestQuery(request: 2, point: WirePoint(x: 0, y: 0), root: 1, presentation: false)), from: b
        )
        #expect(hit.errorReports.first?.code == WireErrorCode.unknownLayer.rawValue)
        // b has its own id space: its layer 1 is another layer.
        #expect(h.commit([W.create(1), W.set(1, "opacity", .number(0.75))], from: b).errorReports.isEmpty)
        #expect(try Self.presented(h, a, layer: 1, "opacity") == .number(0.25))
        #expect(try Self.presented(h, b, layer: 1, "opacity") == .number(0.75))
    }

    @Test func hitTestingUsesModelOrPresentation() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 100, height: 100))),
                W.set(1, "position", W.point(50, 50)),
                W.create(2), W.set(2, "bounds", .rect(WireRect(x: 0, y: 0, width: 10, height: 10))),
                W.set(2, "position", W.point(5, 5)), W.insert(2, into: 1),
                W.add(
                    W.basic("position", from: W.point(85, 85), to: W.point(85, 85), duration: 10), to: 2, id: 1,
                    key: nil),
            ], from: s)
        func hit(_ x: Double, _ y: Double, presentation: Bool) -> [Message] {
            h.send(
                .hitTestQuery(
                    HitTestQuery(request: 4, point: WirePoint(x: x, y: y), root: nil, presentation: presentation)),
                from: s)
        }
        #expect(hit(5, 5, presentation: false) == [.hitTestReply(HitTestReply(request: 4, layer: 2))])
        #expect(hit(85, 85, presentation: false) == [.hitTestReply(HitTestReply(request: 4, layer: 1))])
        #expect(hit(85, 85, presentation: true) == [.hitTestReply(HitTestReply(request: 4, layer: 2))])
        #expect(hit(500, 5, presentation: false) == [.hitTestReply(HitTestReply(request: 4, layer: nil))])
    }
}
