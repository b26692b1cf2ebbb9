import AnimCore
import AnimKit

/// UIViewControllerContextTransitioning: what an animator and an interaction controller know of the running
/// transition, and how they end it. One per transition; the framework creates it.
///
/// Interactive transitions run as Core Animation runs them (docs/core-animation-rules.md#interactive-transitions):
/// the container layer's time is paused (speed 0, `timeOffset` at its local time when the transition began) before
/// the animator adds its animations, so they all begin at that local time; `updateInteractiveTransition(_:)` moves
/// `timeOffset` to begin + percent × duration and the server shows every animation (springs and keyframes
/// included) at that point of its own timing. `finishInteractiveTransition()` resumes the container's time forwards
/// at the interaction controller's `completionSpeed`; `cancelInteractiveTransition()` runs it backwards at that
/// speed to the beginning, then restores every model value the animator and the alongside animations changed,
/// removes the animations they added under a key, and calls `completeTransition(false)`.
public final class TransitionContext: @unchecked Sendable, CustomStringConvertible {
    public let kind: TransitionKind
    /// The layer the transition runs in (a window's container for presentations, a stack's layer for pushes).
    public let containerLayer: Layer
    /// False when the transition was asked for with `animated: false` (no animator runs then).
    public let isAnimated: Bool
    /// True from the start of an interactive transition until `finishInteractiveTransition()` or
    /// `cancelInteractiveTransition()`.
    public private(set) var isInteractive: Bool
    /// True once `cancelInteractiveTransition()` was called (or the transition completed with false).
    public private(set) var transitionWasCancelled = false
    /// The last value given to `updateInteractiveTransition(_:)`, in 0…1.
    public private(set) var percentComplete: Double = 0
    /// The animator's `transitionDuration(using:)` (0 without an animator).
    public private(set) var transitionDuration: Double = 0
    /// For presentations and dismissals, the presented scene's style; `.fullScreen` for pushes and pops.
    public let presentationStyle: ModalPresentationStyle

    let fromScene: Scene
    let toScene: Scene
    private let fromLayerShown: Bool
    private let toLayerShown: Bool
    private var frames: [ObjectIdentifier: (initial: Rect, final: Rect)] = [:]
    let animator: (any TransitionAnimator)?
    let interactionController: (any InteractiveTransitioning)?
    private let gate: TransitionGate

    /// The host's parts: structure set before the animation (in the first commit), settled after it (inside the
    /// completing transaction), and what runs last (the caller's completion).
    var setUp: () -> Void = {}
    var settle: (_ completed: Bool) -> Void = { _ in }
    var ended: (_ completed: Bool) -> Void = { _ in }
    /// Who gets which lifecycle calls.
    var appearing: Scene?
    var disappearing: Scene?

    private enum Phase { case preparing, running, reversing, completed }
    private var phase = Phase.preparing
    private var interactionEnded = false
    private var paused = false
    /// The container's local time at which the transition's animations begin (interactive transitions).
    private var beginLocalTime: Double = 0
    private var snapshot: ModelSnapshot?
    private var coordinatorStorage: TransitionCoordinator?

    init(
        kind: TransitionKind, containerLayer: Layer, from: Scene, to: Scene, fromLayerShown: Bool = true,
        toLayerShown: Bool = true, animated: Bool, animator: (any TransitionAnimator)?,
        interactionController: (any InteractiveTransitioning)?, presentationStyle: ModalPresentationStyle,
        gate: TransitionGate
    ) {
        self.kind = kind
        self.containerLayer = containerLayer
        self.fromScene = from
        self.toScene = to
        self.fromLayerShown = fromLayerShown
        self.toLayerShown = toLayerShown
        self.isAnimated = animated && animator != nil
        self.animator = isAnimated ? animator : nil
        self.interactionController = isAnimated ? interactionController : nil
        self.isInteractive = isAnimated && (interactionController?.wantsInteractiveStart ?? false)
        self.presentationStyle = presentationStyle
        self.gate = gate
    }

    public var description: String { "\(kind) from \(fromScene) to \(toScene)" }

    /// The coordinator of this transition (alongside animations, interaction changes).
    public var coordinator: TransitionCoordinator {
        if let coordinatorStorage { return coordinatorStorage }
        let made = TransitionCoordinator(context: self)
        coordinatorStorage = made
        return made
    }

    // MARK: What the animator reads

    public func scene(forKey key: TransitionKey) -> Scene {
        key == .from ? fromScene : toScene
    }

    /// The layer the animator moves for `key`; nil for the presenter's layer when the presentation keeps it in
    /// place (overFullScreen, or a presentation controller whose `shouldRemovePresentersLayer` is false), as
    /// UIKit's `view(forKey:)` answers nil then.
    public func layer(forKey key: TransitionKey) -> Layer? {
        switch key {
        case .from: fromLayerShown ? fromScene.layer : nil
        case .to: toLayerShown ? toScene.layer : nil
        }
    }

    /// Where `scene`'s layer starts, in the container's coordinates; `Rect.zero` where the framework does not
    /// know (the incoming layer of a presentation or push), as UIKit answers CGRectZero.
    public func initialFrame(for scene: Scene) -> Rect {
        frames[ObjectIdentifier(scene)]?.initial ?? .zero
    }

    /// Where `scene`'s layer must be when the transition completes; `Rect.zero` where the animator decides (the
    /// outgoing layer of a dismissal or push).
    public func finalFrame(for scene: Scene) -> Rect {
        frames[ObjectIdentifier(scene)]?.final ?? .zero
    }

    func setFrames(of scene: Scene, initial: Rect, final: Rect) {
        frames[ObjectIdentifier(scene)] = (initial, final)
    }

    // MARK: Running

    /// Runs the transition: the host's set-up and the lifecycle will-calls in one commit (with the container paused when
    /// interactive), then the animator and the alongside animations in a second one, so that layers created by the
    /// first (a scene's layer, a dimming layer) exist on the server and animate implicitly.
    func run() {
        gate.active = self
        Transaction.begin()
        Transaction.disableActions = true
        _ = fromScene.layer
        _ = toScene.layer
        // The links first (a pushed scene's stack, a presented scene's presenter), as UIKit sets them before
        // viewWillAppear: a will-call can then reach the coordinator and animate alongside.
        setUp()
        disappearing?.willDisappear(animated: isAnimated)
        appearing?.willAppear(animated: isAnimated)
        if isInteractive { pauseContainer() }
        Transaction.commit()
        guard let animator else {
            phase = .running
            // Without animation the alongside blocks still run, with actions disabled: they set the end state.
            Transaction.begin()
            Transaction.disableActions = true
            coordinator.runAlongside()
            Transaction.commit()
            completeTransition(true)
            return
        }
        transitionDuration = max(0, animator.transitionDuration(using: self))
        // Only an interactive transition can be cancelled back to its beginning: only it pays for the snapshot.
        if isInteractive {
            snapshot = ModelSnapshot(roots: containerLayer.sublayers + [fromScene.layer, toScene.layer])
        }
        phase = .running
        Transaction.begin()
        Transaction.animationDuration = transitionDuration
        animator.animateTransition(using: self)
        if phase != .completed { coordinator.runAlongside() }
        Transaction.commit()
        if phase != .completed, isInteractive, let interactionController {
            interactionController.startInteractiveTransition(self)
        }
    }

    /// Tells the framework the animations are over: `true` when the transition completed, `false` when it was
    /// cancelled. Calls after the first are ignored; so are calls while a cancelled interactive transition runs back
    /// (the framework completes it when it is back at its beginning).
    public func completeTransition(_ didComplete: Bool) {
        guard phase == .running || phase == .preparing else { return }
        phase = .completed
        if !didComplete { transitionWasCancelled = true }
        Transaction.begin()
        Transaction.disableActions = true
        if paused { resetContainerTime() }
        settle(didComplete)
        Transaction.commit()
        if gate.active === self { gate.active = nil }
        animator?.animationEnded(didComplete)
        coordinatorStorage?.runCompletions()
        if didComplete {
            disappearing?.didDisappear(animated: isAnimated)
            appearing?.didAppear(animated: isAnimated)
        } else {
            appearing?.willDisappear(animated: isAnimated)
            appearing?.didDisappear(animated: isAnimated)
            disappearing?.willAppear(animated: isAnimated)
            disappearing?.didAppear(animated: isAnimated)
        }
        coordinatorStorage?.release()
        coordinatorStorage = nil
        ended(didComplete)
    }

    // MARK: Interaction

    /// Shows the transition at `percent` (clamped to 0…1) of its duration: the container's `timeOffset` becomes
    /// begin + percent × duration (100 % stops 1 µs short of the end, so that an animation as long as the transition
    /// does not end, and complete it, before `finishInteractiveTransition()`). Ignored unless the transition is
    /// interactive.
    public func updateInteractiveTransition(_ percent: Double) {
        guard isInteractive, phase == .running else { return }
        percentComplete = InteractiveClock.clamp(percent)
        Transaction.begin()
        Transaction.disableActions = true
        containerLayer.timeOffset = InteractiveClock.scrubbedOffset(
            begin: beginLocalTime, percent: percentComplete, duration: transitionDuration)
        Transaction.commit()
    }

    /// Resumes the container's time forwards from where it shows, at the interaction controller's
    /// `completionSpeed`: the rest takes (1 − percent) × duration / completionSpeed; the animator's own completion
    /// then calls `completeTransition(true)`.
    public func finishInteractiveTransition() {
        guard isInteractive, phase == .running else { return }
        endInteraction()
        let resumed = InteractiveClock.resumed(
            begin: beginLocalTime, percent: percentComplete, duration: transitionDuration,
            speed: completionSpeed, parentNow: parentNow())
        Transaction.begin()
        Transaction.disableActions = true
        containerLayer.beginTime = resumed.beginTime
        containerLayer.speed = resumed.speed
        containerLayer.timeOffset = resumed.timeOffset
        Transaction.commit()
        coordinatorStorage?.interactionChanged()
    }

    /// Runs the container's time backwards at `completionSpeed` to the transition's beginning, then restores the
    /// models and calls `completeTransition(false)` (when the server reports the end of the run back, on the
    /// connection's `delegateQueue`). The run back ends 1/30 s (at speed 1) before it reaches the beginning, so
    /// that the restored models are on the server before a frame could show a time from before the animations
    /// began (where the models' end state would show through).
    public func cancelInteractiveTransition() {
        guard isInteractive, phase == .running else { return }
        transitionWasCancelled = true
        endInteraction()
        phase = .reversing
        let distance = InteractiveClock.reversalDistance(
            percent: percentComplete, duration: transitionDuration, speed: completionSpeed)
        guard distance > 0 else {
            coordinatorStorage?.interactionChanged()
            endReversal()
            return
        }
        let reversed = InteractiveClock.resumed(
            begin: beginLocalTime, percent: percentComplete, duration: transitionDuration,
            speed: -completionSpeed, parentNow: parentNow())
        Transaction.begin()
        Transaction.disableActions = true
        containerLayer.beginTime = reversed.beginTime
        containerLayer.speed = reversed.speed
        containerLayer.timeOffset = reversed.timeOffset
        // The run back ends just before the container's local time is back at the beginning
        // (`InteractiveClock.reversalLead`): an animation on the container whose own speed is −1 counts that time
        // forwards and stops there, so the server reports it.
        let opacity = containerLayer.opacity
        let marker = BasicAnimation(keyPath: "opacity", from: .number(opacity), to: .number(opacity))
        marker.beginTime = reversed.timeOffset
        marker.speed = -1
        marker.duration = distance
        marker.delegate = ReversalObserver(context: self)
        do {
            try containerLayer.add(marker, forKey: InteractiveClock.reversalKey)
        } catch {
            log.error("\(self): the cancel could not watch its run back (\(error)); completing it now")
        }
        Transaction.commit()
        coordinatorStorage?.interactionChanged()
        if containerLayer.animation(forKey: InteractiveClock.reversalKey) == nil { endReversal() }
    }

    /// Completion speed of the interaction controller (1 without one), never 0 or negative.
    var completionSpeed: Double {
        let speed = interactionController?.completionSpeed ?? 1
        return speed.isFinite && speed > 0 ? speed : 1
    }

    func endReversal() {
        guard phase == .reversing else { return }
        Transaction.begin()
        Transaction.disableActions = true
        containerLayer.removeAnimation(forKey: InteractiveClock.reversalKey)
        snapshot?.restore()
        resetContainerTime()
        Transaction.commit()
        phase = .running
        completeTransition(false)
    }

    private func endInteraction() {
        isInteractive = false
        interactionEnded = true
    }

    /// Pauses the container at its local time now (Technical Q&A 1673's pause): the animations the animator adds
    /// next begin at that local time.
    private func pauseContainer() {
        let now = containerLayer.connection.currentMediaTime()
        beginLocalTime = containerLayer.convertTime(now, from: nil) ?? now
        containerLayer.speed = 0
        containerLayer.timeOffset = beginLocalTime
        paused = true
    }

    /// Identity timing again: the container's local time is its parent's (media time in a window), so apps that
    /// set `beginTime` from `currentMediaTime()` keep working after an interactive transition.
    private func resetContainerTime() {
        containerLayer.speed = 1
        containerLayer.timeOffset = 0
        containerLayer.beginTime = 0
        paused = false
    }

    /// Now in the container's parent time (the server's media time for a window's container).
    private func parentNow() -> Double {
        let now = containerLayer.connection.currentMediaTime()
        guard let parent = containerLayer.superlayer else { return now }
        return parent.convertTime(now, from: nil) ?? now
    }
}

/// The one transition a window (or a stack outside any window) runs at a time.
final class TransitionGate: @unchecked Sendable {
    var active: TransitionContext?
}

/// Hears the marker animation of a cancelled interactive transition stop (docs/core-animation-rules.md#interactive-transitions).
private final class ReversalObserver: AnimationDelegate, @unchecked Sendable {
    let context: TransitionContext

    init(context: TransitionContext) { self.context = context }

    func animationDidStop(_ animation: AnimKit.Animation, finished: Bool) {
        context.endReversal()
    }
}
