/// Keyboard input and focus for the whole connection: keys go to the client with keyboard focus, not to a
/// layer (README, "Input and gestures").
extension Connection {
    /// Runs on the delegate queue for each key pressed or released while this client has keyboard focus.
    /// Setting it subscribes to keys and focus (protocol version 4).
    public var onKey: ((KeyPress) -> Void)? {
        get { inputDispatcher.handlers.withLock { $0.key } }
        set {
            inputDispatcher.handlers.withLock { $0.key = newValue }
            if newValue != nil { inputDispatcher.want([.key, .focus]) }
        }
    }

    /// Runs on the delegate queue when this client gains (true) or loses keyboard focus: it gains it when the
    /// user touches or clicks one of its layers, or when it asks (`requestFocus()`). Setting it subscribes to
    /// focus.
    public var onFocusChange: ((Bool) -> Void)? {
        get { inputDispatcher.handlers.withLock { $0.focus } }
        set {
            inputDispatcher.handlers.withLock { $0.focus = newValue }
            if newValue != nil { inputDispatcher.want(.focus) }
        }
    }

    /// Whether the server last said this client has keyboard focus.
    public var hasKeyboardFocus: Bool { inputDispatcher.handlers.withLock { $0.focused } }
}
