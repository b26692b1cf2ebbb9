import AnimCore
import AnimKit
import AnimProtocol
import Dispatch
import Foundation
import Testing

/// How a transaction's operations are gathered and framed: per thread, per connection, encoded as they are
/// recorded, and sent as exactly the frame the protocol's own encoder writes.
@Suite struct BatchTests {
    /// Every kind of operation, several value kinds, completions, and the destroyLayer of a layer released
    /// outside any transaction (sent after the transaction's own operations): the frame is the codec's.
    @Test func aCommitFrameIsWhatTheCodecWrites() throws {
        let server = try FakeServer()
        let root = Layer(connection: server.connection)
        var released: Layer? = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        let releasedID = try #require(released?.id.rawValue)
        released = nil

        Transaction.begin()
        Transaction.setCompletionBlock {}
        let child = ShapeLayer(connection: server.connection)
        try root.addSublayer(child)
        root.opacity = 0.5
        Transaction.begin()
        Transaction.disableActions = true
        root.position = Point(x: 3, y: 4)
        root.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        root.transform = Transform3D.scale(2, 2, 1)
        root.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
        root.borderColor = nil
        root.name = "a name longer than fifteen bytes"
        root.filters = []
        child.path = BezierPath.rect(Rect(x: 0, y: 0, width: 5, height: 5))
        Transaction.commit()
        try root.add(BasicAnimation(keyPath: "cornerRadius", to: .number(4)), forKey: "corner")
        root.removeAnimation(forKey: "corner")
        Transaction.commit()

        let (commit, bytes) = try server.commitFrame()
        #expect(FrameCodec.encode(.commit(commit)) == bytes)
        #expect(commit.completions.count == 1)
        #expect(
            commit.operations.map(\.caseName) == [
                "createLayer", "insertSublayer", "setProperty", "addAnimation", "setProperty", "setProperty",
                "setProperty", "setProperty", "setProperty", "setProperty", "setProperty", "setProperty",
                "addAnimation", "removeAnimation", "destroyLayer",
            ])
        #expect(commit.operations.last == .destroyLayer(releasedID))
        #expect(
            commit.operations[9]
                == .setProperty(
                    WireSetProperty(
                        layer: root.id.rawValue, keyPath: "name", value: .string("a name longer than fifteen bytes"))))
        #expect(
            commit.operations[8]
                == .setProperty(WireSetProperty(layer: root.id.rawValue, keyPath: "borderColor", value: .color(nil))))
    }

    /// Thousands of changes (well past the batch's first buffer) arrive whole and in order, and the commit
    /// after them starts from an empty batch.
    @Test func aLargeTransactionArrivesWholeAndTheNextStartsEmpty() throws {
        let server = try FakeServer()
        Transaction.begin()
        let layers = (0..<50).map { _ in Layer(connection: server.connection) }
        Transaction.commit()
        _ = try server.drain()

        Transaction.begin()
        Transaction.disableActions = true
        for step in 0..<60 {
            for (index, layer) in layers.enumerated() {
                layer.position = Point(x: Double(step), y: Double(index))
            }
        }
        Transaction.commit()
        let operations = try server.commitOperations()
        #expect(operations.count == 3000)
        #expect(
            operations.last
                == .setProperty(
                    WireSetProperty(
                        layer: layers[49].id.rawValue, keyPath: "position", value: .point(WirePoint(x: 59, y: 49))))
        )
        #expect(layers[49].position == Point(x: 59, y: 49))

        Transaction.begin()
        Transaction.disableActions = true
        layers[0].opacity = 0
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .setProperty(WireSetProperty(layer: layers[0].id.rawValue, keyPath: "opacity", value: .number(0)))
            ])
    }

    /// One transaction touching two connections in turn sends each its own operations, in order.
    @Test func eachConnectionGetsItsOwnOperationsInOrder() throws {
        let first = try FakeServer()
        let second = try FakeServer()
        Transaction.begin()
        Transaction.disableActions = true
        let a = Layer(connection: first.connection)
        let b = Layer(connection: second.connection)
        a.opacity = 0.25
        b.opacity = 0.5
        a.zPosition = 1
        Transaction.commit()
        #expect(
            try first.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.25))),
                .setProperty(WireSetProperty(layer: 1, keyPath: "zPosition", value: .number(1))),
            ])
        #expect(
            try second.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.5))),
            ])
    }

    /// Transactions are per thread: another thread's transaction neither sees this one's settings nor
    /// carries its changes, and this one's commit carries only its own.
    @Test func eachThreadHasItsOwnTransaction() throws {
        let server = try FakeServer()
        let mine = Layer(connection: server.connection)
        let theirs = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()

        Transaction.begin()
        Transaction.disableActions = true
        mine.opacity = 0.5
        let sawDisabled = Locked(true)
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            Transaction.begin()
            sawDisabled.set(Transaction.disableActions)
            Transaction.disableActions = true
            theirs.zPosition = 2
            Transaction.commit()
            done.signal()
        }
        other.start()
        done.wait()
        #expect(sawDisabled.value == false)
        #expect(
            try server.commitOperations() == [
                .setProperty(WireSetProperty(layer: theirs.id.rawValue, keyPath: "zPosition", value: .number(2)))
            ])
        Transaction.commit()
        #expect(
            try server.commitOperations() == [
                .setProperty(WireSetProperty(layer: mine.id.rawValue, keyPath: "opacity", value: .number(0.5)))
            ])
    }

    /// With actions disabled a change is checked as it is applied: a refused one throws the same error,
    /// changes nothing and sends nothing.
    @Test func aRefusedChangeWithActionsDisabledChangesAndSendsNothing() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        Transaction.begin()
        Transaction.disableActions = true
        #expect(throws: AnimKitError.invalid(.nonFinite(field: "opacity", value: .infinity))) {
            try layer.setValue(.number(.infinity), forKeyPath: "opacity")
        }
        #expect(throws: AnimKitError.invalid(.typeMismatch(field: "position", expected: "point", got: "number"))) {
            try layer.setValue(.number(1), forKeyPath: "position")
        }
        #expect(throws: AnimKitError.self) { try layer.setValue(.layer(layer.id), forKeyPath: "mask") }
        layer.position = Point(x: .nan, y: 0)
        Transaction.commit()
        #expect(try server.drain().isEmpty)
        #expect(layer.opacity == 1)
        #expect(layer.position == Point(x: 0, y: 0))
        #expect(layer.mask == nil)
    }
}

/// A value shared with another thread in a test.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }
}
