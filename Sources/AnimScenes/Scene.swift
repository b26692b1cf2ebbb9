import AnimCore
import AnimKit

/// UIViewController for layers: an app's unit of screen. It owns a root layer, created on first use by
/// `loadLayer()` (then `sceneDidLoad()` runs), and hears its appearance in UIKit's order:
///
/// - shown without animation or at the end of a transition that completes:
///   `from.willDisappear`, `to.willAppear`, … the transition …, `from.didDisappear`, `to.didAppear`;
/// - a transition that is cancelled (an interactive one cancelled, or `completeTransition(false)`): after the
///   will-calls above, `to.willDisappear`, `to.didDisappear`, `from.willAppear`, `from.didAppear`. The incoming
///   scene never gets didAppear and the outgoing one never gets didDisappear, as in UIKit.
///
/// A presentation that keeps the presenter's layer (`overFullScreen`, `custom` with
/// `shouldRemovePresentersLayer` false) sends the presenter no calls. Override the four calls to react; call
/// `super` from overrides in subclasses of `NavigationStack`, which forwards them to its top scene.
///
/// Subclasses restate the conformance (`final class Home: Scene, @unchecked Sendable`), as Swift 6 asks of every
/// subclass of an `@unchecked Sendable` class (AnimKit's `Layer` subclasses do the same).
///
/// Threading: drive a scene, its window and its stacks from one serial queue, the connection's `delegateQueue`
/// (the main queue by default), where the framework calls back (animators' completions, the end of an
/// interactive transition).
open class Scene: @unchecked Sendable, CustomStringConvertible {
    public let connection: Connection
    /// Names the scene in errors and logs.
    public var title: String?

    private var loadedLayer: Layer?
    /// Set while the scene is a window's root or presented in it.
    weak var hostWindow: SceneWindow?

    public internal(set) weak var presentingScene: Scene?
    public internal(set) var presentedScene: Scene?
    /// The stack holding this scene, if any.
    public internal(set) weak var navigationStack: NavigationStack?
    /// Asked for the animators, interaction controllers and presentation controller when this scene is presented
    /// or dismissed. Held weakly, as UIKit holds it.
    public weak var transitioningDelegate: (any TransitioningDelegate)?
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// The controller of the presentation showing this scene, while it is presented.
    public internal(set) var presentationController: PresentationController?

    public init(connection: Connection) {
        self.connection = connection
    }

    open var description: String { title.map { "\(type(of: self)) \"\($0)\"" } ?? "\(type(of: self))" }

    // MARK: The layer

    /// The root layer, loaded on first use (`loadLayer()`, then `sceneDidLoad()`).
    public var layer: Layer {
        get {
            if let loadedLayer { return loadedLayer }
            loadLayer()
            let loaded = loadedLayer ?? Layer(connection: connection)
            loadedLayer = loaded
            if loaded.superlayer == nil { offstage.take(loaded) }
            sceneDidLoad()
            return loaded
        }
        set { loadedLayer = newValue }
    }

    public var isLayerLoaded: Bool { loadedLayer != nil }

    /// Whether the scene's layer is loaded and off screen: before it is first shown, and after a transition has
    /// taken it away (docs/core-animation-rules.md#scenes-off-screen).
    public var isLayerOffstage: Bool { loadedLayer.map(offstage.holds) ?? false }

    /// The hidden holder of this scene's layer while it is off screen.
    lazy var offstage = Offstage(connection: connection)

    /// Takes the scene's layer off screen (instead of `removeFromSuperlayer()`, which would leave it a root).
    func takeLayerOffstage() {
        offstage.take(layer)
    }

    /// Creates the root layer and assigns it to `layer` (loadView). The default makes a plain `Layer`; an
    /// override must not call `super` when it assigns its own. Its frame is set by whoever shows the scene.
    open func loadLayer() {
        loadedLayer = Layer(connection: connection)
    }

    /// Called once, after `loadLayer()` (viewDidLoad).
    open func sceneDidLoad() {}

    // MARK: Appearance

    open func willAppear(animated: Bool) {}
    open func didAppear(animated: Bool) {}
    open func willDisappear(animated: Bool) {}
    open func didDisappear(animated: Bool) {}

    // MARK: Where it is

    /// The window showing this scene: its own when it is the root or presented, else its stack's.
    public var window: SceneWindow? { hostWindow ?? navigationStack?.window }

    /// The coordinator of the transition running in this scene's window (or stack outside a window), nil when
    /// none runs (UIViewController.transitionCoordinator).
    public var transitionCoordinator: TransitionCoordinator? {
        transitionGate?.active?.coordinator
    }

    /// The gate of the transitions this scene takes part in: its window's, else its stack's.
    var transitionGate: TransitionGate? {
        window?.gate ?? (self as? NavigationStack)?.ownGate ?? navigationStack?.transitionGate
    }

    /// Gives the scene's layer `frame` (in its superlayer); a stack also lays out its scenes.
    func place(in frame: Rect) {
        layer.frame = frame
    }

    // MARK: Presenting

    /// Presents `scene` over this one, which must be the window's topmost scene (or inside it: a stack's scene
    /// presents from its stack). Throws `SceneTransitionError.transitionInProgress` while another transition of the
    /// window runs (nothing is queued), `.alreadyPresenting` when this scene already presents one.
    public func present(
        _ scene: Scene, animated: Bool = true, completion: (() -> Void)? = nil
    ) throws(SceneTransitionError) {
        guard let window else { throw .notInWindow(scene: description) }
        try window.present(scene, from: self, animated: animated, completion: completion)
    }

    /// Dismisses the scene this one presents, or this one if it presents none and was presented (or sits in a
    /// presented stack). Same refusals as `present`.
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) throws(SceneTransitionError) {
        guard let window else { throw .notInWindow(scene: description) }
        try window.dismiss(from: self, animated: animated, completion: completion)
    }
}
