import AnimCore

/// UIGestureRecognizer: a state machine fed the touches of the layer it is attached to and of its sublayers,
/// with their media-time timestamps. Discrete recognizers (tap, swipe) go from `possible` to `ended` (also
/// called `recognized`) or `failed`; continuous ones (pan, pinch, rotation, long press) from `possible` to
/// `began`, `changed`… and `ended` or `cancelled`, or to `failed`. Its handlers run on the connection's
/// delegate queue at `began`, `changed`, `ended` and `cancelled`. When several recognizers see the same
/// touches, `GestureArena` decides which may act (README, "Input and gestures").
///
/// Use a recognizer on the delegate queue, as UIKit's on the main thread.
public class GestureRecognizer: @unchecked Sendable {
    public enum State: Sendable, Hashable {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        /// A discrete gesture's success is its `ended`.
        public static let recognized = State.ended

        var isActive: Bool { self == .began || self == .changed }
        var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// The layer it is attached to (`Layer.addGestureRecognizer(_:)`).
    public internal(set) weak var layer: Layer?
    public weak var delegate: (any GestureRecognizerDelegate)?
    /// A disabled recognizer sees no touches; disabling an active one cancels it.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue, let arena else { return }
            arena.disable(self)
        }
    }
    /// Whether the touches it recognizes stop reaching the layers' touch handlers: they get `cancelled`.
    public var cancelsTouchesInLayer = true

    public internal(set) var state = State.possible
    /// Media time of the latest touch event or deadline the recognizer handled.
    public internal(set) var timestamp: Double = 0

    /// The touches down that it follows, in the order they went down.
    public internal(set) var touches: [Touch] = []
    public var numberOfTouches: Int { touches.count }

    var actions: [(GestureRecognizer) -> Void] = []
    var failureRequirements: [WeakRecognizer] = []
    /// The arena of the touches it is following, while it follows some.
    weak var arena: GestureArena?
    /// A media time at which `deadlineReached()` is called if nothing else happened first.
    var deadline: Double?
    /// The transition it asked for while a recognizer it requires to fail had not failed yet.
    var pendingState: State?
    /// The centroid of the last touches, kept after they lift (UIKit's location after `ended`).
    var lastCentroid: Point?

    public required init() {}

    /// Adds a handler run at each of `began`, `changed`, `ended` (`recognized`) and `cancelled`.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// It may recognize only once `other` has failed; if `other` recognizes, it fails (UIKit's
    /// `require(toFail:)`). A requirement on a recognizer that is not following the same touches is met.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
    }

    /// The centroid of the touches in `layer`'s coordinates (nil: scene), converted on the model tree; after
    /// the touches lifted, where they were last.
    public func location(in layer: Layer?) -> Point? {
        guard let centroid = touches.isEmpty ? lastCentroid : centroid(of: touches) else { return nil }
        guard let layer else { return centroid }
        return layer.convert(centroid, from: nil)
    }

    /// The point of the `index`th touch in `layer`'s coordinates (nil: scene).
    public func location(ofTouch index: Int, in layer: Layer?) -> Point? {
        guard touches.indices.contains(index) else { return nil }
        return touches[index].location(in: layer)
    }

    // MARK: What subclasses implement

    func touchesBegan(_ touches: [Touch]) {}
    func touchesMoved(_ touches: [Touch]) {}
    func touchesEnded(_ touches: [Touch]) {}
    func touchesCancelled(_ touches: [Touch]) {
        if state.isActive { transition(to: .cancelled) } else if state == .possible { transition(to: .failed) }
    }
    /// Called at `deadline`, with `timestamp` set to it.
    func deadlineReached() {}
    /// Back to `possible` once its touches are over and it reached a final state.
    func reset() {}

    // MARK: Transitions

    /// Asks for a transition; the arena applies it, holds it until a required failure, or turns it into a
    /// failure (another recognizer won, the delegate refused). Handlers run for the states they report.
    func transition(to new: State) {
        if let arena {
            arena.request(new, for: self)
        } else {
            apply(new)
        }
    }

    /// Sets the state and runs the handlers: the arena's last step.
    func apply(_ new: State) {
        setState(new)
        runActions()
    }

    func setState(_ new: State) {
        pendingState = nil
        state = new
        if new.isFinal { deadline = nil }
    }

    func runActions() {
        guard state != .failed, state != .possible else { return }
        for action in actions { action(self) }
    }

    func resetToPossible() {
        state = .possible
        pendingState = nil
        deadline = nil
        touches = []
        reset()
    }

    func centroid(of touches: [Touch]) -> Point? {
        guard !touches.isEmpty else { return nil }
        let n = Double(touches.count)
        return Point(
            x: touches.reduce(0) { $0 + $1.scenePoint.x } / n, y: touches.reduce(0) { $0 + $1.scenePoint.y } / n)
    }

    /// A vector `v` given in scene coordinates, in `layer`'s (nil: scene): the difference of two converted points.
    func vector(_ v: Point, in layer: Layer?) -> Point? {
        guard let layer else { return v }
        guard let origin = layer.convert(Point(x: 0, y: 0), from: nil), let tip = layer.convert(v, from: nil) else {
            return nil
        }
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }
}

/// Handlers typed as the recognizer's own class: `pan.addHandler { pan in pan.translation(in: nil) }`.
public protocol GestureHandling: GestureRecognizer {
    init()
}

extension GestureRecognizer: GestureHandling {}

extension GestureHandling {
    /// A recognizer with `handler` as its first handler.
    public init(handler: @escaping (Self) -> Void) {
        self.init()
        addHandler(handler)
    }

    public func addHandler(_ handler: @escaping (Self) -> Void) {
        addAction { recognizer in
            if let typed = recognizer as? Self { handler(typed) }
        }
    }

    /// UIKit's target and action: `action` is a method of `target`, held weakly (`pan.addTarget(self,
    /// action: CardController.handlePan)`); once the target is gone nothing runs.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Self) -> Void) {
        addAction { [weak target] recognizer in
            guard let target, let typed = recognizer as? Self else { return }
            action(target)(typed)
        }
    }
}

/// UIGestureRecognizerDelegate: every method has a default, the UIKit one.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when `recognizer` leaves `possible` (to `began` or `recognized`); false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether `recognizer` and `other` may both act on the same touches. Asked of both delegates; one yes is
    /// enough. Default false: the first to recognize makes the other fail.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    )
        -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
}

struct WeakRecognizer {
    weak var value: GestureRecognizer?
    init(_ value: GestureRecognizer) { self.value = value }
}
