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
    let transitions: TransitionLog

    /// A finger lifted moving right faster than this (points per second, scaled with the scene) finishes the pop
    /// whatever the percentage, as UIKit's flick does.
    var flickSpeed: Double { 600 * metrics.unit }

    init(connection: Connection, metrics: Metrics) throws {
        self.connection = connection
        self.metrics = metrics
        window = SceneWindow(connection: connection, bounds: metrics.bounds)
        transitions = TransitionLog(connection: connection, window: window)
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
        transitions.start("present card") { () throws(SceneTransitionError) in try window.present(card) }
    }

    func dismissCard() { transitions.start("dismiss card") { () throws(SceneTransitionError) in try card.dismiss() } }

    func pushDetail() {
        guard homeIsOnTop else { return }
        transitions.start("push detail") { () throws(SceneTransitionError) in try stack.push(detail) }
    }

    func popDetail() { transitions.start("pop detail") { () throws(SceneTransitionError) in try stack.pop() } }

    func presentSheet() {
        guard homeIsOnTop else { return }
        transitions.start("present sheet") { () throws(SceneTransitionError) in try window.present(sheet) }
    }

    func dismissSheet() {
        transitions.start("dismiss sheet") { () throws(SceneTransitionError) in try sheet.dismiss() }
    }

    /// The edge pan pops interactively: it begins the pop, moves it with the finger (the fraction of the width
    /// dragged), and when the finger lifts finishes it past half the width or on a flick to the right, else cancels.
    func edgePanChanged(_ pan: PanGestureRecognizer) {
        let dragged = max(0, (pan.translation(in: nil) ?? Point(x: 0, y: 0)).x)
        switch pan.state {
        case .began:
            let interaction = PercentDrivenInteractiveTransition()
            interactivePop = interaction
            transitions.start("pop detail interactively") { () throws(SceneTransitionError) in try stack.pop() }
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

    /// "`name` at N %" once the server has applied the update: where a test may take a frame of the scrubbed state.
    private func announceProgress(_ name: String, _ interaction: PercentDrivenInteractiveTransition) {
        try? connection.sync()
        ExampleOutput.line("\(name) at \(Self.text(interaction.percentComplete * 100)) %")
    }

    private static func text(_ value: Double) -> String { "\(Int(value.rounded()))" }

    // MARK: TransitioningDelegate

    func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)? {
        presented === card
            ? CardAnimator(name: "card", ended: transitions.ended)
            : SheetAnimator(name: "sheet", ended: transitions.ended)
    }

    func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)? {
        dismissed === card
            ? CardAnimator(name: "card", ended: transitions.ended)
            : SheetAnimator(name: "sheet", ended: transitions.ended)
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
        PushPopAnimator(name: "detail", ended: transitions.ended)
    }

    func navigationStack(
        _ stack: NavigationStack, interactionControllerFor animator: any TransitionAnimator
    ) -> (any InteractiveTransitioning)? {
        interactivePop
    }

    // MARK: The script

    var scriptSteps: [ScriptStep] {
        [
            transitions.step("present card", presentCard), transitions.step("dismiss card", dismissCard),
            transitions.step("push detail", pushDetail),
            transitions.step("pop detail", popDetail), transitions.step("present sheet", presentSheet),
            transitions.step("dismiss sheet", dismissSheet),
        ]
    }
}
