/// What one source of actions says for an event (docs/core-animation-rules.md#action-lookup).
public enum ActionAnswer: Hashable, Sendable {
    /// No opinion: the search goes on (the delegate or dictionary returned nil).
    case noAnswer
    /// `NSNull`: the search stops and there is no action.
    case null
    /// This animation is the action.
    case animation(Animation)
}

/// The action lookup of `CALayer.action(forKey:)` (docs/core-animation-rules.md#action-lookup): the delegate, the
/// layer's `actions`, the `style` dictionaries from the innermost out, then the class's default action. The first
/// answer that is not `.noAnswer` wins; `.null` means none.
public struct ActionLookup: Sendable {
    public var delegate: (@Sendable (String) -> ActionAnswer)?
    /// The layer's `actions` dictionary; a missing key is no answer, `.null` stops the search.
    public var actions: [String: ActionAnswer]
    /// The `actions` of each `style` dictionary, innermost first.
    public var styleActions: [[String: ActionAnswer]]

    public init(
        delegate: (@Sendable (String) -> ActionAnswer)? = nil, actions: [String: ActionAnswer] = [:],
        styleActions: [[String: ActionAnswer]] = []
    ) {
        self.delegate = delegate
        self.actions = actions
        self.styleActions = styleActions
    }

    /// The action for `event` on a layer of `layerClass`, or nil for none. `disableActions` skips the
    /// lookup entirely (docs/core-animation-rules.md#transactions).
    public func action(
        forKey event: String, layerClass: LayerClass, transaction: TransactionStack
    ) -> Animation? {
        if transaction.disableActions { return nil }
        var answers: [ActionAnswer] = []
        if let delegate { answers.append(delegate(event)) }
        answers.append(actions[event] ?? .noAnswer)
        for style in styleActions { answers.append(style[event] ?? .noAnswer) }
        for answer in answers {
            switch answer {
            case .noAnswer: continue
            case .null: return nil
            case .animation(let a): return a
            }
        }
        return ActionLookup.defaultAction(forKey: event, layerClass: layerClass, transaction: transaction)
    }

    /// `+defaultActionForKey:` (docs/core-animation-rules.md#default-actions): for a property with a default action, a
    /// basic animation with no endpoints (from the previous presentation value to the new model value), the
    /// transaction's duration, and its curve or `default` (docs/core-animation-rules.md#decisions-on-open-points).
    /// onOrderIn/onOrderOut have none (docs/core-animation-rules.md#decisions-on-open-points).
    public static func defaultAction(
        forKey event: String, layerClass: LayerClass, transaction: TransactionStack
    ) -> Animation? {
        guard let property = LayerProperty.named(event, on: layerClass), property.hasDefaultAction else {
            return nil
        }
        return Animation(
            .basic(BasicAnimation(keyPath: AnimKeyPath(property: property))),
            timing: MediaTiming(duration: transaction.animationDuration),
            timingFunction: transaction.animationTimingFunction ?? .default)
    }
}
