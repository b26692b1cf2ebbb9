import AnimCore
import AnimKit

/// UIViewControllerAnimatedTransitioning: the object that animates a transition's layers.
///
/// `animateTransition(using:)` is called inside an open `Transaction` whose `animationDuration` is
/// `transitionDuration(using:)`, so implicit animations take the transition's duration; explicit ones added with
/// `Layer.add(_:forKey:)` keep their own. Add the incoming layer (`context.layer(forKey: .to)`) to
/// `context.containerLayer` for presentations and pushes (for dismissals and pops the scene coming back is already
/// in the container, below the leaving one). When the animations end, call
/// `context.completeTransition(!context.transitionWasCancelled)`, typically from a `Transaction` completion block
/// or an animation delegate's `animationDidStop` (both arrive on the connection's `delegateQueue`).
///
/// Any animator works interactively: an interactive transition runs the same animations on the container layer's
/// paused time (docs/core-animation-rules.md#interactive-transitions).
public protocol TransitionAnimator: AnyObject {
    /// Seconds the transition lasts; the context is nil when asked outside a transition.
    func transitionDuration(using context: TransitionContext?) -> Double
    func animateTransition(using context: TransitionContext)
    /// Called once the transition has completed (true) or was cancelled (false), after the layers are settled.
    func animationEnded(_ transitionCompleted: Bool)
}

extension TransitionAnimator {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// UIViewControllerInteractiveTransitioning: what drives a transition interactively. The framework pauses the
/// container's time and runs the animator before it calls `startInteractiveTransition(_:)`; the controller then
/// moves the transition with the context's `updateInteractiveTransition(_:)`, `finishInteractiveTransition()` and
/// `cancelInteractiveTransition()` (`PercentDrivenInteractiveTransition` does this for you).
public protocol InteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: TransitionContext)
    /// How many times faster than the animator the rest runs after finish or cancel (1 by default).
    var completionSpeed: Double { get }
    /// Accepted for UIKit's sake; see `PercentDrivenInteractiveTransition.completionCurve`.
    var completionCurve: TimingFunction { get }
    /// When false the transition starts non-interactively (it still uses this controller's completionSpeed).
    var wantsInteractiveStart: Bool { get }
}

extension InteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: TimingFunction { .easeInEaseOut }
    public var wantsInteractiveStart: Bool { true }
}

/// UIViewControllerTransitioningDelegate: supplies a presented scene's animators, interaction controllers and
/// presentation controller. Every method has a default answering nil (the framework's default then applies:
/// `CoverVerticalAnimator`, no interaction, the style's presentation controller).
public protocol TransitioningDelegate: AnyObject {
    func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)?
    func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)?
    func interactionController(forPresentation animator: any TransitionAnimator) -> (any InteractiveTransitioning)?
    func interactionController(forDismissal animator: any TransitionAnimator) -> (any InteractiveTransitioning)?
    /// Asked for a `.custom` presentation only.
    func presentationController(
        forPresented presented: Scene, presenting: Scene?, source: Scene
    )
        -> PresentationController?
}

extension TransitioningDelegate {
    public func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)? {
        nil
    }
    public func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)? { nil }
    public func interactionController(
        forPresentation animator: any TransitionAnimator
    )
        -> (any InteractiveTransitioning)?
    { nil }
    public func interactionController(
        forDismissal animator: any TransitionAnimator
    )
        -> (any InteractiveTransitioning)?
    { nil }
    public func presentationController(
        forPresented presented: Scene, presenting: Scene?, source: Scene
    )
        -> PresentationController?
    { nil }
}

/// A navigation stack's change.
public enum NavigationOperation: Sendable, Hashable {
    case push, pop
}

/// UINavigationControllerDelegate's transition part: animators and interaction controllers for pushes and pops,
/// and the willShow/didShow notifications. Defaults answer nil (`SlideAnimator`, not interactive) and do nothing.
public protocol NavigationStackDelegate: AnyObject {
    func navigationStack(
        _ stack: NavigationStack, animatorFor operation: NavigationOperation, from: Scene, to: Scene
    ) -> (any TransitionAnimator)?
    func navigationStack(
        _ stack: NavigationStack, interactionControllerFor animator: any TransitionAnimator
    ) -> (any InteractiveTransitioning)?
    func navigationStack(_ stack: NavigationStack, willShow scene: Scene, animated: Bool)
    func navigationStack(_ stack: NavigationStack, didShow scene: Scene, animated: Bool)
}

extension NavigationStackDelegate {
    public func navigationStack(
        _ stack: NavigationStack, animatorFor operation: NavigationOperation, from: Scene, to: Scene
    ) -> (any TransitionAnimator)? { nil }
    public func navigationStack(
        _ stack: NavigationStack, interactionControllerFor animator: any TransitionAnimator
    ) -> (any InteractiveTransitioning)? { nil }
    public func navigationStack(_ stack: NavigationStack, willShow scene: Scene, animated: Bool) {}
    public func navigationStack(_ stack: NavigationStack, didShow scene: Scene, animated: Bool) {}
}
