import AnimCore
import AnimKit

/// UINavigationController for scenes: a stack of scenes of which the top one shows, filling the stack's layer,
/// which is the container of its pushes and pops. A stack is itself a scene: make it a window's root or present it.
/// It forwards its appearance calls to its top scene.
///
/// Pushes and pops run the delegate's animator (`SlideAnimator` by default) and, when the delegate gives one, its
/// interaction controller. While a transition runs in the stack's window (or in the stack when it is in no window)
/// another push, pop or presentation is refused with `SceneTransitionError.transitionInProgress`.
open class NavigationStack: Scene, @unchecked Sendable {
    public private(set) var scenes: [Scene] = []
    public weak var delegate: (any NavigationStackDelegate)?
    let ownGate = TransitionGate()

    public init(connection: Connection, rootScene: Scene) {
        super.init(connection: connection)
        scenes = [rootScene]
        rootScene.navigationStack = self
    }

    public var rootScene: Scene { scenes[0] }
    public var topScene: Scene { scenes[scenes.count - 1] }

    /// The layer pushes and pops run in: the stack's own layer.
    public var containerLayer: Layer { layer }

    open override func loadLayer() {
        let container = Layer(connection: connection)
        container.name = "NavigationStack"
        layer = container
        addOnTop(topScene.layer, in: container)
    }

    override func place(in frame: Rect) {
        layer.frame = frame
        let bounds = layer.bounds
        for scene in scenes where scene.isLayerLoaded && scene.layer.superlayer === layer {
            scene.place(in: bounds)
        }
        if !topScene.isLayerLoaded || topScene.layer.superlayer !== layer { topScene.place(in: bounds) }
    }

    open override func willAppear(animated: Bool) { topScene.willAppear(animated: animated) }
    open override func didAppear(animated: Bool) { topScene.didAppear(animated: animated) }
    open override func willDisappear(animated: Bool) { topScene.willDisappear(animated: animated) }
    open override func didDisappear(animated: Bool) { topScene.didDisappear(animated: animated) }

    /// Pushes `scene` on the stack. `completion` runs once the push has completed (not when it is cancelled).
    public func push(
        _ scene: Scene, animated: Bool = true, completion: (() -> Void)? = nil
    )
        throws(SceneTransitionError)
    {
        try requireNoTransition(refused: "push \(scene)")
        guard scene.connection === connection else { throw .foreignConnection(scene: scene.description) }
        guard !scene.isShown, scene !== self else { throw .alreadyShown(scene: scene.description) }
        let from = topScene
        let animator: (any TransitionAnimator)? =
            animated
            ? (delegate?.navigationStack(self, animatorFor: .push, from: from, to: scene)
                ?? SlideAnimator(operation: .push)) : nil
        let context = makeContext(.push, from: from, to: scene, animated: animated, animator: animator)
        context.setFrames(of: from, initial: layer.bounds, final: .zero)
        context.setFrames(of: scene, initial: .zero, final: layer.bounds)
        context.setUp = { [self] in
            scenes.append(scene)
            scene.navigationStack = self
            scene.place(in: layer.bounds)
            delegate?.navigationStack(self, willShow: scene, animated: animated)
        }
        context.settle = { [self] completed in
            if completed {
                addOnTop(scene.layer, in: layer)
                from.takeLayerOffstage()
            } else {
                scenes.removeAll { $0 === scene }
                scene.navigationStack = nil
                scene.takeLayerOffstage()
            }
        }
        context.ended = { [self] completed in
            if completed {
                delegate?.navigationStack(self, didShow: scene, animated: animated)
                completion?()
            }
        }
        context.run()
    }

    /// Pops the top scene and returns it. Throws `.cannotPopRoot` when only the root is left.
    @discardableResult
    public func pop(animated: Bool = true, completion: (() -> Void)? = nil) throws(SceneTransitionError) -> Scene {
        guard scenes.count > 1 else { throw .cannotPopRoot(stack: description) }
        let leaving = topScene
        try popTo(scenes[scenes.count - 2], animated: animated, completion: completion)
        return leaving
    }

    /// Pops every scene above the root and returns them, bottom first (only the top one is seen leaving).
    @discardableResult
    public func popToRoot(
        animated: Bool = true, completion: (() -> Void)? = nil
    ) throws(SceneTransitionError)
        -> [Scene]
    {
        guard scenes.count > 1 else { return [] }
        let leaving = Array(scenes.dropFirst())
        try popTo(rootScene, animated: animated, completion: completion)
        return leaving
    }

    private func popTo(_ target: Scene, animated: Bool, completion: (() -> Void)?) throws(SceneTransitionError) {
        try requireNoTransition(refused: "pop to \(target)")
        let from = topScene
        let animator: (any TransitionAnimator)? =
            animated
            ? (delegate?.navigationStack(self, animatorFor: .pop, from: from, to: target)
                ?? SlideAnimator(operation: .pop)) : nil
        let context = makeContext(.pop, from: from, to: target, animated: animated, animator: animator)
        context.setFrames(of: from, initial: layer.bounds, final: .zero)
        context.setFrames(of: target, initial: .zero, final: layer.bounds)
        context.setUp = { [self] in
            target.place(in: layer.bounds)
            if target.layer.superlayer !== layer {
                do {
                    try layer.insertSublayer(target.layer, below: from.layer)
                } catch {
                    log.error("pop: \(target)'s layer could not return: \(error)")
                }
            }
            delegate?.navigationStack(self, willShow: target, animated: animated)
        }
        context.settle = { [self] completed in
            if completed {
                guard let index = scenes.firstIndex(where: { $0 === target }) else { return }
                for removed in scenes[(index + 1)...] {
                    removed.takeLayerOffstage()
                    removed.navigationStack = nil
                }
                scenes.removeSubrange((index + 1)...)
            } else {
                target.takeLayerOffstage()
            }
        }
        context.ended = { [self] completed in
            if completed {
                delegate?.navigationStack(self, didShow: target, animated: animated)
                completion?()
            }
        }
        context.run()
    }

    private func makeContext(
        _ kind: TransitionKind, from: Scene, to: Scene, animated: Bool, animator: (any TransitionAnimator)?
    ) -> TransitionContext {
        let interaction = animator.flatMap { delegate?.navigationStack(self, interactionControllerFor: $0) }
        let context = TransitionContext(
            kind: kind, containerLayer: layer, from: from, to: to, animated: animated, animator: animator,
            interactionController: interaction, presentationStyle: .fullScreen, gate: transitionGate ?? ownGate)
        // A stack out of sight changes its scenes without telling them they appear.
        if window != nil {
            context.appearing = to
            context.disappearing = from
        }
        return context
    }

    private func requireNoTransition(refused: String) throws(SceneTransitionError) {
        if let running = (transitionGate ?? ownGate).active {
            throw .transitionInProgress(running: running.description, refused: refused)
        }
    }
}
