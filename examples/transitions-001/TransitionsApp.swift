import AnimScenes
import TransitionExampleSupport

/// The app: a window whose root is a navigation stack on the home scene. It is the transitioning delegate of the
/// card and the sheet (their animators and presentation controllers) and the stack's delegate (the push/pop
/// animator, and the interaction controller while an edge pan pops). Runs on the connection's delegate queue.
final class TransitionsApp: ExampleScene, TransitioningDelegate, NavigationStackDelegate, @unchecked Sendable {
    let connection: Connection
    let metrics: Metrics
    let window: SceneWindow
    let stack: NavigationStack
    let home: HomeScene
    let card: CardScene
    let detail: DetailScene
    let sheet: SheetScene
    /// The percent-driven pop while an edge pan drives it.
    private var interactivePop: PercentDrivenInteractiveTransition?
    /// Told when the running transition ends (the script waits on it).
    private var whenEnded: (@Sendable () -> Void)?

    /// A finger lifted moving right faster than this (points per second, scaled with the scene) finishes the pop
    /// whatever the percentage, as UIKit's flick does.
    var flickSpeed: Double { 600 * metrics.unit }

    init(connection: Connection, metrics: Metrics) throws {
        self.connection = connection
        self.metrics = metrics
        window = SceneWindow(connection: connection, bounds: metrics.bounds)
        home = HomeScene(connection: connection, metrics: metrics)
        card = CardScene(connection: connection, metrics: metrics)
        detail = DetailScene(connection: connection, metrics: metrics)
        sheet = SheetScene(connection: connection, metrics: metrics)
        stack = NavigationStack(connection: connection, rootScene: home)
        home.app = self
        card.app = self
        detail.app = self
        sheet.app = self
        card.transitioningDelegate = self
        sheet.transitioningDelegate = self
        stack.delegate = self
        try window.setRootScene(stack)
    }

    // MARK: What the buttons and the edge pan do

    /// The home scene's buttons act only while it is on top (the card leaves them visible).
    private var homeIsOnTop: Bool { window.topScene === stack && stack.topScene === home }

    func presentCard() {
        guard homeIsOnTop else { return }
        start("present card") { () throws(SceneTransitionError) in try window.present(card) }
    }

    func dismissCard() { start("dismiss card") { () throws(SceneTransitionError) in try card.dismiss() } }

    func pushDetail() {
        guard homeIsOnTop else { return }
        start("push detail") { () throws(SceneTransitionError) in try stack.push(detail) }
    }

    func popDetail() { start("pop detail") { () throws(SceneTransitionError) in try stack.pop() } }

    func presentSheet() {
        guard homeIsOnTop else { return }
        start("present sheet") { () throws(SceneTransitionError) in try window.present(sheet) }
    }

    func dismissSheet() { start("dismiss sheet") { () throws(SceneTransitionError) in try sheet.dismiss() } }

    /// The edge pan pops interactively: it begins the pop, moves it with the finger (the fraction of the width
    /// dragged), and when the finger lifts finishes it past half the width or on a flick to the right, else cancels.
    func edgePanChanged(_ pan: PanGestureRecognizer) {
        let dragged = max(0, (pan.translation(in: nil) ?? Point(x: 0, y: 0)).x)
        switch pan.state {
        case .began:
            let interaction = PercentDrivenInteractiveTransition()
            interactivePop = interaction
            start("pop detail interactively") { () throws(SceneTransitionError) in try stack.pop() }
            interaction.update(dragged / metrics.width)
        case .changed:
            guard let interaction = interactivePop else { return }
            interaction.update(dragged / metrics.width)
            announceProgress("pop detail", interaction)
        case .ended, .cancelled:
            guard let interaction = interactivePop else { return }
            interactivePop = nil
            let velocity = (pan.velocity(in: nil) ?? Point(x: 0, y: 0)).x
            let percent = dragged / metrics.width
            let finishes =
                pan.state == .ended && (velocity > flickSpeed || (percent >= 0.5 && velocity > -flickSpeed))
            ExampleOutput.line(
                "pop released at \(Self.text(percent * 100)) % moving \(Self.text(velocity)) pt/s: "
                    + (finishes ? "finish" : "cancel"))
            if finishes { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }

    /// Starts a transition and prints "`name` began" once the server has applied its commits, or why it was refused.
    private func start(_ name: String, _ transition: () throws(SceneTransitionError) -> Void) {
        do {
            try transition()
            try? connection.sync()
            ExampleOutput.line("\(name) began")
        } catch {
            ExampleOutput.line("\(name) refused: \(error)")
        }
    }

    /// "`name` at N %" once the server has applied the update: where a test may take a frame of the scrubbed state.
    private func announceProgress(_ name: String, _ interaction: PercentDrivenInteractiveTransition) {
        try? connection.sync()
        ExampleOutput.line("\(name) at \(Self.text(interaction.percentComplete * 100)) %")
    }

    /// The animators' end: printed once the server has applied the settling commit.
    private func ended(_ name: String, _ completed: Bool) {
        try? connection.sync()
        ExampleOutput.line("\(name) \(completed ? "finished" : "cancelled")")
        let waiting = whenEnded
        whenEnded = nil
        waiting?()
    }

    private static func text(_ value: Double) -> String { "\(Int(value.rounded()))" }

    // MARK: TransitioningDelegate

    func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)? {
        presented === card ? CardAnimator(name: "card", ended: ended) : SheetAnimator(name: "sheet", ended: ended)
    }

    func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)? {
        dismissed === card ? CardAnimator(name: "card", ended: ended) : SheetAnimator(name: "sheet", ended: ended)
    }

    func presentationController(
        forPresented presented: Scene, presenting: Scene?, source: Scene
    )
        -> PresentationController?
    {
        presented === card
            ? CardPresentationController(presentedScene: presented, presenting: presenting, metrics: metrics)
            : SheetPresentationController(
                presentedScene: presented, presenting: presenting, metrics: metrics,
                dismiss: { [weak self] in self?.dismissSheet() })
    }

    // MARK: NavigationStackDelegate

    func navigationStack(
        _ stack: NavigationStack, animatorFor operation: NavigationOperation, from: Scene, to: Scene
    ) -> (any TransitionAnimator)? {
        PushPopAnimator(name: "detail", ended: ended)
    }

    func navigationStack(
        _ stack: NavigationStack, interactionControllerFor animator: any TransitionAnimator
    ) -> (any InteractiveTransitioning)? {
        interactivePop
    }

    // MARK: The script

    var scriptSteps: [ScriptStep] {
        [
            step("present card", presentCard), step("dismiss card", dismissCard), step("push detail", pushDetail),
            step("pop detail", popDetail), step("present sheet", presentSheet), step("dismiss sheet", dismissSheet),
        ]
    }

    private func step(_ name: String, _ action: @escaping () -> Void) -> ScriptStep {
        ScriptStep(name) { [weak self] done in
            guard let self else { return done() }
            whenEnded = done
            action()
            // Refused, or not begun (a button whose scene is not on top): the script goes on.
            if !window.isTransitioning, let waiting = whenEnded {
                whenEnded = nil
                waiting()
            }
        }
    }
}
