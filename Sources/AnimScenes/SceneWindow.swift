import AnimCore
import AnimKit

/// The host of an app's scenes on one connection (UIWindow with its transition view): a root layer covering the
/// display, and in it the container layer where the root scene, the presented scenes and their presentation
/// controllers' layers live and where presentations and dismissals run.
///
/// One transition runs at a time in a window (navigation stacks inside it included): asking for another while one
/// runs throws `SceneTransitionError.transitionInProgress` and changes nothing; nothing is queued. UIKit logs
/// "attempt to present while a presentation is in progress" and ignores the request; retry from the running
/// transition's completion (docs/core-animation-rules.md#interactive-transitions).
///
/// Call `present`, `dismiss` and the stacks' `push`/`pop` outside any open `Transaction`: a transition commits its
/// set-up before its animations, so that layers it creates exist on the server when they animate.
public final class SceneWindow: @unchecked Sendable {
    public let connection: Connection
    /// Covers the display (the connection's root in the app's tree).
    public let rootLayer: Layer
    /// Where scenes and presentation transitions live; fills `rootLayer`.
    public let containerLayer: Layer
    public private(set) var rootScene: Scene?
    let gate = TransitionGate()
    /// The presentations shown, bottom first.
    private var presentations: [PresentationController] = []

    /// A window covering `bounds` of the display (usually all of it) on `connection`; its root layer is committed at
    /// once, as a sublayer of `superlayer` when one is given (else as a root of the connection).
    public init(connection: Connection, bounds: Rect, in superlayer: Layer? = nil) {
        self.connection = connection
        Transaction.begin()
        Transaction.disableActions = true
        rootLayer = Layer(connection: connection)
        rootLayer.name = "SceneWindow"
        rootLayer.frame = bounds
        containerLayer = Layer(connection: connection)
        containerLayer.name = "SceneWindow.container"
        containerLayer.frame = Rect(origin: Point(x: 0, y: 0), size: bounds.size)
        do {
            try rootLayer.addSublayer(containerLayer)
            try superlayer?.addSublayer(rootLayer)
        } catch {
            log.error("the window's layers could not join their superlayers: \(error)")
        }
        Transaction.commit()
    }

    /// A window filling the display (UIWindow on the main screen): its root layer is a sublayer of the connection's
    /// `rootLayer`, sized to `connection.display`. The server tells a display change (`connection.displayHandler`);
    /// an app that follows it sets `window.bounds` to the new `DisplayInfo.bounds` size from that handler, which lays
    /// out the scenes and presentations without animation.
    public convenience init(connection: Connection) {
        let size = connection.display?.bounds.size ?? Size(width: 0, height: 0)
        self.init(connection: connection, bounds: Rect(origin: Point(x: 0, y: 0), size: size), in: connection.rootLayer)
    }

    /// The window's rectangle on the display (its root layer's frame), as given to `init`; changing it lays out the
    /// container, the root scene and the presentations (their controllers' layout hook runs), without animation.
    public var bounds: Rect {
        get { rootLayer.frame }
        set {
            Transaction.begin()
            Transaction.disableActions = true
            rootLayer.frame = newValue
            containerLayer.frame = Rect(origin: Point(x: 0, y: 0), size: newValue.size)
            rootScene?.place(in: containerLayer.bounds)
            for controller in presentations { controller.layoutContainer() }
            Transaction.commit()
        }
    }

    /// The scene on top: the last one presented, else the root.
    public var topScene: Scene? {
        var scene = rootScene
        while let presented = scene?.presentedScene { scene = presented }
        return scene
    }

    /// Whether a transition runs in the window now.
    public var isTransitioning: Bool { gate.active != nil }

    /// Shows `scene` as the window's root, without animation (willAppear, then didAppear). Replacing a root that
    /// presents scenes dismisses nothing: it throws `.alreadyPresenting`.
    public func setRootScene(_ scene: Scene) throws(SceneTransitionError) {
        if let running = gate.active {
            throw .transitionInProgress(running: running.description, refused: "setRootScene(\(scene))")
        }
        guard scene.connection === connection else { throw .foreignConnection(scene: scene.description) }
        guard scene !== rootScene else { return }
        guard !scene.isShown else { throw .alreadyShown(scene: scene.description) }
        if let old = rootScene, let presented = old.presentedScene {
            throw .alreadyPresenting(presenter: old.description, presented: presented.description)
        }
        let old = rootScene
        Transaction.begin()
        Transaction.disableActions = true
        _ = scene.layer
        old?.willDisappear(animated: false)
        scene.willAppear(animated: false)
        old?.takeLayerOffstage()
        old?.hostWindow = nil
        rootScene = scene
        scene.hostWindow = self
        scene.place(in: containerLayer.bounds)
        addOnTop(scene.layer, in: containerLayer)
        Transaction.commit()
        old?.didDisappear(animated: false)
        scene.didAppear(animated: false)
    }

    /// Presents `scene` over the top scene (see `Scene.present(_:animated:completion:)`). `completion` runs once
    /// the presentation has completed (not when it is cancelled).
    public func present(
        _ scene: Scene, animated: Bool = true, completion: (() -> Void)? = nil
    ) throws(SceneTransitionError) {
        guard let top = topScene else { throw .notInWindow(scene: scene.description) }
        try present(scene, from: top, animated: animated, completion: completion)
    }

    /// Dismisses the top presented scene.
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) throws(SceneTransitionError) {
        guard let top = topScene else { throw .nothingToDismiss(scene: "the window") }
        try dismiss(from: top, animated: animated, completion: completion)
    }

    // MARK: Presentation

    func present(
        _ scene: Scene, from source: Scene, animated: Bool, completion: (() -> Void)?
    ) throws(SceneTransitionError) {
        if let running = gate.active {
            throw .transitionInProgress(running: running.description, refused: "present \(scene)")
        }
        guard scene.connection === connection else { throw .foreignConnection(scene: scene.description) }
        guard !scene.isShown, scene !== source else { throw .alreadyShown(scene: scene.description) }
        let presenter = source.windowLevelScene
        if let presented = presenter.presentedScene {
            throw .alreadyPresenting(presenter: presenter.description, presented: presented.description)
        }
        let delegate = scene.transitioningDelegate
        Transaction.begin()
        let controller: PresentationController
        switch scene.modalPresentationStyle {
        case .fullScreen: controller = FullScreenPresentationController(presentedScene: scene, presenting: presenter)
        case .overFullScreen: controller = PresentationController(presentedScene: scene, presenting: presenter)
        case .custom:
            controller =
                delegate?.presentationController(forPresented: scene, presenting: presenter, source: source)
                ?? PresentationController(presentedScene: scene, presenting: presenter)
        }
        Transaction.commit()
        controller.containerLayer = containerLayer
        let animator: (any TransitionAnimator)? =
            animated
            ? (delegate?.animator(forPresented: scene, presenting: presenter, source: source) ?? CoverVerticalAnimator())
            : nil
        let interaction = animator.flatMap { delegate?.interactionController(forPresentation: $0) }
        let removesPresenter = controller.shouldRemovePresentersLayer
        let context = TransitionContext(
            kind: .present, containerLayer: containerLayer, from: presenter, to: scene,
            fromLayerShown: removesPresenter, animated: animated, animator: animator,
            interactionController: interaction, presentationStyle: scene.modalPresentationStyle, gate: gate)
        context.setFrames(of: presenter, initial: presenter.layer.frame, final: presenter.layer.frame)
        context.setFrames(of: scene, initial: .zero, final: controller.frameOfPresentedLayerInContainer)
        context.appearing = scene
        context.disappearing = removesPresenter ? presenter : nil
        context.setUp = {
            presenter.presentedScene = scene
            scene.presentingScene = presenter
            scene.hostWindow = self
            scene.presentationController = controller
            controller.layoutContainer()
            controller.presentationTransitionWillBegin()
        }
        context.settle = { [self] completed in
            if completed {
                addOnTop(scene.layer, in: containerLayer)
                if removesPresenter { presenter.takeLayerOffstage() }
                presentations.append(controller)
            } else {
                scene.takeLayerOffstage()
                presenter.presentedScene = nil
                scene.presentingScene = nil
                scene.hostWindow = nil
                scene.presentationController = nil
            }
            controller.presentationTransitionDidEnd(completed: completed)
        }
        context.ended = { completed in if completed { completion?() } }
        context.run()
    }

    func dismiss(from source: Scene, animated: Bool, completion: (() -> Void)?) throws(SceneTransitionError) {
        if let running = gate.active {
            throw .transitionInProgress(running: running.description, refused: "dismiss from \(source)")
        }
        let hosted = source.windowLevelScene
        let leaving: Scene
        if let presented = hosted.presentedScene {
            leaving = presented
        } else if hosted.presentingScene != nil {
            leaving = hosted
        } else {
            throw .nothingToDismiss(scene: source.description)
        }
        if let above = leaving.presentedScene {
            throw .alreadyPresenting(presenter: leaving.description, presented: above.description)
        }
        guard let presenter = leaving.presentingScene, let controller = leaving.presentationController else {
            throw .nothingToDismiss(scene: source.description)
        }
        let delegate = leaving.transitioningDelegate
        let animator: (any TransitionAnimator)? =
            animated ? (delegate?.animator(forDismissed: leaving) ?? CoverVerticalAnimator()) : nil
        let interaction = animator.flatMap { delegate?.interactionController(forDismissal: $0) }
        let removesPresenter = controller.shouldRemovePresentersLayer
        let context = TransitionContext(
            kind: .dismiss, containerLayer: containerLayer, from: leaving, to: presenter,
            toLayerShown: removesPresenter, animated: animated, animator: animator,
            interactionController: interaction, presentationStyle: leaving.modalPresentationStyle, gate: gate)
        context.setFrames(of: leaving, initial: leaving.layer.frame, final: .zero)
        let presenterFrame = presenter.isLayerLoaded ? presenter.layer.frame : containerLayer.bounds
        context.setFrames(of: presenter, initial: presenterFrame, final: presenterFrame)
        context.appearing = removesPresenter ? presenter : nil
        context.disappearing = leaving
        context.setUp = { [self] in
            if removesPresenter && presenter.layer.superlayer !== containerLayer {
                do {
                    try containerLayer.insertSublayer(presenter.layer, below: leaving.layer)
                } catch {
                    log.error("dismiss: the presenter's layer could not return: \(error)")
                }
            }
            controller.dismissalTransitionWillBegin()
        }
        context.settle = { [self] completed in
            if completed {
                leaving.takeLayerOffstage()
                presenter.presentedScene = nil
                leaving.presentingScene = nil
                leaving.hostWindow = nil
                leaving.presentationController = nil
                presentations.removeAll { $0 === controller }
            } else if removesPresenter {
                presenter.takeLayerOffstage()
            }
            controller.dismissalTransitionDidEnd(completed: completed)
        }
        context.ended = { completed in if completed { completion?() } }
        context.run()
    }
}

extension Scene {
    /// Whether the scene is shown somewhere already (a window's root or presented, or in a stack).
    var isShown: Bool { hostWindow != nil || presentingScene != nil || navigationStack != nil }

    /// The scene the window knows: this one, or the stack (of the stack…) holding it.
    var windowLevelScene: Scene {
        var scene = self
        while scene.hostWindow == nil, let stack = scene.navigationStack { scene = stack }
        return scene
    }
}
