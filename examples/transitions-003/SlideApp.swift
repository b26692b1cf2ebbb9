import AnimScenes
import TransitionExampleSupport

/// Seed 003's demo: scene A presents B full screen with a slide-in animator; B dismisses with a slide-out, on a tap
/// or interactively with a pan down (a `PercentDrivenInteractiveTransition` the transitioning delegate returns
/// while the pan runs). Runs on the connection's delegate queue.
final class SlideApp: ExampleScene, TransitioningDelegate, @unchecked Sendable {
    let connection: Connection
    let metrics: Metrics
    let window: SceneWindow
    let a: ContentScene
    let b: ContentScene
    /// The percent-driven dismissal while a pan drives it (seed 003's `interacting`).
    private var interactiveDismiss: PercentDrivenInteractiveTransition?
    let transitions: TransitionLog

    init(connection: Connection, metrics: Metrics) throws {
        self.connection = connection
        self.metrics = metrics
        window = SceneWindow(connection: connection, bounds: metrics.bounds)
        transitions = TransitionLog(connection: connection, window: window)
        a = ContentScene(connection: connection, title: "A") { try SlideContent.buildA(in: $0, metrics) }
        b = ContentScene(connection: connection, title: "B") { try SlideContent.buildB(in: $0, metrics) }
        b.transitioningDelegate = self
        a.gestures = [TapGestureRecognizer { [weak self] _ in self?.present() }]
        a.onClick = { [weak self] in self?.present() }
        b.onClick = { [weak self] in self?.dismiss() }
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        pan.addTarget(self, action: SlideApp.panChanged)
        b.gestures = [TapGestureRecognizer { [weak self] _ in self?.dismiss() }, pan]
        try window.setRootScene(a)
    }

    func present() { transitions.start("present B") { () throws(SceneTransitionError) in try window.present(b) } }

    func dismiss() { transitions.start("dismiss B") { () throws(SceneTransitionError) in try b.dismiss() } }

    /// Seed 003's pan: it begins the dismissal, moves it by the fraction of the height dragged down, and when the
    /// finger lifts finishes it from half the height on, else cancels it.
    func panChanged(_ pan: PanGestureRecognizer) {
        let fraction = (pan.translation(in: nil) ?? Point(x: 0, y: 0)).y / metrics.height
        switch pan.state {
        case .began:
            let interaction = PercentDrivenInteractiveTransition()
            interactiveDismiss = interaction
            transitions.start("dismiss B interactively") { () throws(SceneTransitionError) in try b.dismiss() }
            interaction.update(fraction)
        case .changed:
            guard let interaction = interactiveDismiss else { return }
            interaction.update(fraction)
            // Once the server has applied it: where a test may take a frame of the scrubbed state.
            try? connection.sync()
            ExampleOutput.line("dismiss B at \(Int((interaction.percentComplete * 100).rounded())) %")
        case .ended, .cancelled:
            guard let interaction = interactiveDismiss else { return }
            interactiveDismiss = nil
            let finishes = pan.state == .ended && fraction >= 0.5
            ExampleOutput.line(
                "dismiss released at \(Int((max(0, fraction) * 100).rounded())) %: \(finishes ? "finish" : "cancel")")
            if finishes { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }

    // MARK: TransitioningDelegate

    func animator(forPresented presented: Scene, presenting: Scene, source: Scene) -> (any TransitionAnimator)? {
        SlideAnimator003(name: "B", ended: transitions.ended)
    }

    func animator(forDismissed dismissed: Scene) -> (any TransitionAnimator)? {
        SlideAnimator003(name: "B", ended: transitions.ended)
    }

    func interactionController(forDismissal animator: any TransitionAnimator) -> (any InteractiveTransitioning)? {
        interactiveDismiss
    }

    // MARK: The script

    var scriptSteps: [ScriptStep] { [transitions.step("present B", present), transitions.step("dismiss B", dismiss)] }
}

/// A scene whose content `build` draws into its root layer, with `gestures` and `onClick` on that layer.
final class ContentScene: Scene, @unchecked Sendable {
    private let build: (Layer) throws -> Void
    var gestures: [GestureRecognizer] = []
    /// Run on a click anywhere on the scene.
    var onClick: (() -> Void)?

    init(connection: Connection, title: String, build: @escaping (Layer) throws -> Void) {
        self.build = build
        super.init(connection: connection)
        self.title = title
    }

    override func sceneDidLoad() {
        do { try build(layer) } catch { ExampleOutput.line("error: \(title ?? "scene"): \(error)") }
        for gesture in gestures { layer.addGestureRecognizer(gesture) }
        if let onClick { layer.onClick(onClick) }
    }
}

/// Seed 003's animator (its PresentManager): presenting, B slides in from the left edge to its frame over A;
/// dismissing, B slides out (down, the way the pan pulls it) and uncovers A. One second, ease-in-ease-out, as the
/// seed's `UIView.animate` runs it.
final class SlideAnimator003: AnnouncingAnimator, TransitionAnimator, @unchecked Sendable {
    static let duration = 1.0

    func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) {
        begin(context)
        defer { Transaction.commit() }
        let size = context.containerLayer.bounds.size
        if context.kind == .dismiss {
            let b = context.scene(forKey: .from).layer
            let out = Point(x: b.position.x, y: b.position.y + size.height)
            Self.animate(b, "position", from: .point(b.position), to: .point(out), context)
            b.position = out
        } else {
            let scene = context.scene(forKey: .to)
            let b = scene.layer
            b.frame = context.finalFrame(for: scene)
            do { try context.containerLayer.addSublayer(b) } catch { ExampleOutput.line("error: \(error)") }
            let shown = b.position
            Self.animate(
                b, "position", from: .point(Point(x: shown.x - size.width, y: shown.y)), to: .point(shown), context)
        }
    }
}
