import AnimProtocol

/// A message the core wants sent to one session. With `closeAfter` the glue closes the connection once
/// the message is out (fatal errors).
public struct Delivery: Sendable {
    public var session: SessionID
    public var message: Message
    public var closeAfter: Bool

    public init(session: SessionID, message: Message, closeAfter: Bool = false) {
        self.session = session
        self.message = message
        self.closeAfter = closeAfter
    }
}
