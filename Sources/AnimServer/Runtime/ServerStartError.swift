import AnimTransport

/// Why the daemon could not start serving: the socket could not be bound or adopted, or an option is unusable.
public enum ServerStartError: Error, CustomStringConvertible {
    case transport(TransportError)
    case invalidOption(name: String, value: String)

    public var description: String {
        switch self {
        case .transport(let error): "cannot listen: \(error)"
        case .invalidOption(let name, let value): "--\(name): \(value) is not usable"
        }
    }
}
