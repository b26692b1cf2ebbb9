import AnimCore
import AnimKit
import AnimScenes
import AnimTestSupport
import Dispatch
import Synchronization

/// What scenes heard, in order: "A willAppear", "B didDisappear"…
final class LifecycleLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func clear() { entries.withLock { $0 = [] } }
}

/// A scene that writes its lifecycle calls to a log under its title.
final class LoggingScene: Scene, @unchecked Sendable {
    let log: LifecycleLog

    init(_ title: String, connection: Connection, log: LifecycleLog) {
        self.log = log
        super.init(connection: connection)
        self.title = title
    }

    override func sceneDidLoad() {
        layer.backgroundColor = Color(white: 0.5)
    }

    override func willAppear(animated: Bool) { log.append("\(title!) willAppear") }
    override func didAppear(animated: Bool) { log.append("\(title!) didAppear") }
    override func willDisappear(animated: Bool) { log.append("\(title!) willDisappear") }
    override func didDisappear(animated: Bool) { log.append("\(title!) didDisappear") }
}

/// A daemon with a manual clock at `start`, a client whose callbacks run on a private serial queue, and a window
/// of 160×120 on it. Scene calls go through `run` (on that queue), as the framework expects.
final class SceneFixture: @unchecked Sendable {
    let daemon: DaemonHarness
    let client: Connection
    let queue = DispatchQueue(label: "scenes.delegate")
    let window: SceneWindow
    let log = LifecycleLog()
    private var kept: [AnyObject] = []

    /// A monotonic `clock` runs by itself and ignores `start`.
    init(start: Double = 1, clock: String = "manual") throws {
        daemon = try DaemonHarness(clock: clock)
        client = try daemon.connect(name: "scenes")
        client.delegateQueue = queue
        if clock == "manual" { _ = try client.clock(.set(start)) }
        try client.sync()
        let connection = client
        window = queue.sync { SceneWindow(connection: connection, bounds: Rect(x: 0, y: 0, width: 160, height: 120)) }
        try client.sync()
    }

    /// Keeps `object` (a weakly held delegate) alive as long as the fixture.
    func keep(_ object: AnyObject) { kept.append(object) }

    func scene(_ title: String) -> LoggingScene {
        LoggingScene(title, connection: client, log: log)
    }

    /// Runs `body` on the delegate queue and waits until the server has applied what it sent.
    func run<T>(_ body: () throws -> T) throws -> T {
        let result = try queue.sync { try body() }
        try client.sync()
        return result
    }

    /// The server clock, as the SDK last heard it.
    var now: Double { client.currentMediaTime() }

    /// Moves the manual clock to `time` and waits for every callback of the resulting frame.
    func moveClock(to time: Double) throws {
        _ = try client.clock(.set(time))
        try client.sync()
        // A callback may have committed (the end of a transition): make sure the server applied it too.
        try client.sync()
    }
}

/// Moves `to`'s layer in from x = 0 to its final frame's x (position.x), linearly over `duration`, after adding it
/// to the container; the leaving layer's opacity runs 1 → 0. Completes from a transaction completion block.
final class LinearAnimator: TransitionAnimator, @unchecked Sendable {
    let duration: Double
    private let ended = Mutex<[Bool]>([])

    init(duration: Double = 1) { self.duration = duration }

    var endings: [Bool] { ended.withLock { $0 } }

    func transitionDuration(using context: TransitionContext?) -> Double { duration }

    func animateTransition(using context: TransitionContext) {
        let to = context.scene(forKey: .to)
        let from = context.scene(forKey: .from)
        Transaction.begin()
        Transaction.setCompletionBlock { context.completeTransition(!context.transitionWasCancelled) }
        if context.finalFrame(for: to) != .zero { to.layer.frame = context.finalFrame(for: to) }
        if to.layer.superlayer !== context.containerLayer {
            try? context.containerLayer.addSublayer(to.layer)
        }
        let end = to.layer.position.x
        let move = BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(end))
        move.duration = duration
        try? to.layer.add(move, forKey: "move")
        from.layer.opacity = 0
        let fade = BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0))
        fade.duration = duration
        try? from.layer.add(fade, forKey: "fade")
        Transaction.commit()
    }

    func animationEnded(_ transitionCompleted: Bool) {
        ended.withLock { $0.append(transitionCompleted) }
    }
}

/// Hands out an animator and, when set, an interaction controller, for presentations, dismissals and stacks.
final class TestTransitions: TransitioningDelegate, NavigationStackDelegate, @unchecked Sendable {
    var animator: (any TransitionAnimator)?
    var interaction: PercentDrivenInteractiveTransition?
    var presentationController: ((Scene, Scene?) -> PresentationController)?

    func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)? {
        animator
    }
    func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)? { animator }
    func interactionController(forPresentation animator: any TransitionAnimator) -> (any InteractiveTransitioning)? {
        interaction
    }
    func interactionController(forDismissal animator: any TransitionAnimator) -> (any InteractiveTransitioning)? {
        interaction
    }
    func presentationController(
        forPresented presented: Scene, presenting: Scene?, source: Scene
    )
        -> PresentationController?
    {
        presentationController?(presented, presenting)
    }
    func navigationStack(
        _ stack: NavigationStack, animatorFor operation: NavigationOperation, from: Scene, to: Scene
    ) -> (any TransitionAnimator)? { animator }
    func navigationStack(
        _ stack: NavigationStack, interactionControllerFor animator: any TransitionAnimator
    ) -> (any InteractiveTransitioning)? { interaction }
}
