/// Something a layer runs when an event happens (CAAction): a property change ("opacity"), "onOrderIn",
/// "onOrderOut" or "transition". `Animation` is one: running it adds it to the layer under the event's key.
public protocol Action: AnyObject {
    func run(forKey event: String, object layer: Layer) throws(AnimKitError)
}

/// The `NSNull` of action lookup: an answer that stops the search and means "no action"
/// (docs/core-animation-rules.md#action-lookup). Return it from `LayerDelegate.action(for:forKey:)` or put it in
/// `Layer.actions` to disable one event's animation.
public final class NullAction: Action, Sendable {
    public static let shared = NullAction()
    public init() {}
    public func run(forKey event: String, object layer: Layer) {}
}

/// A layer's delegate (CALayerDelegate). Its answer comes first in action lookup.
public protocol LayerDelegate: AnyObject {
    /// nil continues the search; `NullAction` stops it with no action; anything else is the action.
    func action(for layer: Layer, forKey event: String) -> (any Action)?
}

extension LayerDelegate {
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
}

/// An animation's delegate (CAAnimationDelegate); called on the connection's `delegateQueue`, start before stop.
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: Animation)
    /// `finished` is false when the animation was removed before its end.
    func animationDidStop(_ animation: Animation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ animation: Animation) {}
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// A layer's `style`: `actions` consulted after the layer's own, then the nested style's
/// (docs/core-animation-rules.md#action-lookup, step 3).
public struct LayerStyle {
    public var actions: [String: any Action]
    private var inner: [LayerStyle]

    public init(actions: [String: any Action] = [:], style: LayerStyle? = nil) {
        self.actions = actions
        inner = style.map { [$0] } ?? []
    }

    /// The nested style dictionary, searched after this one.
    public var style: LayerStyle? {
        get { inner.first }
        set { inner = newValue.map { [$0] } ?? [] }
    }

    /// The action for `event` in this style or a nested one, innermost first: nil when none has an entry.
    func action(forKey event: String) -> (any Action)? {
        if let a = actions[event] { return a }
        return inner.first?.action(forKey: event)
    }
}
