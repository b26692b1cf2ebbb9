import AnimKit
import AnimProtocol
import AnimTransport
import Dispatch
import Foundation

/// Plays the server by hand over a socket pair: it welcomes the SDK, answers Sync itself (so
/// `connection.sync()` proves every earlier message arrived), and records every other message.
final class FakeServer: @unchecked Sendable {
    let socket: SeqPacketSocket
    let connection: Connection
    let hello: Hello
    /// A serial queue the tests own: the main queue is not drained while tests run.
    let queue = DispatchQueue(label: "AnimKitTests.delegates")
    let queueKey = DispatchSpecificKey<String>()
    private let lock = NSLock()
    private var messages: [Message] = []
    /// The records behind `messages`, byte for byte.
    private var frames: [[UInt8]] = []
    private var responder: (@Sendable (Message) -> Message?)?

    /// `version`: the protocol version Welcome settles on; `clockMode`: the server clock it reports; `display`:
    /// the DisplayChanged sent right after Welcome (a server of version 5 sends one).
    init(version: UInt16 = 1, clockMode: WireClockMode = .manual, display: DisplayChanged? = nil) throws {
        let (client, server) = try SeqPacketSocket.pair()
        socket = server
        let welcome = Welcome(
            version: version, session: 7, serverTime: 100, clockMode: clockMode, maxMessageBytes: 1 << 20,
            maxLayers: 1000,
            maxAnimations: 1000, maxImageBytes: 1 << 24)
        _ = try server.send(FrameCodec.encode(.welcome(welcome)))
        if let display { _ = try server.send(FrameCodec.encode(.displayChanged(display))) }
        connection = try Connection.connect(socket: client, name: "animkit-tests")
        guard case .record(let record) = try server.receive(maxBytes: 1 << 21),
            case .hello(let hello) = try FrameCodec.decode(record.bytes)
        else { throw FakeServerError.noHello }
        self.hello = hello
        queue.setSpecific(key: queueKey, value: "delegates")
        connection.delegateQueue = queue
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    private func serve() {
        while case .record(let record)? = try? socket.receive(maxBytes: 1 << 21, maxFDs: 4) {
            // A frame the codec refuses is kept out of `messages` rather than ending the loop: the test's
            // next Sync is still answered, so it fails on what is missing instead of waiting forever.
            guard let message = try? FrameCodec.decode(record.bytes, fds: record.fds) else { continue }
            if case .sync(let s) = message {
                _ = try? socket.send(FrameCodec.encode(.syncReply(SyncReply(request: s.request, time: 100))))
                continue
            }
            lock.lock()
            let reply = responder?(message)
            if reply == nil {
                messages.append(message)
                frames.append(record.bytes)
            }
            lock.unlock()
            if let reply {
                // A reply's descriptors (a screenshot's memfd) travel beside it and are closed once sent.
                _ = try? socket.send(FrameCodec.encode(reply), fds: reply.fds)
                FileDescriptor.close(reply.fds)
            }
        }
    }

    /// Answers the requests `responder` returns a reply for, instead of recording them.
    func respond(_ responder: @escaping @Sendable (Message) -> Message?) {
        lock.lock()
        self.responder = responder
        lock.unlock()
    }

    func send(_ message: Message) throws {
        _ = try socket.send(FrameCodec.encode(message))
    }

    /// Everything the SDK sent (except Sync) since the last call, after a Sync round trip.
    func drain() throws -> [Message] {
        try connection.sync()
        lock.lock()
        defer {
            messages = []
            frames = []
            lock.unlock()
        }
        return messages
    }

    /// Everything recorded since the last drain, taken without a Sync (which would commit the implicit
    /// transaction of the calling thread first); call it after a round trip that proves they arrived.
    func recorded() -> [Message] {
        lock.lock()
        defer {
            messages = []
            frames = []
            lock.unlock()
        }
        return messages
    }

    /// `drain()`, with the bytes each message arrived as.
    func drainFrames() throws -> [(message: Message, bytes: [UInt8])] {
        try connection.sync()
        lock.lock()
        defer {
            messages = []
            frames = []
            lock.unlock()
        }
        return Array(zip(messages, frames))
    }

    /// The operations of the single Commit sent since the last drain.
    func commitOperations() throws -> [WireOperation] {
        let sent = try drain()
        guard sent.count == 1, case .commit(let commit) = sent[0] else { throw FakeServerError.notOneCommit(sent) }
        return commit.operations
    }

    /// The single Commit sent since the last drain, with the bytes it arrived as.
    func commitFrame() throws -> (commit: Commit, bytes: [UInt8]) {
        let sent = try drainFrames()
        guard sent.count == 1, case .commit(let commit) = sent[0].message else {
            throw FakeServerError.notOneCommit(sent.map(\.message))
        }
        return (commit, sent[0].bytes)
    }

    func commit() throws -> Commit {
        let sent = try drain()
        guard sent.count == 1, case .commit(let commit) = sent[0] else { throw FakeServerError.notOneCommit(sent) }
        return commit
    }
}

enum FakeServerError: Error {
    case noHello
    case notOneCommit([Message])
}

/// Records what delegates and blocks were told, and on which queue.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
