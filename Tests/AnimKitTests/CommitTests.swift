import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// What goes on the wire for commits: exact operations in order, nesting, the implicit transaction.
@Suite struct CommitTests {
    /// The default implicit animation of `property` on layer 1 as the wire carries it.
    static func implicit(
        _ property: LayerProperty, animationID: UInt64, duration: Double = 0.25, completion: UInt64 = 0
    ) -> WireOperation {
        let core = AnimCore.Animation(
            .basic(AnimCore.BasicAnimation(keyPath: AnimKeyPath(property: property))),
            timing: MediaTiming(duration: duration), timingFunction: .default)
        return .addAnimation(
            WireAddAnimation(
                layer: 1, animationID: animationID, key: property.key, completion: completion,
                transactionDuration: duration, animation: core.wire))
    }

    @Test func firstCommitCreatesTheLayerWithItsValuesAndNoAnimation() throws {
        let server = try FakeServer()
        #expect(server.hello.clientName == "animkit-tests")
        #expect(server.connection.session == 7)
        Transaction.begin()
        let layer = Layer(connection: server.connection)
        layer.position = Point(x: 10, y: 20)
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(
                    WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 10, y: 20)))),
                .setProperty(
                    WireSetProperty(
                        layer: 1, keyPath: "backgroundColor",
                        value: .color(WireColor(red: 1, green: 0, blue: 0, alpha: 1)))),
            ])
    }

    @Test func aChangeToACommittedLayerSendsTheValueThenItsImplicitAnimation() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        Transaction.begin()
        layer.opacity = 0.5
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .setProperty(WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.5))),
                Self.implicit(.opacity, animationID: 1),
            ])
        #expect(layer.opacity == 0.5)
        #expect(layer.animationKeys == ["opacity"])
    }

    /// Vector 15: the outer transaction's duration for its change, the inner one's for the nested change,
    /// one Commit at the outermost commit, and both animations count towards the outer completion block.
    @Test func nestedTransactionsSendOnlyAtTheOutermostCommit() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()

        Transaction.begin()
        Transaction.animationDuration = 2
        Transaction.setCompletionBlock {}
        layer.opacity = 0
        Transaction.begin()
        Transaction.animationDuration = 1
        layer.transform = Transform3D.scale(2, 2, 1)
        Transaction.commit()
        #expect(try server.drain().isEmpty)
        #expect(Transaction.animationDuration == 2)
        Transaction.commit()

        let commit = try server.commit()
        #expect(commit.completions.count == 1)
        let completion = try #require(commit.completions.first)
        #expect(
            commit.operations == [
                .setProperty(WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0))),
                Self.implicit(.opacity, animationID: 1, duration: 2, completion: completion),
                .setProperty(
                    WireSetProperty(layer: 1, keyPath: "transform", value: .transform(Transform3D.scale(2, 2, 1).wire))),
                Self.implicit(.transform, animationID: 2, duration: 1, completion: completion),
            ])
    }

    @Test func anImplicitTransactionOffTheMainThreadWaitsForFlush() throws {
        let server = try FakeServer()
        server.respond { message in
            guard case .clockControl(let c) = message else { return nil }
            return .clockState(ClockState(request: c.request, mode: .manual, time: 100, paused: true, rate: 1))
        }
        let layer = Layer(connection: server.connection)
        layer.zPosition = 3
        // A round trip that is not `sync()` (which commits the implicit transaction) shows nothing was sent.
        _ = try server.connection.clock(.query)
        #expect(server.recorded().isEmpty)
        Transaction.flush()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "zPosition", value: .number(3))),
            ])
        Transaction.flush()
        #expect(try server.drain().isEmpty)
    }

    /// A command-line program has no main-queue turn to commit its implicit transaction: `sync()` commits the
    /// calling thread's first, so what was set before it is on the server when it returns.
    @Test func syncCommitsTheCallingThreadsImplicitTransactionFirst() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        layer.zPosition = 3
        try server.connection.sync()
        let sent = server.recorded()
        guard sent.count == 1, case .commit(let commit) = sent[0] else {
            Issue.record("expected one Commit before the SyncReply, got \(sent)")
            return
        }
        #expect(
            commit.operations == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "zPosition", value: .number(3))),
            ])
    }

    @Test func syncLeavesAnOpenExplicitTransactionOpen() throws {
        let server = try FakeServer()
        Transaction.begin()
        let layer = Layer(connection: server.connection)
        layer.zPosition = 3
        try server.connection.sync()
        #expect(server.recorded().isEmpty)
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "zPosition", value: .number(3))),
            ])
    }

    @Test func anImplicitTransactionJoinsTheNextExplicitOne() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.begin()
        layer.cornerRadius = 4
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "cornerRadius", value: .number(4))),
            ])
    }

    @Test func sublayersAndRemovalAreSentInOrder() throws {
        let server = try FakeServer()
        Transaction.begin()
        let root = Layer(connection: server.connection)
        let a = ShapeLayer(connection: server.connection)
        let b = TextLayer(connection: server.connection)
        try root.addSublayer(a)
        try root.insertSublayer(b, below: a)
        b.removeFromSuperlayer()
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .createLayer(WireCreateLayer(layer: 2, layerClass: .shape)),
                .createLayer(WireCreateLayer(layer: 3, layerClass: .text)),
                .insertSublayer(WireInsertSublayer(parent: 1, layer: 2, index: -1)),
                .insertSublayer(WireInsertSublayer(parent: 1, layer: 3, index: 0)),
                .removeFromSuperlayer(3),
            ])
        #expect(root.sublayers.map(\.id) == [a.id])
        #expect(a.superlayer === root)
        #expect(b.superlayer == nil)
    }

    @Test func disableActionsSendsTheValueWithoutAnimation() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        Transaction.begin()
        Transaction.disableActions = true
        layer.position = Point(x: 5, y: 5)
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .setProperty(WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 5, y: 5))))
            ])
    }
}
