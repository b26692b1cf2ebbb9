import AnimScenes
import TransitionExampleSupport

/// The app's four scenes. Each builds its content into its root layer when the layer is first used
/// (`sceneDidLoad`), and sends its buttons to the app.

/// The first scene, the navigation stack's root: a button for each demo.
final class HomeScene: Scene, @unchecked Sendable {
    weak var app: TransitionsApp?
    private let metrics: Metrics
    private var content: HomeContent?

    init(connection: Connection, metrics: Metrics) {
        self.metrics = metrics
        super.init(connection: connection)
        title = "Home"
    }

    override func sceneDidLoad() {
        content = report {
            try HomeContent(
                in: layer, metrics, present: { [weak self] in self?.app?.presentCard() },
                push: { [weak self] in self?.app?.pushDetail() }, sheet: { [weak self] in self?.app?.presentSheet() })
        }
    }
}

/// Presented by the card animator, at the frame its presentation controller gives.
final class CardScene: Scene, @unchecked Sendable {
    weak var app: TransitionsApp?
    private let metrics: Metrics
    private var content: CardContent?

    init(connection: Connection, metrics: Metrics) {
        self.metrics = metrics
        super.init(connection: connection)
        title = "Card"
        modalPresentationStyle = .custom
    }

    override func sceneDidLoad() {
        content = report { try CardContent(in: layer, metrics, close: { [weak self] in self?.app?.dismissCard() }) }
    }
}

/// Pushed on the stack. Its title fades in alongside the push and out alongside the pop (the transition
/// coordinator's alongside animations), so an interactive pop scrubs it with the layers and a cancelled one puts it
/// back; a pan from the left edge pops it interactively.
final class DetailScene: Scene, @unchecked Sendable {
    weak var app: TransitionsApp?
    private let metrics: Metrics
    private var content: DetailContent?
    private var edgePan: EdgePan?

    init(connection: Connection, metrics: Metrics) {
        self.metrics = metrics
        super.init(connection: connection)
        title = "Detail"
    }

    override func sceneDidLoad() {
        content = report { try DetailContent(in: layer, metrics, back: { [weak self] in self?.app?.popDetail() }) }
        let edgePan = EdgePan { [weak self] pan in self?.app?.edgePanChanged(pan) }
        layer.addGestureRecognizer(edgePan.recognizer)
        self.edgePan = edgePan
    }

    override func willAppear(animated: Bool) {
        guard let title = content?.title, let coordinator = transitionCoordinator else { return }
        // Runs in the commit that sets the transition up, with actions off: the title starts transparent.
        title.opacity = 0
        coordinator.animate(alongsideTransition: { _ in title.opacity = 1 })
    }

    override func willDisappear(animated: Bool) {
        guard let title = content?.title, let coordinator = transitionCoordinator, coordinator.kind == .pop else {
            return
        }
        coordinator.animate(alongsideTransition: { _ in title.opacity = 0 })
    }
}

/// Shown as a half-height sheet by `SheetPresentationController`.
final class SheetScene: Scene, @unchecked Sendable {
    weak var app: TransitionsApp?
    private let metrics: Metrics
    private var content: SheetContent?

    init(connection: Connection, metrics: Metrics) {
        self.metrics = metrics
        super.init(connection: connection)
        title = "Sheet"
        modalPresentationStyle = .custom
    }

    override func sceneDidLoad() {
        content = report { try SheetContent(in: layer, metrics, done: { [weak self] in self?.app?.dismissSheet() }) }
    }
}

/// Builds content, printing why it failed (a layer refused by its superlayer): the scene then shows what it has.
private func report<T>(_ build: () throws -> T) -> T? {
    do {
        return try build()
    } catch {
        ExampleOutput.line("error: \(error)")
        return nil
    }
}
