import Testing

@testable import AnimCore

@Suite("Layer time and the presentation of a whole tree")
struct LayerTimeTests {
    private func id(_ n: UInt32) -> LayerID { TreeFixture.id(n) }

    private func layer(_ timing: MediaTiming) -> LayerState {
        var s = LayerState()
        s.timing = timing
        return s
    }

    /// Reference vector 1 (docs/core-animation-rules.md#reference-vectors) one level down: parent 1 with beginTime 1
    /// turns absolute 4 into parent time 3; child 2 (beginTime 2, speed 2, timeOffset 0.5) then has local time
    /// (3 − 2)·2 + 0.5 = 2.5.
    @Test func vectorOneThroughATwoLevelTree() throws {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming(beginTime: 1)))
        try tree.build(2, layer(MediaTiming(beginTime: 2, speed: 2, timeOffset: 0.5)), in: 1)
        #expect(
            try tree.timeChain(of: id(2)) == [
                MediaTiming(beginTime: 1), MediaTiming(beginTime: 2, speed: 2, timeOffset: 0.5),
            ])
        #expect(try tree.localTime(of: id(2), fromAbsolute: 4) == 2.5)
        #expect(try tree.convertTime(4, from: nil, to: id(2)) == 2.5)
        #expect(try tree.convertTime(3, from: id(1), to: id(2)) == 2.5)
        #expect(try tree.convertTime(2.5, from: id(2), to: id(1)) == 3)
        #expect(try tree.convertTime(2.5, from: id(2), to: nil) == 4)
        #expect(try tree.convertTime(7, from: nil, to: nil) == 7)
    }

    /// Reference vector 2 (docs/core-animation-rules.md#reference-vectors): raising a layer's beginTime from 0 to 5
    /// lowers `convertTime(now, from: nil)` by 5.
    @Test func vectorTwoBeginTimeShift() throws {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming()))
        try tree.build(2, layer(MediaTiming()), in: 1)
        let now = 7206.88
        let before = try #require(try tree.convertTime(now, from: nil, to: id(2)))
        #expect(before == now)
        try tree.updateState(of: id(2)) { $0.timing.beginTime = 5 }
        #expect(TreeFixture.near(try tree.convertTime(now, from: nil, to: id(2)), 7201.88))
    }

    @Test func siblingsConvertThroughTheirCommonAncestor() throws {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming(speed: 0, timeOffset: 50)))
        try tree.build(2, layer(MediaTiming(beginTime: 1)), in: 1)
        try tree.build(3, layer(MediaTiming(speed: 2)), in: 1)
        // The paused root is shared, so it does not block the conversion: 2's time 10 is 1's time 11,
        // which is 3's time 22.
        #expect(try tree.convertTime(10, from: id(2), to: id(3)) == 22)
        // Up through the paused root to absolute time there is no answer.
        #expect(try tree.convertTime(10, from: id(2), to: nil) == nil)
        #expect(try tree.convertTime(1000, from: nil, to: id(2)) == 49)
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.convertTime(0, from: id(9), to: nil) }
    }

    @Test func aMaskRunsOnTheTimeOfTheLayerItMasks() throws {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming(speed: 2)))
        try tree.build(2, layer(MediaTiming(beginTime: 1)))
        try tree.setMask(id(2), of: id(1))
        #expect(try tree.localTime(of: id(2), fromAbsolute: 3) == 5)
        #expect(tree.layerTimes(atAbsoluteTime: 3) == [id(1): 6, id(2): 5])
    }

    private func fade(_ duration: Double = 1) throws -> AttachedAnimation {
        try AttachedAnimation(
            key: "fade",
            animation: basic("opacity", from: .number(0), to: .number(1), timing: MediaTiming(duration: duration)),
            layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
    }

    /// Root 1 runs at speed 2 with child 2; root 3 runs at speed 1. 2 and 3 carry the same 1 s fade.
    private func fadingTree() throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming(speed: 2)))
        try tree.build(2, layer(MediaTiming()), in: 1)
        try tree.build(3, layer(MediaTiming()))
        let animation = try fade()
        try tree.updateAnimations(of: id(2)) { $0.add(animation, at: 0) }
        try tree.updateAnimations(of: id(3)) { $0.add(animation, at: 0) }
        return tree
    }

    @Test func aParentWithSpeedTwoRunsItsChildsAnimationTwiceAsFast() throws {
        let tree = try fadingTree()
        let states = tree.presentationStates(atAbsoluteTime: 0.25)
        #expect(TreeFixture.near(states[id(2)]?.opacity, 0.5))
        #expect(TreeFixture.near(states[id(3)]?.opacity, 0.25))
        #expect(states[id(1)]?.opacity == 1)
        #expect(states.count == 3)
        // At absolute 0.5 the child's fade has ended (removed fill: the model value shows again).
        #expect(TreeFixture.near(tree.presentationStates(atAbsoluteTime: 0.5)[id(2)]?.opacity, 1))
        #expect(TreeFixture.near(tree.presentationStates(atAbsoluteTime: 0.5)[id(3)]?.opacity, 0.5))
    }

    @Test func advancingReportsEventsInAbsoluteTimeOrder() throws {
        var tree = try fadingTree()
        let started = tree.advanceAnimations(toAbsoluteTime: 0.1)
        #expect(started.map(\.0) == [id(2), id(3)])
        #expect(started.allSatisfy { $0.1.kind == .didStart })
        // At absolute 0.6 the child is at local 1.2, past its fade's end; root 3 is at 0.6.
        let childStopped = tree.advanceAnimations(toAbsoluteTime: 0.6)
        #expect(childStopped.map(\.0) == [id(2)])
        #expect(childStopped.map(\.1.kind) == [.didStop(finished: true)])
        #expect(childStopped.map(\.1.localTime) == [1])
        #expect(try tree.animations(of: id(2)).isEmpty, "removedOnCompletion drops it")
        let rootStopped = tree.advanceAnimations(toAbsoluteTime: 2)
        #expect(rootStopped.map(\.0) == [id(3)])
        #expect(tree.advanceAnimations(toAbsoluteTime: 3).isEmpty)
    }

    /// A frame takes a layer's node for changing only when one of its animations starts or ends: while they run,
    /// the node stays shared with the copy of the tree a render snapshot holds. (Copying every animated layer's
    /// node each frame cost the server's loop 13–17 ms a frame with 5,500 animations.)
    @Test func advancingWithoutEventsLeavesSharedNodesShared() throws {
        var tree = try fadingTree()
        #expect(tree.advanceAnimations(toAbsoluteTime: 0.1).count == 2)
        let snapshot = tree
        let boxes = [id(2), id(3)].map { tree.nodes.all.boxIdentity(at: tree.nodes.slot(of: $0)) }
        #expect(tree.advanceAnimations(toAbsoluteTime: 0.2).isEmpty)
        #expect([id(2), id(3)].map { tree.nodes.all.boxIdentity(at: tree.nodes.slot(of: $0)) } == boxes)
        // An event still changes this tree alone.
        #expect(tree.advanceAnimations(toAbsoluteTime: 0.6).map(\.0) == [id(2)])
        #expect(try tree.animations(of: id(2)).isEmpty)
        #expect(try snapshot.animations(of: id(2)).count == 1)
    }

    @Test func eventsOfDifferentLayersInterleaveByAbsoluteTime() throws {
        var tree = LayerTree()
        try tree.build(1, layer(MediaTiming()))
        try tree.build(2, layer(MediaTiming(speed: 4)))
        let long = try fade(1)
        try tree.updateAnimations(of: id(1)) { $0.add(long, at: 0) }
        try tree.updateAnimations(of: id(2)) { $0.add(long, at: 0) }
        // Layer 2's fade runs from absolute 0 to 0.25, layer 1's from 0 to 1.
        let events = tree.advanceAnimations(toAbsoluteTime: 5)
        #expect(events.map(\.0) == [id(1), id(2), id(2), id(1)])
        #expect(events.map(\.1.kind) == [.didStart, .didStart, .didStop(finished: true), .didStop(finished: true)])
    }
}
