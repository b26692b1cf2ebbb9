import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Render snapshots: the model tree shared, presentation only for animated layers")
struct RenderSnapshotTests {
    @Test func onlyAnimatedLayersGetAPresentationStateTheOthersShowTheirModel() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.create(2), W.insert(2, into: 1), W.set(1, "opacity", .number(0.5)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 2, id: 1, key: "fade"),
            ], from: s)
        try h.frame(at: 0.25)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(Array(client.layers.presented.keys) == [LayerID(2)])
        #expect(client.layers.count == 2)
        #expect(client.layers.ids == [LayerID(1), LayerID(2)])
        #expect(client.layers[LayerID(2)]?.state.opacity == 0.25)
        #expect(client.layers.state(of: LayerID(2))?.opacity == 0.25)
        #expect(client.layers[LayerID(1)]?.state.opacity == 0.5)
        #expect(client.layers.state(of: LayerID(1))?.opacity == 0.5)
        #expect(client.layers[LayerID(3)] == nil)
        #expect(client.tree.node(LayerID(2))?.state.opacity == 1)
        // Once the animation is over and removed, nothing is evaluated.
        try h.frame(at: 2)
        #expect(h.sink.lastSnapshot?.clients.first?.layers.presented.isEmpty == true)
    }

    @Test func aSnapshotStaysAsItWasWhenLaterCommitsChangeTheScene() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.create(2), W.set(1, "opacity", .number(0.5))], from: s)
        try h.frame(at: 0)
        let kept = try #require(h.sink.lastSnapshot)
        h.commit(
            [W.set(1, "opacity", .number(0.75)), W.insert(2, into: 1), .destroyLayer(2), W.create(3)], from: s,
            transaction: 2)
        // A refused commit after it, too.
        #expect(!h.commit([W.set(1, "opacity", .number(0)), W.set(9, "opacity", .number(0))], from: s).isEmpty)
        let client = try #require(kept.clients.first)
        #expect(client.layers[LayerID(1)]?.state.opacity == 0.5)
        #expect(client.layers[LayerID(2)] != nil)
        #expect(client.layers[LayerID(3)] == nil)
        #expect(client.roots == [LayerID(1), LayerID(2)])
        try h.frame(at: 1)
        let now = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(now.layers[LayerID(1)]?.state.opacity == 0.75)
        #expect(now.roots == [LayerID(1), LayerID(3)])
    }
}
