import AnimCore
import AnimKit

/// UIViewControllerTransitionCoordinator: lets code outside the animator (a presentation controller, the scenes)
/// animate alongside the transition and hear how it ends. It is also the context its blocks receive
/// (UIViewControllerTransitionCoordinatorContext).
public final class TransitionCoordinator: @unchecked Sendable {
    private var context: TransitionContext?
    private let kindValue: TransitionKind
    private let container: Layer
    private var alongside: [(TransitionCoordinator) -> Void] = []
    private var completions: [(TransitionCoordinator) -> Void] = []
    private var interactionHandlers: [(TransitionCoordinator) -> Void] = []
    private var animationsStarted = false

    init(context: TransitionContext) {
        self.context = context
        kindValue = context.kind
        container = context.containerLayer
    }

    public var kind: TransitionKind { kindValue }
    public var containerLayer: Layer { container }
    public var isAnimated: Bool { context?.isAnimated ?? false }
    /// True while the transition follows the interaction (before finish or cancel).
    public var isInteractive: Bool { context?.isInteractive ?? false }
    public private(set) var initiallyInteractive = false
    public var isCancelled: Bool { context?.transitionWasCancelled ?? false }
    public var percentComplete: Double { context?.percentComplete ?? 0 }
    public var transitionDuration: Double { context?.transitionDuration ?? 0 }
    public var completionSpeed: Double { context?.completionSpeed ?? 1 }
    public var completionCurve: TimingFunction {
        context?.interactionController?.completionCurve ?? .easeInEaseOut
    }
    public func scene(forKey key: TransitionKey) -> Scene? { context?.scene(forKey: key) }
    public func layer(forKey key: TransitionKey) -> Layer? { context?.layer(forKey: key) }

    /// Runs `animation` in the same transaction as the animator's `animateTransition(using:)` (so with the
    /// transition's duration as `Transaction.animationDuration`, on the same container time, interactively too),
    /// and `completion` once the transition has completed or been cancelled (before the lifecycle did-calls).
    /// Once the animations have started an animation can no longer join them: the call returns false and registers
    /// nothing; a call with only a completion still registers it until the transition has ended.
    @discardableResult
    public func animate(
        alongsideTransition animation: ((TransitionCoordinator) -> Void)?,
        completion: ((TransitionCoordinator) -> Void)? = nil
    ) -> Bool {
        guard context != nil, !animationsStarted || animation == nil else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    /// Calls `handler` when the interaction ends (finish or cancel; `isCancelled` says which).
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionCoordinator) -> Void) {
        interactionHandlers.append(handler)
    }

    func runAlongside() {
        initiallyInteractive = context?.isInteractive ?? false
        animationsStarted = true
        let blocks = alongside
        alongside = []
        for block in blocks { block(self) }
    }

    func interactionChanged() {
        let handlers = interactionHandlers
        interactionHandlers = []
        for handler in handlers { handler(self) }
    }

    func runCompletions() {
        animationsStarted = true
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }

    /// Ends the coordinator's hold on the context once the transition is over (they refer to each other).
    func release() {
        context = nil
        alongside = []
        interactionHandlers = []
    }
}
