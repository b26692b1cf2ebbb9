import AnimProtocol

/// The kinds of input a client subscribes to (`InputSubscribe.kinds`, protocol/README.md "Input").
public struct InputKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touch = InputKinds(rawValue: 1)
    public static let pointer = InputKinds(rawValue: 2)
    public static let key = InputKinds(rawValue: 4)
    public static let focus = InputKinds(rawValue: 8)
    public static let all: InputKinds = [.touch, .pointer, .key, .focus]
}

/// Input at the message level (protocol version 4): subscribing, the routed messages as they arrive, synthetic
/// input and keyboard focus. AnimKit's event delivery to layers is built on these.
extension Connection {
    /// Told, on `delegateQueue`, every `TouchEvent`, `PointerEvent`, `KeyEvent`, `FocusChanged` and
    /// `InputWatched` the server sends, in the order it sent them. Set it before subscribing.
    public var inputHandler: (@Sendable (Message) -> Void)? {
        get { state.withLock { $0.inputHandler } }
        set { state.withLock { $0.inputHandler = newValue } }
    }

    /// Which input the server routes to this client; until it subscribes to touch (pointer), its layers take no
    /// touches (pointer events) and those go to what lies below. `watchAll` (the server's user or root) also
    /// receives `InputWatched` for every event routed to any client. A refusal comes through `errorHandler`.
    public func subscribeInput(_ kinds: InputKinds, watchAll: Bool = false) throws(AnimKitError) {
        try send(.inputSubscribe(InputSubscribe(kinds: kinds.rawValue, watchAll: watchAll)))
    }

    /// Synthetic input, routed by the server as a device's (the server's user or root only). Returns once the
    /// server routed the last event, with that event's media time: on a manual clock an event whose offset lies
    /// ahead waits until the clock gets there, so step the clock from another thread or connection.
    @discardableResult
    public func injectInput(_ events: [WireInjectedInput]) throws(AnimKitError) -> Double {
        let reply = try request { .inputInject(InputInject(request: $0, events: events)) }
        guard case .inputInjected(let r) = reply else { throw .unexpectedReply("\(reply.name) to InputInject") }
        return r.time
    }

    /// Asks for keyboard focus; `FocusChanged` tells when it is granted.
    public func requestFocus() throws(AnimKitError) {
        try send(.focusRequest(FocusRequest()))
    }

    func deliverInput(_ message: Message) {
        // Layers' handlers and gesture recognizers first (InputDispatcher), then the message-level handler.
        let dispatcher = inputDispatcher
        let handler = inputHandler
        deliver {
            dispatcher.receive(message)
            handler?(message)
        }
    }
}
