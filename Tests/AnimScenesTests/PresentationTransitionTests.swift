import AnimCore
import AnimKit
import AnimScenes
import AnimTestSupport
import Testing

/// Presentations and dismissals against the real daemon with a manual clock: values at exact times, the lifecycle
/// order, the presentation controller's dimming layer.
@Suite struct PresentationTransitionTests {
    @Test func theDefaultCoverVerticalPresentsAndDismissesAtExactTimes() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        try f.run { try f.window.setRootScene(home) }
        #expect(f.log.all == ["A willAppear", "A didAppear"])
        f.log.clear()

        try f.run { try f.window.present(detail, animated: true) }
        #expect(f.log.all == ["A willDisappear", "B willAppear"])
        #expect(detail.presentingScene === home && home.presentedScene === detail)
        // Cover vertical: 0.5 s ease-in-ease-out from one container height below (y 180) to y 60.
        #expect(abs(try detail.layer.presentation(at: 1.25).position.y - 120) < 1e-6)
        #expect(try detail.layer.presentation(at: 1).position.y == 180)
        #expect(detail.layer.position == Point(x: 80, y: 60))
        try f.moveClock(to: 1.499)
        #expect(f.log.all == ["A willDisappear", "B willAppear"])
        #expect(home.layer.superlayer === f.window.containerLayer)
        try f.moveClock(to: 1.5)
        #expect(f.log.all == ["A willDisappear", "B willAppear", "A didDisappear", "B didAppear"])
        // Full screen: the presenter's layer leaves the container once covered.
        #expect(home.isLayerOffstage)
        #expect(f.window.topScene === detail)
        f.log.clear()

        try f.run { try detail.dismiss(animated: true) }
        #expect(f.log.all == ["B willDisappear", "A willAppear"])
        #expect(home.layer.superlayer === f.window.containerLayer)
        #expect(abs(try detail.layer.presentation(at: 1.75).position.y - 120) < 1e-6)
        try f.moveClock(to: 2)
        #expect(f.log.all == ["B willDisappear", "A willAppear", "B didDisappear", "A didAppear"])
        #expect(detail.isLayerOffstage)
        #expect(detail.presentingScene == nil && home.presentedScene == nil)
        #expect(f.window.topScene === home)
    }

    @Test func aCustomAnimatorRunsWithItsDurationAndHearsTheEnd() throws {
        let f = try SceneFixture(start: 2)
        let home = f.scene("A")
        let detail = f.scene("B")
        let transitions = TestTransitions()
        let animator = LinearAnimator(duration: 1)
        transitions.animator = animator
        detail.transitioningDelegate = transitions
        f.keep(transitions)
        detail.modalPresentationStyle = .overFullScreen
        try f.run { try f.window.setRootScene(home) }
        f.log.clear()
        let completed = LifecycleLog()
        try f.run { try f.window.present(detail) { completed.append("completion") } }
        // overFullScreen: the presenter gets no lifecycle calls and keeps its layer.
        #expect(f.log.all == ["B willAppear"])
        #expect(abs(try detail.layer.presentation(at: 2.4).position.x - 32) < 1e-9)
        #expect(abs(try home.layer.presentation(at: 2.4).opacity - 0.6) < 1e-9)
        try f.moveClock(to: 3)
        #expect(f.log.all == ["B willAppear", "B didAppear"])
        #expect(completed.all == ["completion"])
        #expect(animator.endings == [true])
        #expect(home.layer.superlayer === f.window.containerLayer)
    }

    @Test func theLayoutHookPlacesThePresentedLayerAndRunsAgainWhenTheWindowsBoundsChange() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        let transitions = TestTransitions()
        let made = Box<LowerHalfPresentationController>()
        transitions.presentationController = { presented, presenting in
            let controller = LowerHalfPresentationController(presentedScene: presented, presenting: presenting)
            made.value = controller
            return controller
        }
        detail.transitioningDelegate = transitions
        f.keep(transitions)
        detail.modalPresentationStyle = .custom
        try f.run { try f.window.setRootScene(home) }
        try f.run { try f.window.present(detail, animated: false) }
        let controller = try #require(made.value)
        #expect(detail.layer.frame == Rect(x: 0, y: 60, width: 160, height: 60))
        #expect(controller.calls.all == ["willLayout", "didLayout 160.0"])
        // Custom presentations keep the presenter's layer.
        #expect(home.layer.superlayer === f.window.containerLayer)

        try f.run { f.window.bounds = Rect(x: 0, y: 0, width: 200, height: 100) }
        #expect(controller.calls.all == ["willLayout", "didLayout 160.0", "willLayout", "didLayout 200.0"])
        #expect(detail.layer.frame == Rect(x: 0, y: 50, width: 200, height: 50))
        #expect(controller.dimmingLayer.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(home.layer.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(try detail.layer.presentation().position == Point(x: 100, y: 75))
    }

    @Test func aWindowOfTheConnectionFillsTheDisplayUnderItsRootLayer() throws {
        let f = try SceneFixture(start: 1)
        let client = f.client
        let display = try #require(client.display)
        #expect(display.bounds.size.width > 0 && display.bounds.size.height > 0)
        let window = f.queue.sync { SceneWindow(connection: client) }
        try client.sync()
        #expect(window.rootLayer.superlayer === client.rootLayer)
        #expect(window.bounds == Rect(origin: Point(x: 0, y: 0), size: display.bounds.size))
        #expect(window.containerLayer.bounds.size == display.bounds.size)
        let shown = try window.containerLayer.presentation()
        #expect(shown.bounds.size == display.bounds.size)
    }

    @Test func theDimmingLayerFadesInAlongsideThePresentationAndOutAlongsideTheDismissal() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        let transitions = TestTransitions()
        transitions.animator = LinearAnimator(duration: 1)
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
        try f.run { try f.window.present(detail) }
        let dimming = try #require(made.value).dimmingLayer
        #expect(dimming.superlayer === f.window.containerLayer)
        #expect(dimming.frame == Rect(x: 0, y: 0, width: 160, height: 120))
        // Alongside: the same start and duration as the animator (1 s), linear.
        #expect(abs(try dimming.presentation(at: 1.25).opacity - 0.25) < 1e-9)
        #expect(abs(try dimming.presentation(at: 1.5).opacity - 0.5) < 1e-9)
        try f.moveClock(to: 2)
        #expect(try dimming.presentation().opacity == 1)
        #expect(home.layer.superlayer === f.window.containerLayer)

        try f.run { try f.window.dismiss() }
        #expect(abs(try dimming.presentation(at: 2.75).opacity - 0.25) < 1e-9)
        try f.moveClock(to: 3)
        #expect(dimming.superlayer?.isHidden == true && dimming.superlayer !== f.window.containerLayer)
        #expect(detail.isLayerOffstage)
    }
}

/// A dimming controller that puts the presented layer in the lower half of the container and logs its layout hook.
final class LowerHalfPresentationController: DimmingPresentationController, @unchecked Sendable {
    let calls = LifecycleLog()

    override var frameOfPresentedLayerInContainer: Rect {
        guard let bounds = containerLayer?.bounds else { return .zero }
        return Rect(x: 0, y: bounds.size.height / 2, width: bounds.size.width, height: bounds.size.height / 2)
    }

    override func containerLayerWillLayoutSublayers() {
        super.containerLayerWillLayoutSublayers()
        calls.append("willLayout")
    }

    override func containerLayerDidLayoutSublayers() {
        calls.append("didLayout \(presentedLayer.frame.size.width)")
    }
}

/// A reference filled in from a closure.
final class Box<T>: @unchecked Sendable {
    var value: T?
}
