import AnimTransport

/// Why the daemon could not start serving: the socket could not be bound, adopted or watched.
public enum ServerStartError: Error, CustomStringConvertible {
    case transport(TransportError)

    public var description: String {
        switch self {
        case .transport(let error): "cannot listen: \(error)"
        }
    }
}
