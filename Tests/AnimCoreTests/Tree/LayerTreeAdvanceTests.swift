import Testing

@testable import AnimCore

@Suite("Advancing only the layers known to animate")
struct LayerTreeAdvanceTests {
    private func id(_ n: UInt32) -> LayerID { LayerID(n) }

    private func fade(_ key: String, duration: Double, begin: Double = 0) throws -> AttachedAnimation {
        try AttachedAnimation(
            key: key,
            animation: basic(
                "opacity", from: .number(0), to: .number(1), timing: MediaTiming(beginTime: begin, duration: duration)),
            layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
    }

    /// Root 1 at speed 2 ⊃ 2 ⊃ 3, 4 masks 1 (offset in time), 5 a root; animations on 2, 3, 4 and 5.
    private func scene() throws -> LayerTree {
        var tree = LayerTree()
        var fast = LayerState(layerClass: .layer)
        fast.timing = MediaTiming(speed: 2)
        var late = LayerState(layerClass: .layer)
        late.timing = MediaTiming(beginTime: 0.25)
        try tree.insert(id(1), state: fast)
        try tree.insert(id(2), state: LayerState(layerClass: .layer))
        try tree.insert(id(3), state: late)
        try tree.insert(id(4), state: late)
        try tree.insert(id(5), state: LayerState(layerClass: .layer))
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        try tree.setMask(id(4), of: id(1))
        for (n, duration) in [(2, 1.0), (3, 0.5), (4, 2.0), (5, 0.75)] {
            let animation = try fade("f\(n)", duration: duration)
            try tree.updateAnimations(of: id(UInt32(n))) { $0.add(animation, at: 0) }
        }
        let later = try fade("later", duration: 1, begin: 0.5)
        try tree.updateAnimations(of: id(5)) { $0.add(later, at: 0) }
        return tree
    }

    @Test func theSameEventsInTheSameOrderAsAdvancingEveryLayer() throws {
        var all = try scene()
        var some = all
        // A superset with unknown ids and layers without animations, in no particular order.
        let candidates = [id(5), id(9), id(1), id(3), id(4), id(2)]
        var seen = 0
        for t in [0.0, 0.2, 0.3, 0.6, 1.0, 1.4, 3.0] {
            let expected = all.advanceAnimations(toAbsoluteTime: t)
            let got = some.advanceAnimations(of: candidates, toAbsoluteTime: t)
            #expect(got.map(\.0) == expected.map(\.0))
            #expect(got.map { "\($0.1)" } == expected.map { "\($0.1)" })
            seen += expected.count
        }
        #expect(seen == 10)  // five starts and five stops
        #expect(TreePrint(all) == TreePrint(some))
    }
}
