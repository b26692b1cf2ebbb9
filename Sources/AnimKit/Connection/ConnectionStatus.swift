extension Connection {
    /// Whether the connection is open. It closes once and for good: when the server closes it (end of stream, a
    /// fatal ErrorReport, a read error) or when the app calls `close()`.
    public enum Status: Hashable, Sendable, CustomStringConvertible {
        case connected
        /// Closed, and why: the error every later request throws.
        case closed(AnimKitError)

        public var description: String {
            switch self {
            case .connected: "connected"
            case .closed(let reason): "closed (\(reason))"
            }
        }
    }

    /// `.connected` until the connection closes, then `.closed` with the reason.
    public var status: Status {
        state.withLock { s in s.closeReason.map(Status.closed) ?? .connected }
    }

    /// Told, on `delegateQueue`, when `status` changes: once, when the connection closes (by the server or by
    /// `close()`), after `errorHandler` and before the delegates and completion blocks that the closing ends.
    public var statusHandler: (@Sendable (Status) -> Void)? {
        get { state.withLock { $0.statusHandler } }
        set { state.withLock { $0.statusHandler = newValue } }
    }
}
