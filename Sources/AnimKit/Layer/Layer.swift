import AnimCore
import AnimProtocol

/// CALayer. Its model values live in the connection's model tree: reading one never waits on the server,
/// and every change is checked at once, applied to the model, and recorded in the current transaction
/// (see `Transaction`) for the server. Usable from any thread.
open class Layer: @unchecked Sendable {
    public let connection: Connection
    /// The layer's id on its connection.
    public let id: LayerID
    public let layerClass: LayerClass
    let local = Locked(LocalState())

    /// What the layer holds beside its model values: the action sources (docs/core-animation-rules.md#action-lookup).
    struct LocalState {
        weak var delegate: (any LayerDelegate)?
        var actions: [String: any Action] = [:]
        var style: LayerStyle?
        var input = LayerInput()
    }

    /// The Core Animation class this Swift class creates on the server.
    class var kind: LayerClass { .layer }

    /// Creates a layer on `connection`: its createLayer goes out with the current transaction.
    public required init(connection: Connection) {
        self.connection = connection
        layerClass = Self.kind
        id = connection.state.withLock { s in
            let id = LayerID(s.nextLayer)
            s.nextLayer += 1
            return id
        }
        connection.register(self)
        ThreadTransaction.current.append(
            .createLayer(WireCreateLayer(layer: id.rawValue, layerClass: layerClass.wire)), for: connection)
    }

    deinit {
        connection.release(id)
    }

    /// Checked by every method that relates two layers.
    func requireSameConnection(_ other: Layer) throws(AnimKitError) {
        guard other.connection === connection else {
            throw .foreignLayer(other.id, connection: connection.session)
        }
    }

    // MARK: Action sources

    /// Asked first for every event's action (docs/core-animation-rules.md#action-lookup). Held weakly.
    public var delegate: (any LayerDelegate)? {
        get { local.withLock { $0.delegate } }
        set { local.withLock { $0.delegate = newValue } }
    }

    /// Actions by event, consulted after the delegate; a `NullAction` entry means "no action".
    public var actions: [String: any Action] {
        get { local.withLock { $0.actions } }
        set { local.withLock { $0.actions = newValue } }
    }

    /// Consulted after `actions`: its actions, then its nested style's.
    public var style: LayerStyle? {
        get { local.withLock { $0.style } }
        set { local.withLock { $0.style = newValue } }
    }

    /// The class's action for `event`: for a property with a default implicit animation
    /// (docs/core-animation-rules.md#default-actions), a basic animation with no from, to or by value, so it runs from
    /// the presentation value before the transaction to the new model value, with the transaction's duration and curve
    /// (`.default` unless set). nil for other events.
    open class func defaultAction(forKey event: String) -> (any Action)? {
        ActionLookup.defaultAction(forKey: event, layerClass: kind, transaction: ThreadTransaction.current.stack)
            .map(Animation.make(from:))
    }

    /// The action for `event`: the delegate, then `actions`, then `style`, then the class's default; the
    /// first answer wins and `NullAction` means none. With `Transaction.disableActions` set there is none.
    public func action(forKey event: String) -> (any Action)? {
        if ThreadTransaction.current.stack.disableActions { return nil }
        let (delegate, actions, style) = local.withLock { ($0.delegate, $0.actions, $0.style) }
        if let answer = delegate?.action(for: self, forKey: event) ?? actions[event] ?? style?.action(forKey: event) {
            return answer is NullAction ? nil : answer
        }
        return Self.defaultAction(forKey: event)
    }

    /// Looks up and runs the action for `event`. A layer the server has not seen yet has no presentation
    /// to animate from, so it runs none until the commit that creates it has gone out.
    func runAction(forKey event: String) {
        guard connection.isCommitted(id), let action = action(forKey: event) else { return }
        do {
            try action.run(forKey: event, object: self)
        } catch {
            log.error("\(id): the action for \"\(event)\" failed: \(error)")
        }
    }
}
