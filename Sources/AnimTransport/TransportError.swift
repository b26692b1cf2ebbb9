import Glibc

/// A failed system call (or a refused record) with what was attempted, on what, and why.
///
/// `description` reads like `connect /run/x: ENOENT (No such file or directory)`, with `detail` appended when the
/// errno alone does not say what happened (a truncated record, a live server on the path).
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The operation that failed: "connect", "bind", "recvmsg", "memfd_create", …
    public var operation: String
    /// What it was applied to: a path, "fd 7", or a variable name; empty when nothing applies.
    public var target: String
    /// The errno value (kept as the failing call set it, or chosen to classify a refusal such as EMSGSIZE).
    public var code: Int32
    /// More than errno says, e.g. "record longer than 4096 bytes (MSG_TRUNC)".
    public var detail: String?
    /// Set when a record arrived and was refused (the connection itself is sound, so the receiver may say why
    /// before it closes); nil for a failed call.
    public var refusal: RecordRefusal?

    public init(
        operation: String, target: String, code: Int32, detail: String? = nil, refusal: RecordRefusal? = nil
    ) {
        self.operation = operation
        self.target = target
        self.code = code
        self.detail = detail
        self.refusal = refusal
    }

    /// Captures the current `errno` for `operation` on `target`.
    static func lastError(_ operation: String, _ target: String, detail: String? = nil) -> TransportError {
        TransportError(operation: operation, target: target, code: errno, detail: detail)
    }

    static func lastError(_ operation: String, fd: Int32, detail: String? = nil) -> TransportError {
        lastError(operation, "fd \(fd)", detail: detail)
    }

    /// The symbolic errno name, such as "ENOENT", or "errno 123" for one not in the table.
    public var codeName: String { Self.errnoNames[code] ?? "errno \(code)" }

    /// The C library's text for `code`.
    public var codeText: String { String(cString: strerror(code)) }

    public var description: String {
        var text = operation
        if !target.isEmpty { text += " \(target)" }
        text += ": \(codeName) (\(codeText))"
        if let detail { text += ": \(detail)" }
        return text
    }

    private static let errnoNames: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE", EMFILE: "EMFILE", EFBIG: "EFBIG",
        ENOSPC: "ENOSPC", EROFS: "EROFS", EPIPE: "EPIPE", ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS",
        ENOTSOCK: "ENOTSOCK", EMSGSIZE: "EMSGSIZE", EPROTOTYPE: "EPROTOTYPE", EOPNOTSUPP: "EOPNOTSUPP",
        EADDRINUSE: "EADDRINUSE", EADDRNOTAVAIL: "EADDRNOTAVAIL", ENETDOWN: "ENETDOWN", ECONNABORTED: "ECONNABORTED",
        ECONNRESET: "ECONNRESET", ENOBUFS: "ENOBUFS", EISCONN: "EISCONN", ENOTCONN: "ENOTCONN",
        ETIMEDOUT: "ETIMEDOUT", ECONNREFUSED: "ECONNREFUSED", EALREADY: "EALREADY", EINPROGRESS: "EINPROGRESS",
    ]
}

/// Why `SeqPacketSocket.receive` refused a record it read whole from the kernel's queue.
public enum RecordRefusal: Hashable, Sendable {
    /// More descriptors than the receiver takes (MSG_CTRUNC); those that arrived were closed.
    case tooManyDescriptors(limit: Int)
    /// A record longer than the receiver reads (MSG_TRUNC); `opcode` is read from its header when the part that
    /// was read holds one.
    case tooLong(limit: Int, opcode: UInt16?)
    /// The record's descriptors could not be installed because this process is out of descriptors (MSG_CTRUNC with
    /// room for more): `received` of them arrived and were closed. The record is whole (`record`), and the peer
    /// did nothing wrong, so the connection stays open.
    case descriptorsUnavailable(received: Int, record: [UInt8])
}
