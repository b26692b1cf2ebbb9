import Glibc

/// A filesystem `sockaddr_un` (abstract names are not used by animserver).
struct UnixAddress {
    let path: String
    private var storage = sockaddr_un()

    init(path: String, operation: String) throws(TransportError) {
        self.path = path
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard !bytes.isEmpty else {
            throw TransportError(operation: operation, target: path, code: EINVAL, detail: "empty socket path")
        }
        guard !bytes.contains(0) else {
            throw TransportError(operation: operation, target: path, code: EINVAL, detail: "NUL byte in socket path")
        }
        guard bytes.count < capacity else {
            throw TransportError(
                operation: operation, target: path, code: ENAMETOOLONG,
                detail: "\(bytes.count) bytes, a socket path holds at most \(capacity - 1)")
        }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
