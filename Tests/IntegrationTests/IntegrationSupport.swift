import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// What an animation's delegate heard, in arrival order: "start NAME", "stop NAME finished|unfinished".
final class EventRecorder: AnimationDelegate, Sendable {
    private let events = Mutex<[String]>([])
    private let names = Mutex<[ObjectIdentifier: String]>([:])

    /// Makes `animation` report to this recorder under `name`.
    func watch(_ animation: AnimKit.Animation, as name: String) {
        names.withLock { $0[ObjectIdentifier(animation)] = name }
        animation.delegate = self
    }

    var all: [String] { events.withLock { $0 } }

    func animationDidStart(_ animation: AnimKit.Animation) {
        let name = names.withLock { $0[ObjectIdentifier(animation)] ?? "?" }
        events.withLock { $0.append("start \(name)") }
    }

    func animationDidStop(_ animation: AnimKit.Animation, finished: Bool) {
        let name = names.withLock { $0[ObjectIdentifier(animation)] ?? "?" }
        events.withLock { $0.append("stop \(name) \(finished ? "finished" : "unfinished")") }
    }
}

/// A flag set from another queue (completion blocks, error handlers).
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// A connection whose delegates and completion blocks run on a private serial queue, so a test thread that
/// waits never blocks their delivery.
func connectClient(_ daemon: DaemonHarness, name: String = "test") throws -> Connection {
    let connection = try daemon.connect(name: name)
    connection.delegateQueue = DispatchQueue(label: "integration.\(name)")
    return connection
}

/// Moves the manual clock to `time` and waits until every event the resulting frame sent has been delivered.
func moveClock(_ connection: Connection, to time: Double) throws {
    _ = try connection.clock(.set(time))
    try connection.sync()
}

/// The server's `status` document (what `animctl status --json` prints).
func serverStatus(_ connection: Connection) throws -> InspectionDocuments.Status {
    try connection.inspectStatus()
}

/// A client that speaks the protocol by hand, for what the SDK never sends (bad frames, other clients' ids).
final class RawClient {
    let socket: SeqPacketSocket
    /// The DisplayChanged that came right after Welcome (version 5 and later).
    private(set) var display: DisplayChanged?

    /// Says Hello for exactly `version` unless `hello` is false.
    init(_ daemon: DaemonHarness, hello: Bool = true, version: UInt16 = 1) throws {
        socket = try SeqPacketSocket.connect(path: daemon.socketPath)
        // A server that never answers fails the test after 10 s instead of hanging it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if hello {
            send(.hello(Hello(minVersion: version, maxVersion: version, clientName: "raw")))
            guard case .welcome(let welcome)? = try next(), welcome.version == version else {
                throw RawClientError.noWelcome
            }
            if version >= 5 {
                guard case .displayChanged(let display)? = try next() else { throw RawClientError.noWelcome }
                self.display = display
            }
        }
    }

    func send(_ message: Message) {
        _ = try? socket.send(FrameCodec.encode(message))
    }

    func sendBytes(_ bytes: [UInt8]) throws {
        _ = try socket.send(bytes)
    }

    /// The next message, or nil when the server closed the connection.
    func next() throws -> Message? {
        switch try socket.receive(maxBytes: 2 << 20) {
        case .record(let record): return try FrameCodec.decode(record.bytes, fds: record.fds)
        case .closed, .wouldBlock: return nil
        }
    }

    /// Messages until one matches `wanted`, skipping events.
    func next(where wanted: (Message) -> Bool) throws -> Message? {
        while let message = try next() {
            if wanted(message) { return message }
        }
        return nil
    }
}

enum RawClientError: Error { case noWelcome }

extension Message {
    var errorReport: ErrorReport? {
        if case .errorReport(let report) = self { return report }
        return nil
    }
}

/// Waits until the render thread has dealt with every frame the server's loop built (each one drawn, found
/// unchanged, skipped for a newer one, or failed), so output statistics read next describe the latest frame.
func waitForRenderThread(_ connection: Connection, timeout: Double = 10) throws -> Bool {
    try eventually(timeout: timeout) {
        let status = try serverStatus(connection)
        guard let output = status.output else { return false }
        let handled = output.framesDrawn + output.framesUnchanged + output.framesSkipped + output.renderFailures
        return handled == status.frames
    }
}
