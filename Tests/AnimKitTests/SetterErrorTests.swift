import AnimCore
import AnimKit
import Dispatch
import Foundation
import Testing

/// The one rule for setters' errors, as Core Animation's: a property setter never throws; a value it refuses is
/// not applied, nothing is sent, and `errorHandler` hears `.refusedValue` naming the layer, the key path, the value
/// and why, on the delegate queue. `setValue(_:forKeyPath:)` throws the same reason instead.
@Suite struct SetterErrorTests {
    /// What the error handler received, and whether each arrived on the test's delegate queue.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(error: AnimKitError, onDelegateQueue: Bool)] = []

        func record(_ error: AnimKitError, onDelegateQueue: Bool) {
            lock.lock()
            entries.append((error, onDelegateQueue))
            lock.unlock()
        }

        var all: [(error: AnimKitError, onDelegateQueue: Bool)] {
            lock.lock()
            defer { lock.unlock() }
            return entries
        }
    }

    private func handle(_ server: FakeServer) -> Received {
        let received = Received()
        let key = server.queueKey
        server.connection.errorHandler = { error in
            received.record(error, onDelegateQueue: DispatchQueue.getSpecific(key: key) == "delegates")
        }
        return received
    }

    @Test func aNonFiniteOpacityGoesToTheErrorHandlerAndChangesNothing() throws {
        let server = try FakeServer()
        let received = handle(server)
        let layer = Layer(connection: server.connection)
        layer.opacity = 0.5
        Transaction.flush()
        _ = try server.drain()

        layer.opacity = .infinity
        Transaction.flush()
        #expect(try server.drain().isEmpty)
        #expect(layer.opacity == 0.5)
        let entries = received.all
        #expect(
            entries.map(\.error) == [
                .refusedValue(
                    layer: layer.id, keyPath: "opacity", value: .number(.infinity),
                    reason: .nonFinite(field: "opacity", value: .infinity))
            ])
        #expect(entries.map(\.onDelegateQueue) == [true])
        #expect(
            "\(entries[0].error)" == "\(layer.id).opacity = number(inf) refused: opacity: inf is not a finite number")
    }

    @Test func anOutOfRangeNumberIsReportedAndSetValueThrowsTheSameReason() throws {
        let server = try FakeServer()
        let received = handle(server)
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()

        layer.borderWidth = -1
        let reason = AnimCoreError.outOfRange(field: "borderWidth", value: -1, allowed: "≥ 0.0")
        #expect(throws: AnimKitError.invalid(reason)) { try layer.setValue(.number(-1), forKeyPath: "borderWidth") }
        Transaction.flush()
        #expect(try server.drain().isEmpty)
        #expect(layer.borderWidth == 0)
        #expect(
            received.all.map(\.error) == [
                .refusedValue(layer: layer.id, keyPath: "borderWidth", value: .number(-1), reason: reason)
            ])
    }

    @Test func aMaskFromAnotherConnectionGoesToTheErrorHandlerAndChangesNothing() throws {
        let server = try FakeServer()
        let other = try FakeServer()
        let received = handle(server)
        let layer = Layer(connection: server.connection)
        let foreign = Layer(connection: other.connection)
        Transaction.flush()
        _ = try server.drain()

        layer.mask = foreign
        Transaction.flush()
        #expect(try server.drain().isEmpty)
        #expect(layer.mask == nil)
        #expect(received.all.map(\.error) == [.foreignLayer(foreign.id, connection: other.connection.session)])
        #expect(received.all.map(\.onDelegateQueue) == [true])
    }
}
