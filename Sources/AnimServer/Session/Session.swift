import AnimProtocol
import AnimTransport

/// One connection's state: where it stands in the handshake, who is on the other end, and its scene.
final class Session {
    enum Phase: Equatable {
        /// Accepted; only Hello is allowed.
        case awaitingHello
        /// Hello answered with Welcome in this protocol version.
        case ready(version: UInt16)
        /// A fatal error was reported; the glue closes the connection, nothing more is handled.
        case closing

        /// The protocol version a ready connection speaks.
        var version: UInt16? {
            if case .ready(let version) = self { return version }
            return nil
        }
    }

    let id: SessionID
    /// From SO_PEERCRED; nil when the kernel did not tell (then the session has no privileges).
    let credentials: PeerCredentials?
    var phase = Phase.awaitingHello
    /// The name Hello gave, for animctl.
    var name = ""
    var context = ClientContext()
    var images = ImageStore()
    /// Its CATiledLayers' tiles and the requests for them.
    var tiles = TiledLayerStore()
    /// Whether an applied Commit is answered with CommitApplied (`AcknowledgeCommits`, protocol version 2).
    var acknowledgesCommits = true
    /// A large commit being applied in slices; nothing else of this client is read meanwhile.
    var commitInProgress: SlicedCommit?
    /// The input it receives (`InputSubscribe`, protocol version 4).
    var input = InputSubscription()

    init(id: SessionID, credentials: PeerCredentials?) {
        self.id = id
        self.credentials = credentials
    }

    /// The protocol version of a ready session.
    var version: UInt16? {
        if case .ready(let version) = phase { return version }
        return nil
    }

    var isReady: Bool {
        if case .ready = phase { return true }
        return false
    }
}
