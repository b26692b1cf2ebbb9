import AnimCore
import AnimKit
import AnimScenes
import AnimTestSupport
import Testing

/// Pushes and pops in a navigation stack against the real daemon with a manual clock.
@Suite struct NavigationTransitionTests {
    @Test func pushAndPopSlideAsUIKitsNavigationAtExactTimes() throws {
        let f = try SceneFixture(start: 1)
        let first = f.scene("A")
        let second = f.scene("B")
        let stack = NavigationStack(connection: f.client, rootScene: first)
        try f.run { try f.window.setRootScene(stack) }
        #expect(f.log.all == ["A willAppear", "A didAppear"])
        #expect(first.layer.frame == Rect(x: 0, y: 0, width: 160, height: 120))
        f.log.clear()

        try f.run { try stack.push(second) }
        #expect(f.log.all == ["A willDisappear", "B willAppear"])
        #expect(second.navigationStack === stack)
        // 0.35 s ease-in-ease-out: half way at 0.175 s. B comes from the right edge (x 80 + 160), A leaves by a third.
        #expect(abs(try second.layer.presentation(at: 1.175).position.x - 160) < 1e-6)
        #expect(abs(try first.layer.presentation(at: 1.175).position.x - (80 - 160.0 / 6)) < 1e-6)
        try f.moveClock(to: 1.35)
        #expect(f.log.all == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
        #expect(stack.scenes.map { $0.title } == ["A", "B"])
        #expect(first.isLayerOffstage)
        #expect(try second.layer.presentation().position.x == 80)
        f.log.clear()

        let popped = try f.run { try stack.pop() }
        #expect(popped === second)
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        #expect(abs(try first.layer.presentation(at: 1.525).position.x - (80 - 160.0 / 6)) < 1e-6)
        #expect(abs(try second.layer.presentation(at: 1.525).position.x - 160) < 1e-6)
        try f.moveClock(to: 1.7)
        #expect(f.log.all == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
        #expect(stack.scenes.map { $0.title } == ["A"])
        #expect(second.isLayerOffstage && second.navigationStack == nil)
        #expect(try first.layer.presentation().position.x == 80)
    }

    @Test func anIncomingSceneFindsItsStackAndAnimatesAlongsideFromWillAppear() throws {
        let f = try SceneFixture(start: 1)
        let stack = NavigationStack(connection: f.client, rootScene: f.scene("A"))
        let titled = FadingTitleScene(connection: f.client)
        try f.run { try f.window.setRootScene(stack) }
        try f.run { try stack.push(titled) }
        #expect(titled.seenInWillAppear == "stack: true, coordinator: true, queued: true")
        // Implicit, in the animator's transaction: its duration (0.35 s) and the default curve.
        let expected = TimingFunction.default.evaluate(0.5)
        #expect(abs(try titled.layer.presentation(at: 1.175).opacity - expected) < 1e-6)
        try f.moveClock(to: 1.35)
        #expect(try titled.layer.presentation().opacity == 1)
    }

    @Test func popToRootRemovesEveryScenAboveTheRoot() throws {
        let f = try SceneFixture(start: 1)
        let stack = NavigationStack(connection: f.client, rootScene: f.scene("A"))
        try f.run { try f.window.setRootScene(stack) }
        try f.run { try stack.push(f.scene("B"), animated: false) }
        try f.run { try stack.push(f.scene("C"), animated: false) }
        #expect(stack.scenes.map { $0.title } == ["A", "B", "C"])
        f.log.clear()
        let popped = try f.run { try stack.popToRoot() }
        #expect(popped.map { $0.title } == ["B", "C"])
        try f.moveClock(to: 1.35)
        #expect(stack.scenes.map { $0.title } == ["A"])
        #expect(f.log.all == ["C willDisappear", "A willAppear", "C didDisappear", "A didAppear"])
        #expect(throws: SceneTransitionError.cannotPopRoot(stack: "NavigationStack")) { try stack.pop() }
    }
}

/// Fades its layer in alongside the transition that shows it, from willAppear (a title fading in with a push).
final class FadingTitleScene: Scene, @unchecked Sendable {
    var seenInWillAppear = ""

    override func sceneDidLoad() {
        layer.opacity = 0
    }

    override func willAppear(animated: Bool) {
        let layer = self.layer
        let queued = transitionCoordinator?.animate(alongsideTransition: { _ in layer.opacity = 1 })
        seenInWillAppear =
            "stack: \(navigationStack != nil), coordinator: \(transitionCoordinator != nil), queued: \(queued == true)"
    }
}
