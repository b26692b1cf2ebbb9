import AnimCore
import AnimProtocol

/// CALayer. Its model values live in the connection's model tree: reading one never waits on the server,
/// and every change is checked at once, applied to the model, and recorded in the current transaction
/// (see `Transaction`) for the server. Usable from any thread.
///
/// A layer made with `Layer()` belongs to no connection yet: its values, sublayers, mask and animations are
/// kept and read locally, and nothing is sent. Adding it (or the tree it is in) to a layer of a connection
/// (`connection.rootLayer.addSublayer(_:)`) moves the whole tree to that connection in the current
/// transaction, with all its values and animations; from then on it belongs to that connection for good.
open class Layer: @unchecked Sendable {
    /// The connection the layer belongs to. Before it is attached (`Layer()`), a stand-in that holds the
    /// unattached layers and sends nothing: its requests throw `.closed` (`isAttached` tells which).
    ///
    /// Stored, not computed, so that every property change borrows it instead of retaining it. It changes once,
    /// when an unattached layer is attached, and only from the stand-in, which never goes away: a thread reading
    /// it then gets one or the other, as with any change made to a layer while another thread uses it.
    @exclusivity(unchecked) public internal(set) var connection: Connection
    /// The layer's id on its connection (another, local one before it is attached).
    @exclusivity(unchecked) public internal(set) var id: LayerID
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
        layerClass = Self.kind
        self.connection = connection
        id = connection.allocateLayerID()
        connection.register(self)
        ThreadTransaction.current.append(
            .createLayer(WireCreateLayer(layer: id.rawValue, layerClass: layerClass.wire)), for: connection)
    }

    /// Creates a layer that belongs to no connection yet, as `CALayer()`: it is sent to a connection when it is
    /// added to one of its layers.
    public convenience init() {
        self.init(connection: .unattached)
    }

    deinit {
        connection.release(id)
    }

    /// Whether the layer belongs to a connection (false for a layer made with `Layer()` and not yet added to a
    /// connection's layer).
    public var isAttached: Bool { !connection.holdsUnattachedLayers }

    /// Moves the layer to `connection` under `id` (Connection+Attach.swift).
    func rebind(to connection: Connection, id: LayerID) {
        self.id = id
        self.connection = connection
    }

    /// Checked by every method that relates two layers.
    func requireSameConnection(_ other: Layer) throws(AnimKitError) {
        guard other.connection === connection else {
            throw .foreignLayer(other.id, connection: connection.session)
        }
    }

    /// Checked by every method that puts `other` into this layer's tree: a layer that belongs to no connection
    /// yet is attached to this one's (with its whole tree), one of another connection is refused, and so is an
    /// attached layer put into an unattached tree.
    func adopt(_ other: Layer) throws(AnimKitError) {
        guard other.connection !== connection else { return }
        guard other.connection.holdsUnattachedLayers, !connection.holdsUnattachedLayers else {
            throw .foreignLayer(other.id, connection: connection.session)
        }
        try connection.attach(other)
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
