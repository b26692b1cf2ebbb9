import AnimTransport
import Dispatch
import Glibc
import Testing

@Suite struct SeqPacketSocketTests {
    @Test func pairKeepsRecordBoundaries() throws {
        let (a, b) = try SeqPacketSocket.pair()
        let records: [[UInt8]] = [
            [1, 2, 3, 4, 5], Array(repeating: 7, count: 1000), (0..<70_000).map { UInt8($0 % 251) },
        ]
        for bytes in records { #expect(try a.send(bytes)) }
        for bytes in records {
            let received = try #require(record(try b.receive(maxBytes: 100_000)))
            #expect(received.bytes == bytes)
            #expect(received.fds.isEmpty)
        }
        try b.setNonBlocking(true)
        guard case .wouldBlock = try b.receive(maxBytes: 100_000) else {
            Issue.record("a fourth record arrived")
            return
        }
    }

    @Test func recordOfTheProtocolMaximumFits() throws {
        let (a, b) = try SeqPacketSocket.pair()
        let bytes = (0..<(1 << 20)).map { UInt8($0 % 253) }
        #expect(try a.send(bytes))
        let received = try #require(record(try b.receive(maxBytes: 1 << 20)))
        #expect(received.bytes == bytes)
    }

    @Test func passedDescriptorReadsTheSenderMemory() throws {
        let (a, b) = try SeqPacketSocket.pair()
        let (fd, memory) = try SharedMemory.create(name: "test-pass", size: 4096)
        defer { FileDescriptor.close(fd) }
        try withExtendedLifetime(memory) {
            let mutable = try #require(memory.mutableBytes)
            for index in 0..<4096 { mutable[index] = UInt8(index % 199) }
        }
        try SharedMemory.seal(fd: fd)
        #expect(try a.send([9, 8, 7], fds: [fd]))

        let received = try #require(record(try b.receive(maxBytes: 64)))
        #expect(received.bytes == [9, 8, 7])
        #expect(received.fds.count == 1)
        let passed = try #require(received.fds.first)
        defer { FileDescriptor.close(passed) }
        #expect(passed != fd)
        #expect(fcntl(passed, F_GETFD) & FD_CLOEXEC != 0)
        let mapped = try SharedMemory.mapReadOnly(fd: passed, size: 4096)
        withExtendedLifetime(mapped) {
            #expect(Array(mapped.bytes) == (0..<4096).map { UInt8($0 % 199) })
            #expect(mapped.mutableBytes == nil)
        }
    }

    @Test func oversizedRecordIsAnErrorNotATruncation() throws {
        let (a, b) = try SeqPacketSocket.pair()
        #expect(try a.send(Array(repeating: 1, count: 65)))
        #expect(try a.send([2, 2]))
        let error = #expect(throws: TransportError.self) { try b.receive(maxBytes: 64) }
        #expect(error?.code == EMSGSIZE)
        #expect(error?.description.contains("MSG_TRUNC") == true)
        // The refused record is consumed whole: the next one arrives intact.
        #expect(try record(b.receive(maxBytes: 64))?.bytes == [2, 2])
    }

    /// The lending receive hands over the receive buffer itself: each record's exact bytes and descriptors, a
    /// refused record is never lent, and an empty socket or a closed peer is said without calling the body.
    @Test func lendingReceiveLendsEachRecordWhole() throws {
        let (a, b) = try SeqPacketSocket.pair()
        let (fd, _) = try SharedMemory.create(name: "lent", size: 16)
        defer { FileDescriptor.close(fd) }
        let long = (0..<70_000).map { UInt8($0 % 251) }
        #expect(try a.send(long))
        #expect(try a.send([4, 5, 6], fds: [fd]))
        #expect(try a.send(Array(repeating: 1, count: 65)))
        #expect(try a.send([7]))
        var lent: [([UInt8], Int)] = []
        let lend: (UnsafeRawBufferPointer, [Int32]) -> Void = { bytes, fds in
            lent.append((Array(bytes), fds.count))
            FileDescriptor.close(fds)
        }
        #expect(try b.receive(maxBytes: 70_000, lending: lend) == .received)
        #expect(try b.receive(maxBytes: 64, lending: lend) == .received)
        let error = #expect(throws: TransportError.self) { try b.receive(maxBytes: 64, lending: lend) }
        #expect(error?.description.contains("MSG_TRUNC") == true)
        #expect(try b.receive(maxBytes: 64, lending: lend) == .received)
        #expect(lent.map(\.0) == [long, [4, 5, 6], [7]])
        #expect(lent.map(\.1) == [0, 1, 0])
        try b.setNonBlocking(true)
        #expect(try b.receive(maxBytes: 64, lending: lend) == .wouldBlock)
        a.close()
        #expect(try b.receive(maxBytes: 64, lending: lend) == .closed)
        #expect(lent.count == 3)
    }

    @Test func exactlyMaxBytesIsAccepted() throws {
        let (a, b) = try SeqPacketSocket.pair()
        #expect(try a.send(Array(repeating: 3, count: 64)))
        #expect(try record(b.receive(maxBytes: 64))?.bytes.count == 64)
    }

    @Test func tooManyDescriptorsIsAnError() throws {
        let (a, b) = try SeqPacketSocket.pair()
        let (first, _) = try SharedMemory.create(name: "one", size: 16)
        let (second, _) = try SharedMemory.create(name: "two", size: 16)
        defer { FileDescriptor.close([first, second]) }
        #expect(try a.send([1], fds: [first, second]))
        let error = #expect(throws: TransportError.self) { try b.receive(maxBytes: 64, maxFDs: 1) }
        #expect(error?.description.contains("MSG_CTRUNC") == true)
        #expect(error?.refusal == .tooManyDescriptors(limit: 1))
    }

    @Test func aTooLongRecordIsRefusedWithTheOpcodeOfItsHeader() throws {
        let (a, b) = try SeqPacketSocket.pair()
        #expect(try a.send([12, 0, 0, 0, 7, 0, 0, 0, 1, 2, 3, 4]))
        let error = #expect(throws: TransportError.self) { try b.receive(maxBytes: 8) }
        #expect(error?.refusal == .tooLong(limit: 8, opcode: 7))
    }

    @Test func aRecordOfZeroBytesIsNotEndOfFile() throws {
        let (a, b) = try SeqPacketSocket.pair()
        #expect(try a.send([]))
        #expect(try a.send([5]))
        #expect(try record(b.receive(maxBytes: 64))?.bytes == [])
        #expect(try record(b.receive(maxBytes: 64))?.bytes == [5])
        a.close()
        #expect(try b.receive(maxBytes: 64).isClosedResult)
    }

    @Test func peerCredentialsAreThisProcess() throws {
        let (a, _) = try SeqPacketSocket.pair()
        let credentials = try a.peerCredentials()
        #expect(credentials == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))
    }

    @Test func listenConnectAndExchange() throws {
        let path = temporarySocketPath("exchange")
        defer { unlink(path) }
        let listener = try SeqPacketSocket.listen(path: path)
        #expect(try listener.accept() == nil)
        let client = try SeqPacketSocket.connect(path: path)
        let server = try #require(try listener.accept())
        #expect(try server.peerCredentials().pid == getpid())
        #expect(try client.send([1, 2, 3]))
        limitReceiveWait(server)
        limitReceiveWait(client)
        try server.setNonBlocking(false)
        #expect(try record(server.receive(maxBytes: 16))?.bytes == [1, 2, 3])
        #expect(try server.send([4]))
        #expect(try record(client.receive(maxBytes: 16))?.bytes == [4])
        server.close()
        guard case .closed = try client.receive(maxBytes: 16) else {
            Issue.record("no end of file after the server closed")
            return
        }
    }

    @Test func connectToAMissingPathNamesThePath() throws {
        let path = temporarySocketPath("missing")
        let error = #expect(throws: TransportError.self) { try SeqPacketSocket.connect(path: path) }
        #expect(error?.code == ENOENT)
        #expect(error?.description.hasPrefix("connect \(path): ENOENT (") == true)
    }

    @Test func listenRefusesALiveServer() throws {
        let path = temporarySocketPath("live")
        defer { unlink(path) }
        let listener = try SeqPacketSocket.listen(path: path)
        let error = #expect(throws: TransportError.self) { try SeqPacketSocket.listen(path: path) }
        #expect(error?.code == EADDRINUSE)
        // The live server still works.
        _ = try SeqPacketSocket.connect(path: path)
        #expect(try listener.accept() != nil)
    }

    @Test func listenReplacesAStaleSocketFile() throws {
        let path = temporarySocketPath("stale")
        defer { unlink(path) }
        let dead = try SeqPacketSocket.listen(path: path)
        dead.close()
        var info = stat()
        #expect(lstat(path, &info) == 0)
        let listener = try SeqPacketSocket.listen(path: path)
        _ = try SeqPacketSocket.connect(path: path)
        #expect(try listener.accept() != nil)
    }

    @Test func listenRefusesAFileThatIsNotASocket() throws {
        let path = temporarySocketPath("regular")
        defer { unlink(path) }
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        FileDescriptor.close(fd)
        let error = #expect(throws: TransportError.self) { try SeqPacketSocket.listen(path: path) }
        #expect(error?.code == EADDRINUSE)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func tooLongPathIsRefused() throws {
        let path = temporarySocketPath(String(repeating: "x", count: 120))
        let error = #expect(throws: TransportError.self) { try SeqPacketSocket.listen(path: path) }
        #expect(error?.code == ENAMETOOLONG)
    }

    @Test func shutdownWakesABlockedReader() throws {
        let (a, _) = try SeqPacketSocket.pair()
        limitReceiveWait(a)
        let done = DispatchSemaphore(value: 0)
        let sawEnd = Recorder<Bool>()
        let thread = DispatchQueue(label: "reader")
        thread.async {
            if case .closed = try? a.receive(maxBytes: 16) { sawEnd.append(true) }
            done.signal()
        }
        // The reader may or may not be blocked yet; shutdown makes its receive return end of file either way.
        a.shutdown()
        #expect(waited(done))
        #expect(sawEnd.all == [true])
    }

    @Test func sendToAClosedPeerIsEPIPENotASignal() throws {
        let (a, b) = try SeqPacketSocket.pair()
        b.close()
        // Without MSG_NOSIGNAL this would raise SIGPIPE and end the test process.
        let error = #expect(throws: TransportError.self) { try a.send([1], fds: []) }
        #expect(error?.code == EPIPE)
    }

    @Test func operationsAfterCloseFailWithEBADF() throws {
        let (a, _) = try SeqPacketSocket.pair()
        a.close()
        a.close()
        let error = #expect(throws: TransportError.self) { try a.send([1]) }
        #expect(error?.code == EBADF)
    }
}

@Suite struct ListenBacklogTests {
    /// A non-blocking connect to `path`: 0 when queued, else the errno (EAGAIN when the backlog is full).
    static func connectNonBlocking(_ path: String) -> (fd: Int32, result: Int32) {
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return (fd, result == 0 ? 0 : errno)
    }

    @Test func aBurstOfAThousandConnectsIsQueuedWithoutEAGAIN() throws {
        // 1000 sockets here: a soft descriptor limit of 1024 (a common default) would leave none for parallel
        // tests, so it is raised to the hard limit, which only ever allows more.
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let path = temporarySocketPath("backlog")
        let listener = try SeqPacketSocket.listen(path: path)
        defer {
            listener.close()
            unlink(path)
        }
        // Nobody accepts: every connect must find room in the listen backlog.
        let attempts = (0..<1000).map { _ in Self.connectNonBlocking(path) }
        defer { for attempt in attempts where attempt.fd >= 0 { close(attempt.fd) } }
        #expect(attempts.allSatisfy { $0.fd >= 0 })
        let refused = attempts.filter { $0.result != 0 }
        #expect(refused.isEmpty, "\(refused.count) connects failed, the first with errno \(refused.first?.result ?? 0)")
    }
}

@Suite struct SharedReceiveBufferTests {
    @Test func socketsReadingIntoOneBufferShareItsBytes() throws {
        let shared = ReceiveBuffer()
        let large = (0..<(1 << 20)).map { UInt8($0 % 251) }
        for _ in 0..<3 {
            let (a, b) = try SeqPacketSocket.pair()
            #expect(try a.send(large))
            var lent: UnsafeRawPointer?
            var matches = false
            let result = try b.receive(maxBytes: 2 << 20, into: shared) { bytes, _ in
                lent = bytes.baseAddress.map(UnsafeRawPointer.init)
                matches = bytes.elementsEqual(large)
            }
            guard case .received = result else {
                Issue.record("no record")
                return
            }
            #expect(matches)
            // Read straight into the shared buffer (one allocation for every socket), not the socket's own.
            #expect(shared.capacity == (2 << 20) + 1)
            #expect(lent == shared.baseAddressForTesting)
        }
    }
}
