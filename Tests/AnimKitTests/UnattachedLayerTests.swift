import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// Layers made with `Layer()` before they belong to a connection, as CALayers are built: values, sublayers and
/// animations kept locally, the whole tree sent when it is added to a connection's layer.
@Suite struct UnattachedLayerTests {
    @Test func anUnattachedLayerKeepsItsValuesTreeAndAnimationsLocally() throws {
        let card = ShapeLayer()
        let badge = Layer()
        card.opacity = 0.5
        card.position = Point(x: 10, y: 20)
        try card.addSublayer(badge)
        try card.add(BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1)), forKey: "fade")
        #expect(!card.isAttached)
        #expect(card.opacity == 0.5)
        #expect(card.position == Point(x: 10, y: 20))
        #expect(try card.value(forKeyPath: "position.x") == .number(10))
        #expect(card.sublayers.map(ObjectIdentifier.init) == [ObjectIdentifier(badge)])
        #expect(badge.superlayer === card)
        #expect(card.animationKeys == ["fade"])
        // It asks nothing of a server it does not have.
        #expect(
            throws: AnimKitError.closed(
                reason: "the layer belongs to no connection yet: add it to a layer of a connection first")
        ) {
            try card.presentation()
        }
    }

    @Test func attachingSendsTheWholeTreeWithItsValuesStructureAndAnimationsInTheCurrentTransaction() throws {
        let server = try FakeServer()
        let root = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()

        let card = Layer()
        card.position = Point(x: 10, y: 20)
        let badge = ShapeLayer()
        badge.backgroundColor = Color(red: 1, green: 0, blue: 0)
        try card.addSublayer(badge)
        let mask = Layer()
        mask.opacity = 0.5
        card.mask = mask
        let fade = BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
        fade.duration = 2
        fade.timingFunction = .linear
        try card.add(fade, forKey: "fade")
        #expect(try server.drain().isEmpty)

        Transaction.begin()
        try root.addSublayer(card)
        Transaction.commit()
        let operations = try server.commitOperations()
        #expect(card.isAttached && badge.isAttached && mask.isAttached)
        #expect(card.connection === server.connection)
        #expect([card.id, badge.id, mask.id] == [LayerID(2), LayerID(3), LayerID(4)])
        let expectedAnimation = AnimCore.Animation(
            .basic(
                AnimCore.BasicAnimation(
                    keyPath: AnimKeyPath(property: .opacity), fromValue: .number(0), toValue: .number(1))),
            timing: MediaTiming(duration: 2), timingFunction: .linear)
        #expect(
            operations == [
                .createLayer(WireCreateLayer(layer: 2, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 2, keyPath: "position", value: .point(WirePoint(x: 10, y: 20)))),
                .createLayer(WireCreateLayer(layer: 3, layerClass: .shape)),
                .setProperty(
                    WireSetProperty(
                        layer: 3, keyPath: "backgroundColor",
                        value: .color(WireColor(red: 1, green: 0, blue: 0, alpha: 1)))),
                .createLayer(WireCreateLayer(layer: 4, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 4, keyPath: "opacity", value: .number(0.5))),
                .insertSublayer(WireInsertSublayer(parent: 2, layer: 3, index: -1)),
                .setProperty(WireSetProperty(layer: 2, keyPath: "mask", value: .layer(4))),
                .addAnimation(
                    WireAddAnimation(
                        layer: 2, animationID: 1, key: "fade", completion: 0, transactionDuration: 0.25,
                        animation: expectedAnimation.wire)),
                .insertSublayer(WireInsertSublayer(parent: 1, layer: 2, index: -1)),
            ])
        // The same objects, now read from the connection's model.
        #expect(card.superlayer === root)
        #expect(badge.superlayer === card)
        #expect(card.mask === mask)
        #expect(card.position == Point(x: 10, y: 20))
        #expect(card.animationKeys == ["fade"])
        // From now on it behaves as any layer of the connection.
        card.zPosition = 1
        Transaction.flush()
        #expect(
            try server.commitOperations().first
                == .setProperty(WireSetProperty(layer: 2, keyPath: "zPosition", value: .number(1))))
    }

    @Test func aSublayerOfAnUnattachedTreeLeavesItWhenAttached() throws {
        let server = try FakeServer()
        let root = Layer(connection: server.connection)
        let holder = Layer()
        let card = Layer()
        try holder.addSublayer(card)
        try root.addSublayer(card)
        Transaction.flush()
        #expect(holder.sublayers.isEmpty)
        #expect(!holder.isAttached)
        #expect(card.superlayer === root)
    }

    @Test func layersOfAnotherConnectionAreRefused() throws {
        let first = try FakeServer()
        let second = try FakeServer()
        let root = Layer(connection: first.connection)
        let other = Layer(connection: second.connection)
        #expect(throws: AnimKitError.foreignLayer(other.id, connection: 7)) { try root.addSublayer(other) }

        // Attached to the first connection, a tree built unattached belongs to it for good.
        let card = Layer()
        try root.addSublayer(card)
        #expect(throws: AnimKitError.foreignLayer(card.id, connection: 7)) { try other.addSublayer(card) }

        // An attached layer cannot go into an unattached tree.
        let unattached = Layer()
        #expect(throws: AnimKitError.foreignLayer(card.id, connection: 0)) { try unattached.addSublayer(card) }
        #expect(unattached.sublayers.isEmpty)
        Transaction.flush()
    }

    @Test func aTouchHandlerSetWhileUnattachedSubscribesTheConnectionItIsAttachedTo() throws {
        let server = try FakeServer(version: 4)
        let root = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        let button = Layer()
        button.onTouch = { _ in }
        #expect(try server.drain().isEmpty)
        try root.addSublayer(button)
        let sent = try server.drain()
        #expect(sent.first == .inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)))
        #expect(sent.count == 2)
    }

    @Test func aRefusedInsertLeavesTheLayerUnattached() throws {
        let server = try FakeServer()
        let root = Layer(connection: server.connection)
        let card = Layer()
        #expect(throws: AnimKitError.self) { try root.insertSublayer(card, at: 3) }
        #expect(!card.isAttached)
        let stranger = Layer(connection: server.connection)
        #expect(throws: AnimKitError.self) { try root.insertSublayer(card, above: stranger) }
        #expect(!card.isAttached)
        Transaction.flush()
    }
}
