import AnimProtocol

/// A message the core wants sent to one session. With `closeAfter` the glue closes the connection once
/// the message is out (fatal errors).
public struct Delivery: Sendable {
    public var session: SessionID
    public var message: Message
    public var closeAfter: Bool
    /// Sent with the frame flag `continued` (an InspectReply part that another follows, protocol version 3).
    public var continued: Bool
    /// One of the frames of a reply split in parts (the last one included): they are queued at once, so they
    /// do not count as a client that stopped reading (`RecordChannel.send(_:fds:partOfLargeReply:)`).
    public var largeReplyPart: Bool

    public init(
        session: SessionID, message: Message, closeAfter: Bool = false, continued: Bool = false,
        largeReplyPart: Bool = false
    ) {
        self.session = session
        self.message = message
        self.closeAfter = closeAfter
        self.continued = continued
        self.largeReplyPart = largeReplyPart
    }
}
