import AnimCore
import AnimKit

/// UIPercentDrivenInteractiveTransition: drives any animator by a fraction, typically from a pan gesture. Return it
/// from a transitioning delegate's or a stack delegate's interaction-controller method while a gesture runs; call
/// `update(_:)` as the gesture moves and `finish()` or `cancel()` when it ends.
///
/// It works as Core Animation does (docs/core-animation-rules.md#interactive-transitions): the container's time is
/// paused and scrubbed to percent × duration, so the server shows the animator's animations (springs and keyframes
/// included) at exactly that point; `finish()` resumes the container's time forwards and `cancel()` runs it back, at
/// `completionSpeed`, and the server runs the rest on its clock.
open class PercentDrivenInteractiveTransition: InteractiveTransitioning, @unchecked Sendable {
    /// How many times faster than the animator the rest runs after `finish()` or `cancel()`: the remaining
    /// (1 − percent) × duration (finish) or percent × duration (cancel) takes that divided by `completionSpeed`.
    /// Values ≤ 0 or not finite count as 1.
    public var completionSpeed: Double = 1
    /// Accepted for UIKit's sake but not applied: the rest runs at the constant `completionSpeed`, because a layer's
    /// time fields do not animate (docs/core-animation-rules.md#interactive-transitions); the animator's own curves
    /// still shape what is shown.
    public var completionCurve: TimingFunction = .easeInEaseOut
    public var wantsInteractiveStart = true
    /// The last fraction given to `update(_:)`, in 0…1.
    public private(set) var percentComplete: Double = 0
    private var context: TransitionContext?

    public init() {}

    /// The animator's duration (0 before the transition starts).
    public var duration: Double { context?.transitionDuration ?? 0 }

    open func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        if percentComplete > 0 { context.updateInteractiveTransition(percentComplete) }
    }

    /// Shows the transition at `percent` (clamped to 0…1) of its duration.
    open func update(_ percent: Double) {
        percentComplete = InteractiveClock.clamp(percent)
        context?.updateInteractiveTransition(percentComplete)
    }

    /// The rest runs forwards; the animator's completion then completes the transition.
    open func finish() {
        context?.finishInteractiveTransition()
        context = nil
        percentComplete = 0
    }

    /// The transition runs back to its beginning, the models are restored, and it completes cancelled.
    open func cancel() {
        context?.cancelInteractiveTransition()
        context = nil
        percentComplete = 0
    }
}
