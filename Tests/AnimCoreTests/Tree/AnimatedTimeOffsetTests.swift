import Testing

@testable import AnimCore

/// A layer's `timeOffset` animates on its parent's time (docs/core-animation-rules.md#parent-time-to-local-time):
/// with speed 0 its local time is the animated offset, so its sublayers' animations follow the offset's curve.
@Suite("An animated timeOffset, on the parent's time")
struct AnimatedTimeOffsetTests {
    private func id(_ n: UInt32) -> LayerID { TreeFixture.id(n) }

    /// Root 1 paused (speed 0, timeOffset 0) whose timeOffset runs 0 → 1 from absolute 10 to 11 with easeIn (fill
    /// forwards); child 2 fades 0 → 1 linearly over its local 0…1.
    private func pausedTreeWithARamp() throws -> LayerTree {
        var tree = LayerTree()
        var paused = LayerState()
        paused.timing = MediaTiming(speed: 0)
        try tree.build(1, paused)
        try tree.build(2, LayerState(), in: 1)
        var rampTiming = MediaTiming(beginTime: 10, duration: 1)
        rampTiming.fillMode = .forwards
        let ramp = try AttachedAnimation(
            key: "ramp",
            animation: basic("timeOffset", from: .number(0), to: .number(1), timing: rampTiming, function: .easeIn),
            layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
        let fade = try AttachedAnimation(
            key: "fade", animation: basic("opacity", from: .number(0), to: .number(1)), layerClass: .layer,
            context: AttachedAnimation.Context(attachTime: 0))
        try tree.updateAnimations(of: id(1)) { $0.add(ramp, at: 0) }
        try tree.updateAnimations(of: id(2)) { $0.add(fade, at: 0) }
        return tree
    }

    @Test func aPausedLayerWithAnAnimatedTimeOffsetGivesItsSublayersTheCurvesTime() throws {
        let tree = try pausedTreeWithARamp()
        let quarter = TimingFunction.easeIn.evaluate(0.25)
        // easeIn at 25 % of the ramp is well below 25 %: the curve, not a constant speed.
        #expect(quarter > 0.05 && quarter < 0.15)
        #expect(close(try tree.localTime(of: id(2), fromAbsolute: 10.25), quarter, 1e-9))
        #expect(close(try tree.localTime(of: id(1), fromAbsolute: 10.25), quarter, 1e-9))
        #expect(try tree.parentTime(of: id(2), fromAbsolute: 10.25) == tree.localTime(of: id(1), fromAbsolute: 10.25))
        let states = tree.presentationStates(atAbsoluteTime: 10.25)
        #expect(close(try #require(states[id(2)]).opacity, quarter, 1e-9))
        // The presented timing is the one the layer runs on; the model keeps its own.
        #expect(close(try #require(states[id(1)]).timing.timeOffset, quarter, 1e-9))
        #expect(tree.node(id(1))?.state.timing.timeOffset == 0)
        #expect(close(tree.layerTimes(atAbsoluteTime: 10.75)[id(2)] ?? -1, TimingFunction.easeIn.evaluate(0.75), 1e-9))
        // Before the ramp the model's offset holds; after it, its fill.
        #expect(try tree.localTime(of: id(2), fromAbsolute: 9) == 0)
        #expect(try tree.localTime(of: id(2), fromAbsolute: 12) == 1)
    }

    @Test func convertTimeGoesDownThroughTheAnimatedOffsetAndNotBackUp() throws {
        let tree = try pausedTreeWithARamp()
        let quarter = TimingFunction.easeIn.evaluate(0.25)
        #expect(close(try #require(try tree.convertTime(10.25, from: nil, to: id(2))), quarter, 1e-9))
        // Up through the layer whose offset animates, no single time maps back.
        #expect(try tree.convertTime(0.5, from: id(1), to: nil) == nil)
        #expect(try tree.convertTime(0.5, from: id(2), to: nil) == nil)
        // Below it, conversions do not pass through it.
        #expect(try tree.convertTime(0.5, from: id(2), to: id(1)) == 0.5)
    }

    @Test func theOffsetsOwnEventsComeAtExactParentTimesTheSublayersAtFrameTimes() throws {
        var tree = try pausedTreeWithARamp()
        let first = tree.advanceAnimations(toAbsoluteTime: 5)
        #expect(first.map(\.0) == [id(2)])
        #expect(first.map(\.1.kind) == [.didStart])
        // The frame at 10.5: the ramp began at parent (absolute) time 10, reported on that time.
        let started = tree.advanceAnimations(toAbsoluteTime: 10.5)
        #expect(started.map(\.0) == [id(1)])
        #expect(started.map(\.1.kind) == [.didStart])
        #expect(started[0].1.isOnParentTime && started[0].1.localTime == 10)
        #expect(tree.absoluteTime(of: started[0].1, on: id(1), at: 10.5) == 10)
        // The frame at 11.25: the ramp ended at 11 exactly; the fade (local 1, reached at 11 too) under the paused
        // layer comes at the frame time at which it was found, after the ramp.
        let stopped = tree.advanceAnimations(toAbsoluteTime: 11.25)
        #expect(stopped.map(\.0) == [id(1), id(2)])
        #expect(stopped.map(\.1.kind) == [.didStop(finished: true), .didStop(finished: true)])
        #expect(tree.absoluteTime(of: stopped[0].1, on: id(1), at: 11.25) == 11)
        #expect(tree.absoluteTime(of: stopped[1].1, on: id(2), at: 11.25) == 11.25)
        // Removed on completion, the ramp leaves the layer on its model timing again (its fill was the model value).
        #expect(try !tree.animations(of: id(1)).animatesTiming)
        #expect(try tree.localTime(of: id(2), fromAbsolute: 12) == 0)
    }

    @Test func aTimeOffsetAnimationInsideAGroupIsRefused() throws {
        let group = Animation(
            .group(AnimationGroup(animations: [basic("timeOffset", from: .number(0), to: .number(1))])),
            timing: MediaTiming(duration: 1))
        #expect(
            throws: AnimCoreError.invalid(
                field: "kind.group.animations[0]",
                reason: "timeOffset animates on the layer's parent time, so not inside a group")
        ) {
            try AttachedAnimation(
                key: nil, animation: group, layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
        }
    }

    /// `animctl eval`'s timeline runs a layer's timeOffset animation on the parent times it is given.
    @Test func aSceneTimelineRunsTheTimeOffsetAnimationOnTheParentTime() throws {
        var paused = LayerState()
        paused.timing = MediaTiming(speed: 0)
        let document = SceneDocument(
            layer: paused,
            animations: [
                .init(
                    key: "ramp",
                    animation: basic(
                        "timeOffset", from: .number(0), to: .number(1), timing: MediaTiming(beginTime: 10, duration: 1),
                        function: .easeIn)),
                .init(key: "fade", animation: basic("opacity", from: .number(0), to: .number(1))),
            ])
        var timeline = try SceneTimeline(document)
        let quarter = TimingFunction.easeIn.evaluate(0.25)
        let layerTime = timeline.layerTime(fromParent: 10.25)
        #expect(close(layerTime, quarter, 1e-9))
        let sample = timeline.advance(to: layerTime, parentTime: 10.25)
        #expect(close(sample.presentation.opacity, quarter, 1e-9))
        #expect(close(sample.presentation.timing.timeOffset, quarter, 1e-9))
        #expect(sample.events.contains { $0.key == "ramp" && $0.kind == .didStart && $0.isOnParentTime })
    }
}
