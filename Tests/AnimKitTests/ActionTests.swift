import AnimCore
import AnimKit
import AnimProtocol
import Testing

final class NullDelegate: LayerDelegate {
    func action(for layer: Layer, forKey event: String) -> (any Action)? { NullAction.shared }
}

final class SilentDelegate: LayerDelegate {
    func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
}

/// Action lookup (docs/core-animation-rules.md#action-lookup, vector 16): delegate, then `actions`, then `style`, then
/// the class default.
@Suite struct ActionTests {
    static func committedLayer(_ server: FakeServer) throws -> Layer {
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        return layer
    }

    static func changeOpacity(_ layer: Layer) {
        Transaction.begin()
        layer.opacity = 0.25
        Transaction.commit()
    }

    static let opacityChange = WireOperation.setProperty(
        WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.25)))

    @Test func aDelegateAnsweringNullDisablesTheAnimationEvenWithAnActionsEntry() throws {
        let server = try FakeServer()
        let layer = try Self.committedLayer(server)
        let delegate = NullDelegate()
        layer.delegate = delegate
        layer.actions = ["opacity": BasicAnimation(keyPath: "opacity", from: .number(1))]
        Self.changeOpacity(layer)
        #expect(try server.commitOperations() == [Self.opacityChange])
    }

    @Test func aDelegateAnsweringNilFallsThroughToActions() throws {
        let server = try FakeServer()
        let layer = try Self.committedLayer(server)
        let delegate = SilentDelegate()
        layer.delegate = delegate
        let custom = BasicAnimation(keyPath: "opacity", from: .number(1))
        custom.duration = 3
        layer.actions = ["opacity": custom]
        Self.changeOpacity(layer)
        let expected = AnimCore.Animation(
            .basic(AnimCore.BasicAnimation(keyPath: AnimKeyPath(property: .opacity), fromValue: .number(1))),
            timing: MediaTiming(duration: 3))
        #expect(
            try server.commitOperations() == [
                Self.opacityChange,
                .addAnimation(
                    WireAddAnimation(
                        layer: 1, animationID: 1, key: "opacity", completion: 0, transactionDuration: 0.25,
                        animation: expected.wire)),
            ])
    }

    @Test func aNullActionsEntryStopsBeforeTheStyleAndTheDefault() throws {
        let server = try FakeServer()
        let layer = try Self.committedLayer(server)
        layer.actions = ["opacity": NullAction.shared]
        layer.style = LayerStyle(actions: ["opacity": BasicAnimation(keyPath: "opacity")])
        Self.changeOpacity(layer)
        #expect(try server.commitOperations() == [Self.opacityChange])
    }

    @Test func aNestedStyleActionIsFound() throws {
        let server = try FakeServer()
        let layer = try Self.committedLayer(server)
        let styled = BasicAnimation(keyPath: "opacity", to: .number(0))
        layer.style = LayerStyle(style: LayerStyle(actions: ["opacity": styled]))
        Self.changeOpacity(layer)
        let ops = try server.commitOperations()
        #expect(ops.count == 2)
        guard case .addAnimation(let add) = ops.last, case .basic(let basic) = add.animation.kind else {
            Issue.record("expected a basic animation, got \(ops)")
            return
        }
        #expect(basic.toValue == .number(0))
    }

    @Test func theClassDefaultIsABasicAnimationWithTheTransactionsDuration() throws {
        let action = try #require(Layer.defaultAction(forKey: "position") as? AnimKit.BasicAnimation)
        #expect(action.keyPath == "position")
        #expect(action.duration == 0.25)
        #expect(action.fromValue == nil && action.toValue == nil && action.byValue == nil)
        #expect(action.timingFunction == .default)
        #expect(Layer.defaultAction(forKey: "onOrderIn") == nil)
        #expect(ShapeLayer.defaultAction(forKey: "path") == nil)
        #expect(ShapeLayer.defaultAction(forKey: "strokeEnd") != nil)
        #expect(Layer.defaultAction(forKey: "strokeEnd") == nil)
    }
}
