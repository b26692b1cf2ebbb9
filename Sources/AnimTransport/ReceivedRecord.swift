/// The credentials of the process at the other end of a Unix socket (SO_PEERCRED, taken at connect time).
public struct PeerCredentials: Hashable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }
}

/// One SOCK_SEQPACKET record and the descriptors that travelled with it. The receiver owns `fds` and must close
/// them (`FileDescriptor.close(_:)`) unless it keeps them.
public struct ReceivedRecord: Sendable {
    public var bytes: [UInt8]
    public var fds: [Int32]

    public init(bytes: [UInt8], fds: [Int32]) {
        self.bytes = bytes
        self.fds = fds
    }
}

/// What one `SeqPacketSocket.receive` call found.
public enum ReceiveResult: Sendable {
    case record(ReceivedRecord)
    /// Non-blocking socket with nothing queued.
    case wouldBlock
    /// The peer closed (or shut down) its end: end of file.
    case closed
}

/// What one `SeqPacketSocket.receive(maxBytes:maxFDs:lending:)` call found.
public enum LendingReceiveResult: Sendable, Equatable {
    /// A record was lent to the body.
    case received
    /// Non-blocking socket with nothing queued.
    case wouldBlock
    /// The peer closed (or shut down) its end: end of file.
    case closed
}
