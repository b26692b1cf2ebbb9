import AnimCore
import AnimKit

/// UIPresentationController: manages how a presented scene sits in the window's container, from the start of
/// its presentation to the end of its dismissal. Subclass it and return it from
/// `TransitioningDelegate.presentationController(forPresented:presenting:source:)` with
/// `modalPresentationStyle = .custom`.
///
/// Calls, in order: `presentationTransitionWillBegin()` (before the animator; `transitionCoordinator` is set, so
/// add decoration layers to `containerLayer` and animate them alongside), `presentationTransitionDidEnd(completed:)`;
/// later `dismissalTransitionWillBegin()`, `dismissalTransitionDidEnd(completed:)`. The layout hook
/// (`containerLayerWillLayoutSublayers`, the presented layer's frame set to `frameOfPresentedLayerInContainer`,
/// `containerLayerDidLayoutSublayers`) runs when the presentation begins and whenever the window's bounds change.
open class PresentationController: @unchecked Sendable {
    public let presentedScene: Scene
    public private(set) weak var presentingScene: Scene?
    /// The window's container layer, set before `presentationTransitionWillBegin()`.
    public internal(set) var containerLayer: Layer?

    public init(presentedScene: Scene, presenting presentingScene: Scene?) {
        self.presentedScene = presentedScene
        self.presentingScene = presentingScene
    }

    public var presentedLayer: Layer { presentedScene.layer }

    /// The coordinator of the transition running for this presentation, nil between transitions.
    public var transitionCoordinator: TransitionCoordinator? { presentedScene.transitionCoordinator }

    /// Where the presented layer goes, in the container's coordinates: the container's bounds by default.
    open var frameOfPresentedLayerInContainer: Rect { containerLayer?.bounds ?? .zero }

    /// Whether the presenter's layer leaves the container once the presentation completes (and the presenter hears
    /// willDisappear/didDisappear). False by default; the `.fullScreen` style's controller answers true.
    open var shouldRemovePresentersLayer: Bool { false }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(completed: Bool) {}

    open func containerLayerWillLayoutSublayers() {}
    open func containerLayerDidLayoutSublayers() {}

    /// Runs the layout hook: will, the presented layer's frame, did. The window calls it; call it yourself after
    /// changing what `frameOfPresentedLayerInContainer` answers.
    public func layoutContainer() {
        containerLayerWillLayoutSublayers()
        presentedLayer.frame = frameOfPresentedLayerInContainer
        containerLayerDidLayoutSublayers()
    }
}

/// The `.fullScreen` style: the presenter's layer leaves the container once covered.
final class FullScreenPresentationController: PresentationController, @unchecked Sendable {
    override var shouldRemovePresentersLayer: Bool { true }
}

/// A presentation controller that puts a dimming layer between the presenter and the presented scene: it fades in
/// alongside the presentation and out alongside the dismissal (and back on a cancel, with the transition), using
/// the transition's duration. Subclass it to place the presented layer (`frameOfPresentedLayerInContainer`).
open class DimmingPresentationController: PresentationController, @unchecked Sendable {
    /// Fills the container behind the presented layer; its opacity runs 0 → 1 (presentation) and 1 → 0 (dismissal).
    public let dimmingLayer: Layer

    public init(presentedScene: Scene, presenting presentingScene: Scene?, color: Color = Color(white: 0, alpha: 0.4)) {
        dimmingLayer = Layer(connection: presentedScene.connection)
        dimmingLayer.backgroundColor = color
        dimmingLayer.opacity = 0
        dimmingLayer.name = "dimming"
        super.init(presentedScene: presentedScene, presenting: presentingScene)
        presentedScene.offstage.take(dimmingLayer)
    }

    public override init(presentedScene: Scene, presenting presentingScene: Scene?) {
        dimmingLayer = Layer(connection: presentedScene.connection)
        dimmingLayer.backgroundColor = Color(white: 0, alpha: 0.4)
        dimmingLayer.opacity = 0
        dimmingLayer.name = "dimming"
        super.init(presentedScene: presentedScene, presenting: presentingScene)
        presentedScene.offstage.take(dimmingLayer)
    }

    open override func presentationTransitionWillBegin() {
        guard let containerLayer else { return }
        dimmingLayer.frame = containerLayer.bounds
        dimmingLayer.opacity = 0
        do {
            try containerLayer.addSublayer(dimmingLayer)
        } catch {
            log.error("the dimming layer could not join the container: \(error)")
        }
        fade(to: 1)
    }

    open override func presentationTransitionDidEnd(completed: Bool) {
        if !completed { presentedScene.offstage.take(dimmingLayer) }
    }

    open override func dismissalTransitionWillBegin() {
        fade(to: 0)
    }

    open override func dismissalTransitionDidEnd(completed: Bool) {
        if completed { presentedScene.offstage.take(dimmingLayer) }
    }

    /// Fades the dimming layer to `opacity` alongside the transition, with its duration; at once without one.
    /// The animation is explicit (from the current model value) so that it also runs on a dimming layer created in
    /// the same commit.
    private func fade(to opacity: Double) {
        let dimming = dimmingLayer
        let started = transitionCoordinator?.animate(alongsideTransition: { coordinator in
            guard coordinator.isAnimated else {
                dimming.opacity = opacity
                return
            }
            let fade = BasicAnimation(keyPath: "opacity", from: .number(dimming.opacity), to: .number(opacity))
            fade.duration = coordinator.transitionDuration
            dimming.opacity = opacity
            do {
                try dimming.add(fade, forKey: "AnimScenes.dimming")
            } catch {
                log.error("the dimming fade could not be added: \(error)")
            }
        })
        if started != true { dimmingLayer.opacity = opacity }
    }

    open override func containerLayerWillLayoutSublayers() {
        if let containerLayer { dimmingLayer.frame = containerLayer.bounds }
    }
}
