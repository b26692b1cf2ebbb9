import Glibc

/// Where the server's socket is.
public enum SocketPath {
    /// The socket file's name inside $XDG_RUNTIME_DIR (display 0).
    public static let defaultName = "animserver-0"

    /// ANIMSERVER_SOCKET if set, else $XDG_RUNTIME_DIR/animserver-0. An empty value counts as unset, and
    /// XDG_RUNTIME_DIR must be absolute (the XDG base directory rules ignore a relative one).
    public static func resolve(environment: [String: String]) throws(TransportError) -> String {
        if let explicit = environment["ANIMSERVER_SOCKET"], !explicit.isEmpty {
            return explicit
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            throw TransportError(
                operation: "resolve socket path", target: "", code: ENOENT,
                detail: "neither ANIMSERVER_SOCKET nor XDG_RUNTIME_DIR is set")
        }
        guard runtime.hasPrefix("/") else {
            throw TransportError(
                operation: "resolve socket path", target: "XDG_RUNTIME_DIR=\(runtime)", code: EINVAL,
                detail: "XDG_RUNTIME_DIR is not an absolute path and ANIMSERVER_SOCKET is not set")
        }
        let directory = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
        return "\(directory)/\(defaultName)"
    }
}
