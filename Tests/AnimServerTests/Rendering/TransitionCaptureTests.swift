import AnimCore
import AnimProtocol
import AnimRender
import Testing

@testable import AnimServer

@Suite("Transitions: the old state is the subtree's presentation when the commit began")
struct TransitionCaptureTests {
    static func transition(duration: Double = 1, begin: Double = 0) -> WireAnimation {
        WireAnimation(
            timing: W.timing(begin: begin, duration: duration), timingFunction: .named(.linear),
            removedOnCompletion: true,
            kind: .transition(WireTransition(type: .push, subtype: .fromLeft, startProgress: 0, endProgress: 1)))
    }

    static func color(_ r: Double, _ g: Double, _ b: Double) -> WireValue {
        .color(WireColor(red: r, green: g, blue: b, alpha: 1))
    }

    /// Layer 1 (red) with sublayer 2 (opacity 0.8) and mask 3.
    static func scene(_ h: ServerHarness) throws -> SessionID {
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.create(2), W.create(3), W.insert(2, into: 1), W.set(1, "mask", .layer(3)),
                W.set(1, "backgroundColor", color(1, 0, 0)), W.set(2, "opacity", .number(0.8)),
            ], from: s)
        try h.frame(at: 0)
        return s
    }

    @Test func theOldSubtreeIsCapturedBeforeTheCommitsChanges() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        try h.clock.set(1)
        let replies = h.commit(
            [
                W.set(1, "backgroundColor", Self.color(0, 0, 1)), W.set(2, "opacity", .number(0.3)),
                W.create(4), W.insert(4, into: 1),
                W.add(Self.transition(), to: 1, id: 1, key: "transition"),
            ], from: s, transaction: 2)
        #expect(replies.errorReports.isEmpty)
        try h.frame(at: 1.25)
        let scene: any SceneSource = try #require(h.sink.lastSnapshot?.clients.first)
        let layer = try #require(scene.layer(LayerID(1)))
        #expect(layer.transition?.type == .push)
        #expect(layer.transition?.progress == 0.25)
        #expect(layer.state.backgroundColor == Color(red: 0, green: 0, blue: 1))
        #expect(layer.sublayers == [LayerID(2), LayerID(4)])
        let old = try #require(layer.transitionFrom)
        #expect(old.root == LayerID(1))
        #expect(Set(old.layers.keys) == [LayerID(1), LayerID(2), LayerID(3)])
        #expect(old.layers[LayerID(1)]?.state.backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(old.layers[LayerID(1)]?.sublayers == [LayerID(2)])
        #expect(old.layers[LayerID(2)]?.state.opacity == 0.8)
        #expect(old.layers.values.allSatisfy { $0.transition == nil && $0.transitionFrom == nil })
        // Once the transition is over and removed, the old state goes with it.
        try h.frame(at: 2.5)
        #expect(h.sink.lastSnapshot?.clients.first?.layer(LayerID(1))?.transitionFrom == nil)
        #expect(h.core.sessions[s]?.context.transitionCaptures.isEmpty == true)
    }

    @Test func theOldStateIsThePresentationAtTheCommitTimeNotTheModel() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        h.commit(
            [W.add(W.basic("opacity", from: .number(0), to: .number(1), duration: 2), to: 2, id: 1, key: "fade")],
            from: s, transaction: 2)
        try h.frame(at: 0)
        try h.clock.set(0.5)
        h.commit([W.add(Self.transition(), to: 1, id: 2, key: "transition")], from: s, transaction: 3)
        try h.frame(at: 0.5)
        let old = try #require(h.sink.lastSnapshot?.clients.first?.layer(LayerID(1))?.transitionFrom)
        #expect(old.layers[LayerID(2)]?.state.opacity == 0.25)
    }

    @Test func removingTheTransitionDropsTheOldState() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        h.commit([W.add(Self.transition(), to: 1, id: 1, key: "transition")], from: s, transaction: 2)
        #expect(h.core.sessions[s]?.context.transitionCaptures[LayerID(1)] != nil)
        h.commit([.removeAnimation(WireRemoveAnimation(layer: 1, key: "transition"))], from: s, transaction: 3)
        #expect(h.core.sessions[s]?.context.transitionCaptures.isEmpty == true)
        try h.frame(at: 0.5)
        #expect(h.sink.lastSnapshot?.clients.first?.layer(LayerID(1))?.transitionFrom == nil)
    }

    @Test func aRefusedCommitLeavesNoOldState() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        let replies = h.commit(
            [W.add(Self.transition(), to: 1, id: 1, key: "transition"), W.set(99, "opacity", .number(1))], from: s,
            transaction: 2)
        #expect(replies.errorReports.count == 1)
        #expect(h.core.sessions[s]?.context.transitionCaptures.isEmpty == true)
    }

    @Test func aLayerCreatedInTheSameCommitHasAnEmptyOldState() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.add(Self.transition(), to: 1, id: 1, key: "transition")], from: s)
        try h.frame(at: 0.5)
        let old = try #require(h.sink.lastSnapshot?.clients.first?.layer(LayerID(1))?.transitionFrom)
        #expect(old.root == LayerID(1))
        #expect(old.layers.isEmpty)
    }

    @Test func destroyingTheLayerDropsTheOldState() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        h.commit([W.add(Self.transition(), to: 1, id: 1, key: "transition")], from: s, transaction: 2)
        h.commit([.destroyLayer(1)], from: s, transaction: 3)
        #expect(h.core.sessions[s]?.context.transitionCaptures.isEmpty == true)
    }
}
