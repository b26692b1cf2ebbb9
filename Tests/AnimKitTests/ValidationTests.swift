import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// Bad input is refused on the client, before anything is sent; model reads stay local.
@Suite struct ValidationTests {
    @Test func anUnknownKeyPathThrowsAndSendsNothing() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        #expect(throws: AnimKitError.invalid(.unknownKeyPath(path: "alpha", layerClass: "CALayer"))) {
            try layer.setValue(.number(0.5), forKeyPath: "alpha")
        }
        #expect(throws: AnimKitError.invalid(.unknownKeyPath(path: "alpha", layerClass: "CALayer"))) {
            try layer.add(BasicAnimation(keyPath: "alpha", from: .number(0), to: .number(1)), forKey: "fade")
        }
        #expect(throws: AnimKitError.invalid(.typeMismatch(field: "opacity", expected: "number", got: "point"))) {
            try layer.setValue(.point(Point(x: 1, y: 1)), forKeyPath: "opacity")
        }
        #expect(throws: AnimKitError.invalid(.nonFinite(field: "opacity", value: .infinity))) {
            try layer.setValue(.number(.infinity), forKeyPath: "opacity")
        }
        Transaction.flush()
        #expect(try server.drain().isEmpty)
        #expect(layer.opacity == 1)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func aSubKeyPathChangesTheModelAndSendsTheWholeProperty() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        layer.position = Point(x: 1, y: 2)
        try layer.setValue(.number(9), forKeyPath: "position.y")
        #expect(layer.position == Point(x: 1, y: 9))
        #expect(try layer.value(forKeyPath: "position.x") == .number(1))
        Transaction.flush()
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 1, y: 2)))),
                .setProperty(WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 1, y: 9)))),
            ])
    }

    @Test func aKeyPathOfAnotherClassIsRefused() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let shape = ShapeLayer(connection: server.connection)
        #expect(throws: AnimKitError.invalid(.unknownKeyPath(path: "strokeEnd", layerClass: "CALayer"))) {
            try layer.setValue(.number(0.5), forKeyPath: "strokeEnd")
        }
        try shape.setValue(.number(0.5), forKeyPath: "strokeEnd")
        #expect(shape.strokeEnd == 0.5)
        Transaction.flush()
    }

    @Test func aCycleIsRefusedAndTheTreeStaysAsItWas() throws {
        let server = try FakeServer()
        let parent = Layer(connection: server.connection)
        let child = Layer(connection: server.connection)
        try parent.addSublayer(child)
        #expect(throws: AnimKitError.self) { try child.addSublayer(parent) }
        #expect(parent.superlayer == nil)
        #expect(child.superlayer === parent)
        Transaction.flush()
    }

    @Test func modelReadsNeverTouchTheSocket() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let sub = Layer(connection: server.connection)
        Transaction.begin()
        Transaction.disableActions = true
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        layer.position = Point(x: 50, y: 25)
        try layer.addSublayer(sub)
        sub.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        Transaction.commit()
        _ = try server.drain()

        #expect(layer.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(sub.position == Point(x: 20, y: 20))
        #expect(sub.bounds.size == Size(width: 20, height: 20))
        #expect(try layer.value(forKeyPath: "bounds.size.width") == .number(100))
        #expect(layer.hitTest(Point(x: 25, y: 25)) === sub)
        #expect(layer.hitTest(Point(x: 75, y: 40)) === layer)
        #expect(sub.convert(Point(x: 0, y: 0), to: layer) == Point(x: 10, y: 10))
        #expect(layer.sublayers.first === sub)
        #expect(try server.drain().isEmpty)
    }
}
