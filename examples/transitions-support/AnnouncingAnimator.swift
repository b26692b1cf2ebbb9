import AnimScenes
import Dispatch

/// What the examples' animators share: the transaction they animate in, how they complete, and the line each
/// transition's end prints ("present card finished", "pop detail cancelled"), which the tests and the script wait
/// for.
open class AnnouncingAnimator: @unchecked Sendable {
    /// The transition's name in the app's output, e.g. "card".
    public let name: String
    private let ended: @Sendable (String, Bool) -> Void
    private var kind = TransitionKind.present
    private weak var connection: Connection?

    /// `ended` gets "`kind` `name`" and whether the transition completed, on the connection's delegate queue once
    /// the commit that settled the transition has gone out.
    public init(name: String, ended: @escaping @Sendable (String, Bool) -> Void) {
        self.name = name
        self.ended = ended
    }

    /// Opens the animator's transaction: actions off (the animators add explicit animations and set the models to
    /// their ends), completing the transition once every animation added in it has stopped. Close it with
    /// `Transaction.commit()`.
    public func begin(_ context: TransitionContext) {
        kind = context.kind
        connection = context.containerLayer.connection
        Transaction.begin()
        Transaction.disableActions = true
        Transaction.setCompletionBlock {
            Transaction.begin()
            Transaction.disableActions = true
            context.completeTransition(!context.transitionWasCancelled)
            Transaction.commit()
        }
    }

    open func animationEnded(_ transitionCompleted: Bool) {
        let (ended, name) = (self.ended, "\(kind) \(name)")
        // Called inside the completion's transaction: announced once it has been committed.
        (connection?.delegateQueue ?? DispatchQueue.main).async { ended(name, transitionCompleted) }
    }

    /// Adds a basic animation of `keyPath` from `from` to `to` over the transition's duration, on `curve` (ease in
    /// ease out when nil).
    public static func animate(
        _ layer: Layer, _ keyPath: String, from: AnimationValue, to: AnimationValue, _ context: TransitionContext,
        curve: TimingFunction? = nil
    ) {
        let animation = BasicAnimation(keyPath: keyPath, from: from, to: to)
        animation.duration = context.transitionDuration
        animation.timingFunction = curve ?? .easeInEaseOut
        do {
            try layer.add(animation, forKey: "transition.\(keyPath)")
        } catch {
            ExampleOutput.line("error: \(keyPath) refused: \(error)")
        }
    }
}
