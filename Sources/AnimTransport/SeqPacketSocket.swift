import CIPC
import Glibc
import Logging
import Synchronization

/// A Unix SOCK_SEQPACKET socket: records keep their boundaries and may carry descriptors (SCM_RIGHTS).
///
/// Owns `fd`: `close()` is idempotent and `deinit` closes. Sockets made by `listen` and `accept` are non-blocking
/// (they live on an `EventLoop`); `connect` and `pair` give blocking sockets (`setNonBlocking` switches). Every
/// socket this type creates is close-on-exec. Thread rules: one reader and one writer may use a socket at the same
/// time (the kernel serialises records); `shutdown()` and `close()` may be called from any thread, and `shutdown()`
/// is the way to wake a thread blocked in `receive` before closing.
public final class SeqPacketSocket: @unchecked Sendable {
    public let fd: Int32
    private let closed = Atomic<Bool>(false)
    /// Reused across receives so a reader does not allocate (and the kernel map) the protocol maximum per record;
    /// used unless the caller lends a `ReceiveBuffer` shared by many sockets (the server's loop does).
    private let receiveLock = Lock()
    private let ownReceiveBuffer = ReceiveBuffer()
    private static let logger = Logger(label: "animserver.transport.socket")

    /// SO_SNDBUF/SO_RCVBUF asked for at creation: the kernel refuses (EMSGSIZE) a record larger than the sender's
    /// buffer, and the protocol allows records of 1 MiB plus the header. The kernel doubles the value it is given.
    public static let bufferBytes: Int32 = 2 * 1024 * 1024
    /// The largest record the buffers must hold: the protocol's 1 MiB frame limit plus slack for the kernel's
    /// per-record accounting.
    static let largestRecordBytes: Int32 = 1024 * 1024 + 64 * 1024
    /// Connections the kernel queues for `accept`: a burst of a thousand clients connecting at once is queued, not
    /// refused with EAGAIN (the kernel caps it at net.core.somaxconn, 4096 by default since Linux 5.4).
    public static let listenBacklog: Int32 = 4096

    /// Takes ownership of `fd`, an already open SOCK_SEQPACKET socket (e.g. from systemd socket activation).
    public init(adopting fd: Int32) {
        self.fd = fd
    }

    deinit {
        close()
    }

    // MARK: Creating

    /// Binds and listens on `path` (non-blocking listener). A socket file left by a dead server (connecting to it
    /// is refused) is replaced; a path where a server is listening, or a file that is not a socket, is refused
    /// with EADDRINUSE. Closing the listener leaves the socket file; the server unlinks it when it shuts down.
    public static func listen(path: String, backlog: Int32 = listenBacklog) throws(TransportError) -> SeqPacketSocket {
        let address = try UnixAddress(path: path, operation: "bind")
        let socket = try makeSocket(operation: "socket", target: path, nonBlocking: true)
        if try !bind(socket.fd, address) {
            try removeStaleSocket(at: path, address: address)
            guard try bind(socket.fd, address) else {
                throw TransportError(
                    operation: "bind", target: path, code: EADDRINUSE, detail: "another process bound it meanwhile")
            }
        }
        guard Glibc.listen(socket.fd, backlog) == 0 else { throw .lastError("listen", path) }
        return socket
    }

    /// Adopts a listening socket passed by systemd socket activation (`Systemd.listenFDs()`): checks that it is
    /// a listening SOCK_SEQPACKET socket and makes it non-blocking like those `listen` makes. The fd is not
    /// taken (nor closed) when the check fails.
    public static func adoptingListener(fd: Int32) throws(TransportError) -> SeqPacketSocket {
        for (option, expected, name) in [
            (SO_TYPE, Int32(SOCK_SEQPACKET.rawValue), "SOCK_SEQPACKET"), (SO_ACCEPTCONN, 1, "listening"),
        ] {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, option, &value, &length) == 0 else {
                throw .lastError("getsockopt", fd: fd, detail: "checking a passed socket")
            }
            guard value == expected else {
                throw TransportError(
                    operation: "adopt listener", target: "fd \(fd)", code: EINVAL, detail: "the socket is not \(name)")
            }
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .lastError("fcntl", fd: fd) }
        return SeqPacketSocket(adopting: fd)
    }

    /// Connects to the server listening on `path` (blocking socket).
    public static func connect(path: String) throws(TransportError) -> SeqPacketSocket {
        let address = try UnixAddress(path: path, operation: "connect")
        let socket = try makeSocket(operation: "socket", target: path, nonBlocking: false)
        let result = address.withSockaddr { Glibc.connect(socket.fd, $0, $1) }
        // A Unix connect interrupted by a signal has queued the connection anyway; EISCONN on retry means done.
        if result != 0 && errno == EINTR {
            let retry = address.withSockaddr { Glibc.connect(socket.fd, $0, $1) }
            guard retry == 0 || errno == EISCONN else { throw .lastError("connect", path) }
        } else if result != 0 {
            throw .lastError("connect", path)
        }
        try socket.configureBuffers()
        return socket
    }

    /// A connected pair (socketpair), both blocking.
    public static func pair() throws(TransportError) -> (SeqPacketSocket, SeqPacketSocket) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw .lastError("socketpair", "") }
        let first = SeqPacketSocket(adopting: fds[0])
        let second = SeqPacketSocket(adopting: fds[1])
        try first.configureBuffers()
        try second.configureBuffers()
        return (first, second)
    }

    private static func makeSocket(
        operation: String, target: String, nonBlocking: Bool
    ) throws(TransportError)
        -> SeqPacketSocket
    {
        var type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        let fd = Glibc.socket(AF_UNIX, type, 0)
        guard fd >= 0 else { throw .lastError(operation, target) }
        return SeqPacketSocket(adopting: fd)
    }

    /// True when bound; false on EADDRINUSE; throws for anything else.
    private static func bind(_ fd: Int32, _ address: UnixAddress) throws(TransportError) -> Bool {
        let result = address.withSockaddr { Glibc.bind(fd, $0, $1) }
        if result == 0 { return true }
        if errno == EADDRINUSE { return false }
        throw .lastError("bind", address.path)
    }

    private static func removeStaleSocket(at path: String, address: UnixAddress) throws(TransportError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .lastError("lstat", path) }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw TransportError(operation: "bind", target: path, code: EADDRINUSE, detail: "the path is not a socket")
        }
        let probe = try makeSocket(operation: "socket", target: path, nonBlocking: true)
        defer { probe.close() }
        let result = address.withSockaddr { Glibc.connect(probe.fd, $0, $1) }
        // A non-blocking Unix connect to a full backlog reports EAGAIN: someone is listening.
        if result == 0 || errno == EAGAIN || errno == EINPROGRESS {
            throw TransportError(
                operation: "bind", target: path, code: EADDRINUSE, detail: "a server is listening on it")
        }
        guard errno == ECONNREFUSED else { throw .lastError("connect (stale socket probe)", path) }
        guard unlink(path) == 0 || errno == ENOENT else { throw .lastError("unlink (stale socket)", path) }
        logger.info("removed a stale socket file", metadata: ["path": "\(path)"])
    }

    /// Raises both buffers so a record of the protocol's maximum size fits (see `bufferBytes`).
    func configureBuffers() throws(TransportError) {
        for (option, force, name) in [
            (SO_SNDBUF, SO_SNDBUFFORCE, "SO_SNDBUF"), (SO_RCVBUF, SO_RCVBUFFORCE, "SO_RCVBUF"),
        ] {
            var size = Self.bufferBytes
            let length = socklen_t(MemoryLayout<Int32>.size)
            guard setsockopt(fd, SOL_SOCKET, option, &size, length) == 0 else {
                throw .lastError("setsockopt \(name)", fd: fd)
            }
            var actual: Int32 = 0
            var actualLength = length
            guard getsockopt(fd, SOL_SOCKET, option, &actual, &actualLength) == 0 else {
                throw .lastError("getsockopt \(name)", fd: fd)
            }
            if actual < Self.largestRecordBytes {
                // Capped by net.core.[wr]mem_max; privileged processes may exceed it.
                size = Self.bufferBytes
                if setsockopt(fd, SOL_SOCKET, force, &size, length) != 0 {
                    Self.logger.warning(
                        "socket buffer below the protocol's largest record; raise net.core.wmem_max/rmem_max",
                        metadata: ["option": "\(name)", "bytes": "\(actual)"])
                }
            }
        }
    }

    // MARK: Using

    private var target: String { "fd \(fd)" }

    private func ensureOpen(_ operation: String) throws(TransportError) {
        if closed.load(ordering: .acquiring) {
            throw TransportError(operation: operation, target: target, code: EBADF, detail: "socket is closed")
        }
    }

    public func setNonBlocking(_ on: Bool) throws(TransportError) {
        try ensureOpen("fcntl")
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { throw .lastError("fcntl F_GETFL", fd: fd) }
        let updated = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard fcntl(fd, F_SETFL, updated) == 0 else { throw .lastError("fcntl F_SETFL", fd: fd) }
    }

    /// The next pending connection (non-blocking, close-on-exec, buffers raised), or nil when none is pending.
    public func accept() throws(TransportError) -> SeqPacketSocket? {
        try ensureOpen("accept")
        let client = ipc_accept(fd)
        guard client >= 0 else {
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw .lastError("accept", fd: fd)
        }
        let socket = SeqPacketSocket(adopting: client)
        try socket.configureBuffers()
        return socket
    }

    /// Sends one record with `fds` attached (the descriptors are duplicated into the message; the caller keeps
    /// its own). Returns false when the socket is non-blocking and its buffer is full (EAGAIN): nothing was sent.
    /// A peer that closed gives EPIPE (no SIGPIPE is raised).
    public func send(_ bytes: [UInt8], fds: [Int32] = []) throws(TransportError) -> Bool {
        try ensureOpen("sendmsg")
        guard fds.count <= Int(IPC_MAX_FDS) else {
            throw TransportError(
                operation: "sendmsg", target: target, code: EINVAL,
                detail: "\(fds.count) descriptors, at most \(IPC_MAX_FDS) per record")
        }
        let sent = bytes.withUnsafeBytes { buffer in
            fds.withUnsafeBufferPointer { fdBuffer in
                ipc_send_record(fd, buffer.baseAddress, buffer.count, fdBuffer.baseAddress, Int32(fds.count))
            }
        }
        if sent < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return false }
            let detail = errno == EMSGSIZE ? "record of \(bytes.count) bytes exceeds the socket buffer" : nil
            throw .lastError("sendmsg", fd: fd, detail: detail)
        }
        return true
    }

    /// Receives one record (one reader at a time: concurrent calls wait for each other) of at most `maxBytes` bytes
    /// and `maxFDs` descriptors, as an array of its own. `receive(maxBytes:maxFDs:into:lending:)` lends the bytes
    /// instead.
    public func receive(maxBytes: Int, maxFDs: Int = 4) throws(TransportError) -> ReceiveResult {
        var record: ReceivedRecord?
        switch try receive(
            maxBytes: maxBytes, maxFDs: maxFDs,
            lending: { bytes, fds in
                record = ReceivedRecord(bytes: Array(bytes), fds: fds)
            })
        {
        case .received: return .record(record!)
        case .wouldBlock: return .wouldBlock
        case .closed: return .closed
        }
    }

    /// Receives one record and lends its bytes to `body`, straight from `buffer` (the socket's own when nil):
    /// nothing is copied, and the bytes are valid only until `body` returns (it must not receive on this socket,
    /// nor on another into the same buffer). `body` owns the descriptors. A longer record (MSG_TRUNC), more
    /// descriptors (MSG_CTRUNC) or descriptors this process could not take (out of descriptors: MSG_CTRUNC with
    /// fewer than `maxFDs` installed) is consumed and reported as an error whose `refusal` says why, never lent
    /// truncated; the descriptors of a refused record are closed.
    /// A zero-length read is end of file (`.closed`) when the peer has shut down its sending side; otherwise it
    /// was a record of 0 bytes, lent as such (the protocol refuses it as too short for a header).
    public func receive(
        maxBytes: Int, maxFDs: Int = 4, into buffer: ReceiveBuffer? = nil,
        lending body: (UnsafeRawBufferPointer, [Int32]) -> Void
    ) throws(TransportError) -> LendingReceiveResult {
        try ensureOpen("recvmsg")
        guard maxBytes >= 0, maxBytes < Int(Int32.max), maxFDs >= 0, maxFDs <= Int(IPC_MAX_FDS) else {
            throw TransportError(
                operation: "recvmsg", target: target, code: EINVAL,
                detail:
                    "maxBytes \(maxBytes) must be within 0…\(Int32.max - 1) and maxFDs \(maxFDs) within 0…\(IPC_MAX_FDS)"
            )
        }
        // One byte more than allowed, so an oversized record is seen even where MSG_TRUNC were not reported.
        let capacity = maxBytes + 1
        let outcome: Result<LendingReceiveResult, TransportError> = receiveLock.withLock {
            let receiveBuffer = (buffer ?? ownReceiveBuffer).reserve(capacity)
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(maxFDs, 1)) { fdSlots in
                var fdCount: Int32 = 0
                var flags: Int32 = 0
                let received = ipc_recv_record(
                    fd, receiveBuffer.baseAddress, capacity, fdSlots.baseAddress, Int32(maxFDs), &fdCount, &flags)
                if received < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK { return .success(.wouldBlock) }
                    return .failure(.lastError("recvmsg", fd: fd))
                }
                let arrived = Array(fdSlots.prefix(Int(fdCount)))
                if flags & IPC_MSG_CTRUNC != 0 && arrived.count < maxFDs && flags & IPC_MSG_TRUNC == 0 {
                    // Room for more, yet truncated: the kernel could not install them (EMFILE/ENFILE). The
                    // record itself is sound, so it is handed over whole for the receiver to answer.
                    FileDescriptor.close(arrived)
                    return .failure(
                        TransportError(
                            operation: "recvmsg", target: target, code: EMFILE,
                            detail:
                                "the record's descriptors could not be received (MSG_CTRUNC with \(arrived.count) "
                                + "of at most \(maxFDs) installed): this process is out of descriptors",
                            refusal: .descriptorsUnavailable(
                                received: arrived.count,
                                record: Array(UnsafeRawBufferPointer(rebasing: receiveBuffer[0..<received])))))
                }
                if flags & IPC_MSG_CTRUNC != 0 {
                    FileDescriptor.close(arrived)
                    return .failure(
                        TransportError(
                            operation: "recvmsg", target: target, code: EMSGSIZE,
                            detail: "more than \(maxFDs) descriptors in one record (MSG_CTRUNC); they were closed",
                            refusal: .tooManyDescriptors(limit: maxFDs)))
                }
                if flags & IPC_MSG_TRUNC != 0 || received > maxBytes {
                    FileDescriptor.close(arrived)
                    let opcode =
                        received >= 6
                        ? UInt16(receiveBuffer[4]) | UInt16(receiveBuffer[5]) << 8 : nil
                    return .failure(
                        TransportError(
                            operation: "recvmsg", target: target, code: EMSGSIZE,
                            detail: "record longer than \(maxBytes) bytes (MSG_TRUNC)",
                            refusal: .tooLong(limit: maxBytes, opcode: opcode)))
                }
                if received == 0 && arrived.isEmpty && peerStoppedSending() { return .success(.closed) }
                body(UnsafeRawBufferPointer(rebasing: receiveBuffer[0..<received]), arrived)
                return .success(.received)
            }
        }
        return try outcome.get()
    }

    /// The longest record `send` can carry: Linux refuses (EMSGSIZE) a record longer than SO_SNDBUF less 32 bytes
    /// (net/unix/af_unix.c, unix_dgram_sendmsg). Nil when the option cannot be read.
    public func largestSendableRecord() -> Int? {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else { return nil }
        return Int(size) - 32
    }

    /// Whether the peer closed or shut down its sending side (POLLRDHUP), which tells end of file from a record
    /// of 0 bytes: on a SOCK_SEQPACKET socket both read as 0 bytes.
    private func peerStoppedSending() -> Bool {
        var entry = pollfd(fd: fd, events: IPC_POLLRDHUP, revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return true }
        return entry.revents & (IPC_POLLRDHUP | Int16(POLLHUP)) != 0
    }

    public func peerCredentials() throws(TransportError) -> PeerCredentials {
        try ensureOpen("getsockopt SO_PEERCRED")
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
        guard ipc_peercred(fd, &pid, &uid, &gid) == 0 else { throw .lastError("getsockopt SO_PEERCRED", fd: fd) }
        return PeerCredentials(pid: pid, uid: uid, gid: gid)
    }

    /// SHUT_RDWR: the peer sees end of file and a thread blocked in `receive` here returns `.closed`.
    public func shutdown() {
        guard !closed.load(ordering: .acquiring) else { return }
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    /// SHUT_RD: the peer can send nothing more (EPIPE); what it sent before can still be received, then end of file.
    public func shutdownReceiving() {
        guard !closed.load(ordering: .acquiring) else { return }
        _ = Glibc.shutdown(fd, Int32(SHUT_RD))
    }

    /// Closes the descriptor once; later calls do nothing, later operations fail with EBADF.
    public func close() {
        let (exchanged, _) = closed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        if exchanged { FileDescriptor.close(fd) }
    }

    public var isClosed: Bool { closed.load(ordering: .acquiring) }
}

/// Memory that `SeqPacketSocket.receive` reads records into. One buffer may serve every socket that one thread
/// reads (the server's loop), since each record is lent and handled before the next receive: the largest record
/// then costs its bytes once, not once per connection.
public final class ReceiveBuffer: @unchecked Sendable {
    private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)

    public init() {}

    deinit { storage.deallocate() }

    /// Bytes allocated so far (the largest capacity asked for).
    public var capacity: Int { storage.count }

    /// Where records are lent from, so a test can tell this buffer was used.
    public var baseAddressForTesting: UnsafeRawPointer? { storage.baseAddress.map(UnsafeRawPointer.init) }

    /// The storage, grown to at least `capacity` bytes.
    func reserve(_ capacity: Int) -> UnsafeMutableRawBufferPointer {
        if storage.count < capacity {
            storage.deallocate()
            storage = .allocate(byteCount: capacity, alignment: 16)
        }
        return storage
    }
}
