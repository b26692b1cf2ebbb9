import AnimCore
import AnimKit
import AnimScenes
import AnimTestSupport
import Testing

/// Interactive transitions on the container's time (docs/core-animation-rules.md#interactive-transitions), against
/// the real daemon with a manual clock.
@Suite struct InteractiveTransitionTests {
    /// A stack A → B (B on top) whose delegate gives a 1 s linear animator and a percent-driven interaction.
    private func stackWithTwoScenes(
        _ f: SceneFixture, animator: any TransitionAnimator = LinearAnimator(duration: 1)
    ) throws -> (NavigationStack, LoggingScene, LoggingScene, PercentDrivenInteractiveTransition, TestTransitions) {
        let first = f.scene("A")
        let second = f.scene("B")
        let stack = NavigationStack(connection: f.client, rootScene: first)
        try f.run { try f.window.setRootScene(stack) }
        try f.run { try stack.push(second, animated: false) }
        let transitions = TestTransitions()
        let interaction = PercentDrivenInteractiveTransition()
        // The rest after finish or cancel runs linearly unless a test picks a curve: exact values to read.
        interaction.completionCurve = .linear
        transitions.animator = animator
        transitions.interaction = interaction
        stack.delegate = transitions
        // The delegate is held weakly, as UIKit holds it: the fixture keeps it alive.
        f.keep(transitions)
        f.log.clear()
        return (stack, first, second, interaction, transitions)
    }

    @Test func anInteractivePopShowsTheAnimatorAtThePercentAndFinishesFromThere() throws {
        let f = try SceneFixture(start: 1)
        let (stack, first, second, interaction, _) = try stackWithTwoScenes(f)
        try f.run { _ = try stack.pop() }
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        #expect(stack.layer.speed == 0)
        try f.run { interaction.update(0.3) }
        #expect(abs(try first.layer.presentation().position.x - 24) < 1e-9)
        #expect(abs(try second.layer.presentation().opacity - 0.7) < 1e-9)
        // Paused: the clock moving changes nothing.
        try f.moveClock(to: 5)
        #expect(abs(try first.layer.presentation().position.x - 24) < 1e-9)
        try f.run {
            interaction.update(0.6)
            interaction.finish()
        }
        // The rest (0.4 s) runs on the server's clock from 5.
        #expect(abs(try first.layer.presentation(at: 5.2).position.x - 64) < 1e-9)
        try f.moveClock(to: 5.399)
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        try f.moveClock(to: 5.4)
        #expect(f.log.all == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
        #expect(stack.scenes.map { $0.title } == ["A"])
        // The container's time is the window's again.
        #expect(stack.layer.speed == 1 && stack.layer.timeOffset == 0 && stack.layer.beginTime == 0)
    }

    @Test func aCancelRunsBackRestoresTheModelsAndCompletesCancelled() throws {
        let f = try SceneFixture(start: 1)
        let animator = LinearAnimator(duration: 1)
        let (stack, first, second, interaction, _) = try stackWithTwoScenes(f, animator: animator)
        let firstPosition = first.layer.position
        let heard = LifecycleLog()
        try f.run {
            _ = try stack.pop()
            stack.transitionCoordinator?.notifyWhenInteractionChanges { c in
                heard.append("interaction ended, cancelled: \(c.isCancelled)")
            }
            // Too late to animate alongside, not to hear the end.
            let animated = stack.transitionCoordinator?.animate(alongsideTransition: { _ in heard.append("late") })
            let completion = stack.transitionCoordinator?.animate(alongsideTransition: nil) { c in
                heard.append("completion, cancelled: \(c.isCancelled)")
            }
            heard.append("queued: \(animated == true), \(completion == true)")
            interaction.update(0.3)
        }
        try f.moveClock(to: 3)
        try f.run { interaction.cancel() }
        #expect(heard.all == ["queued: false, true", "interaction ended, cancelled: true"])
        // Back at the cancel's speed (1): half way back at 3.15.
        #expect(abs(try first.layer.presentation(at: 3.15).position.x - 12) < 1e-9)
        #expect(abs(try second.layer.presentation(at: 3.15).opacity - 0.85) < 1e-9)
        // It runs all the way back (at 3.3): its end, reported by the server, restores the models.
        try f.moveClock(to: 3.299)
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        #expect(abs(try first.layer.presentation().position.x - 80 * 0.001) < 1e-9)
        try f.moveClock(to: 3.3)
        #expect(
            f.log.all == [
                "B willDisappear", "A willAppear", "A willDisappear", "A didDisappear", "B willAppear",
                "B didAppear",
            ])
        // Every model value the animator changed is back, its animations are gone, and the pop did not happen.
        #expect(second.layer.opacity == 1)
        #expect(try second.layer.presentation().opacity == 1)
        #expect(first.layer.position == firstPosition)
        #expect(second.layer.animationKeys.isEmpty && first.layer.animationKeys.isEmpty)
        #expect(first.isLayerOffstage)
        #expect(stack.scenes.map { $0.title } == ["A", "B"])
        #expect(animator.endings == [false])
        #expect(
            heard.all == [
                "queued: false, true", "interaction ended, cancelled: true", "completion, cancelled: true",
            ])
        #expect(stack.layer.speed == 1 && stack.layer.timeOffset == 0 && stack.layer.beginTime == 0)
        #expect(!f.window.isTransitioning)
    }

    @Test func aCancelledInteractivePresentationLeavesThePresenterAsItWas() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        let transitions = TestTransitions()
        let animator = LinearAnimator(duration: 1)
        let interaction = PercentDrivenInteractiveTransition()
        transitions.animator = animator
        transitions.interaction = interaction
        detail.transitioningDelegate = transitions
        f.keep(transitions)
        try f.run { try f.window.setRootScene(home) }
        f.log.clear()
        try f.run {
            try f.window.present(detail)
            interaction.update(0.4)
        }
        #expect(detail.layer.superlayer === f.window.containerLayer)
        #expect(abs(try detail.layer.presentation().position.x - 32) < 1e-9)
        #expect(abs(try home.layer.presentation().opacity - 0.6) < 1e-9)
        try f.run { interaction.cancel() }
        try f.moveClock(to: 1.4)
        #expect(
            f.log.all == [
                "A willDisappear", "B willAppear", "B willDisappear", "B didDisappear", "A willAppear", "A didAppear",
            ])
        #expect(detail.isLayerOffstage)
        #expect(home.presentedScene == nil && detail.presentingScene == nil && detail.presentationController == nil)
        #expect(home.layer.opacity == 1 && home.layer.superlayer === f.window.containerLayer)
        #expect(f.window.topScene === home)
        #expect(animator.endings == [false])
        #expect(f.window.containerLayer.speed == 1 && f.window.containerLayer.timeOffset == 0)
    }

    @Test func onARunningClockTheServerReportsTheEndOfACancelAndOfAFinish() throws {
        // Nothing steps the clock: the end of the run back and of the rest come from the server's own events.
        let f = try SceneFixture(clock: "monotonic")
        let (stack, first, second, interaction, _) = try stackWithTwoScenes(f)
        try f.run {
            _ = try stack.pop()
            interaction.update(0.5)
            interaction.cancel()
        }
        #expect(eventually(timeout: 10) { f.queue.sync { !f.window.isTransitioning } })
        try f.client.sync()
        #expect(
            f.log.all == [
                "B willDisappear", "A willAppear", "A willDisappear", "A didDisappear", "B willAppear",
                "B didAppear",
            ])
        #expect(second.layer.opacity == 1 && first.isLayerOffstage)
        #expect(try second.layer.presentation().opacity == 1)
        f.log.clear()

        try f.run {
            _ = try stack.pop()
            interaction.update(0.6)
            interaction.finish()
        }
        #expect(eventually(timeout: 10) { f.queue.sync { !f.window.isTransitioning } })
        #expect(f.log.all == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
        #expect(stack.scenes.map { $0.title } == ["A"])
    }

    @Test func completionSpeedTwoHalvesTheRemainingTime() throws {
        let f = try SceneFixture(start: 1)
        let (stack, first, _, interaction, _) = try stackWithTwoScenes(f)
        interaction.completionSpeed = 2
        try f.run {
            _ = try stack.pop()
            interaction.update(0.5)
        }
        try f.moveClock(to: 2)
        try f.run { interaction.finish() }
        #expect(abs(try first.layer.presentation(at: 2.125).position.x - 60) < 1e-9)
        try f.moveClock(to: 2.249)
        #expect(stack.scenes.count == 2)
        try f.moveClock(to: 2.25)
        #expect(stack.scenes.count == 1)
    }

    @Test func finishRunsTheRestAlongTheCompletionCurve() throws {
        let f = try SceneFixture(start: 1)
        let (stack, first, second, interaction, _) = try stackWithTwoScenes(f)
        interaction.completionCurve = .easeIn
        try f.run {
            _ = try stack.pop()
            interaction.update(0.5)
        }
        try f.moveClock(to: 2)
        try f.run { interaction.finish() }
        // The rest (0.5 s from 2) follows easeIn: at 25 % of it the animator shows 50 % + 50 % × easeIn(0.25).
        let shown = 0.5 + 0.5 * TimingFunction.easeIn.evaluate(0.25)
        #expect(abs(try first.layer.presentation(at: 2.125).position.x - 80 * shown) < 1e-9)
        #expect(abs(try second.layer.presentation(at: 2.125).opacity - (1 - shown)) < 1e-9)
        // Not the constant speed of before (62.5 %, x = 50).
        #expect(abs(80 * shown - 50) > 5)
        try f.moveClock(to: 2.499)
        #expect(stack.scenes.count == 2)
        try f.moveClock(to: 2.5)
        #expect(stack.scenes.map { $0.title } == ["A"])
        #expect(f.log.all == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
        #expect(stack.layer.speed == 1 && stack.layer.timeOffset == 0 && stack.layer.beginTime == 0)
        #expect(stack.layer.animationKeys.isEmpty)
    }

    @Test func cancelRunsBackAlongTheCompletionCurveAndRestoresTheModels() throws {
        let f = try SceneFixture(start: 1)
        let (stack, first, second, interaction, _) = try stackWithTwoScenes(f)
        let firstPosition = first.layer.position
        interaction.completionCurve = .easeOut
        try f.run {
            _ = try stack.pop()
            interaction.update(0.4)
        }
        try f.moveClock(to: 2)
        try f.run { interaction.cancel() }
        // Back over 0.4 s from 2 along easeOut: at 25 % of it the animator shows 40 % × (1 − easeOut(0.25)).
        let shown = 0.4 * (1 - TimingFunction.easeOut.evaluate(0.25))
        #expect(abs(try first.layer.presentation(at: 2.1).position.x - 80 * shown) < 1e-9)
        #expect(abs(try second.layer.presentation(at: 2.1).opacity - (1 - shown)) < 1e-9)
        // Not the constant speed of before (30 %, x = 24).
        #expect(abs(80 * shown - 24) > 3)
        try f.moveClock(to: 2.399)
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        #expect(try first.layer.presentation().position.x > 0)
        try f.moveClock(to: 2.4)
        #expect(
            f.log.all == [
                "B willDisappear", "A willAppear", "A willDisappear", "A didDisappear", "B willAppear",
                "B didAppear",
            ])
        #expect(second.layer.opacity == 1)
        #expect(try second.layer.presentation().opacity == 1)
        #expect(first.layer.position == firstPosition && first.isLayerOffstage)
        #expect(second.layer.animationKeys.isEmpty && first.layer.animationKeys.isEmpty)
        #expect(stack.scenes.map { $0.title } == ["A", "B"])
        #expect(stack.layer.speed == 1 && stack.layer.timeOffset == 0 && stack.layer.beginTime == 0)
        #expect(stack.layer.animationKeys.isEmpty)
    }

    @Test func springsAndKeyframesShowTheirValueAtThePercentOfTheDuration() throws {
        let f = try SceneFixture(start: 1)
        let reference = try f.run {
            let layer = AnimKit.Layer(connection: f.client)
            Transaction.begin()
            try f.window.rootLayer.addSublayer(layer)
            Transaction.commit()
            return layer
        }
        let animator = SpringAndKeyframeAnimator(reference: reference)
        let (stack, first, _, interaction, _) = try stackWithTwoScenes(f, animator: animator)
        try f.run {
            _ = try stack.pop()
            interaction.update(0.3)
        }
        // The reference runs the same animations unpaused from 1: at 1.3 it shows what 30 % shows (asked before the
        // clock moves on and its animations end).
        let expected = try reference.presentation(at: 1.3)
        try f.moveClock(to: 4)
        let scrubbed = try first.layer.presentation()
        #expect(abs(scrubbed.position.x - expected.position.x) < 1e-9)
        #expect(abs(scrubbed.opacity - expected.opacity) < 1e-9)
        // Not trivially the end points: the spring is under way (overshooting) and the keyframes past their first
        // segment.
        #expect(expected.position.x > 10 && abs(expected.position.x - 160) > 1)
        #expect(abs(expected.opacity - (1 - 0.5 * 0.05 / 0.75)) < 1e-9)
    }

    @Test func theDimmingLayerTracksAnInteractivePresentationAndComesBackOnCancel() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        let transitions = TestTransitions()
        transitions.animator = LinearAnimator(duration: 1)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        let made = Box<DimmingPresentationController>()
        transitions.presentationController = { presented, presenting in
            let controller = DimmingPresentationController(presentedScene: presented, presenting: presenting)
            made.value = controller
            return controller
        }
        detail.transitioningDelegate = transitions
        f.keep(transitions)
        detail.modalPresentationStyle = .custom
        try f.run { try f.window.setRootScene(home) }
        try f.run { try f.window.present(detail, animated: false) }
        let dimming = try #require(made.value).dimmingLayer
        #expect(dimming.opacity == 1)

        transitions.interaction = interaction
        try f.run {
            try detail.dismiss()
            interaction.update(0.3)
        }
        #expect(abs(try dimming.presentation().opacity - 0.7) < 1e-9)
        try f.moveClock(to: 2)
        try f.run { interaction.cancel() }
        #expect(abs(try dimming.presentation(at: 2.15).opacity - 0.85) < 1e-9)
        try f.moveClock(to: 2.3)
        #expect(dimming.opacity == 1)
        #expect(try dimming.presentation().opacity == 1)
        #expect(dimming.superlayer === f.window.containerLayer)
        #expect(detail.presentingScene === home)

        // Finished this time: it fades out and leaves.
        try f.run {
            try detail.dismiss()
            interaction.update(0.6)
            interaction.finish()
        }
        #expect(abs(try dimming.presentation(at: 2.5).opacity - 0.2) < 1e-9)
        try f.moveClock(to: 2.7)
        #expect(dimming.superlayer?.isHidden == true && dimming.superlayer !== f.window.containerLayer)
        #expect(home.presentedScene == nil)
    }
}

/// A spring on position.x (0 → 160) and keyframes on opacity (0, 1, 0.5 at 0, 0.25, 1) on the incoming layer, and the
/// same on `reference`, which lies outside the container.
final class SpringAndKeyframeAnimator: TransitionAnimator, @unchecked Sendable {
    let reference: AnimKit.Layer

    init(reference: AnimKit.Layer) { self.reference = reference }

    func transitionDuration(using context: TransitionContext?) -> Double { 1 }

    func animateTransition(using context: TransitionContext) {
        let to = context.scene(forKey: .to).layer
        Transaction.begin()
        Transaction.setCompletionBlock { context.completeTransition(!context.transitionWasCancelled) }
        for layer in [to, reference] {
            let spring = SpringAnimation(keyPath: "position.x", perceptualDuration: 0.5, bounce: 0.3)
            spring.fromValue = .number(0)
            spring.toValue = .number(160)
            try? layer.add(spring, forKey: "spring")
            let keyframes = KeyframeAnimation(
                keyPath: "opacity", values: [.number(0), .number(1), .number(0.5)], keyTimes: [0, 0.25, 1])
            keyframes.duration = 1
            try? layer.add(keyframes, forKey: "keyframes")
        }
        Transaction.commit()
    }
}
