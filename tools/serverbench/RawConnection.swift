import AnimProtocol
import AnimTransport

/// A client connection without the SDK: Hello, then whatever frames the benchmark sends as they are.
final class RawConnection {
    private let socket: SeqPacketSocket
    private var nextSync: UInt32 = 1

    enum Failure: Error { case unexpected(String) }

    /// Speaks protocol version 2; with `acknowledgeCommits` false it turns CommitApplied off, as the SDK does.
    init(path: String, acknowledgeCommits: Bool) throws {
        socket = try SeqPacketSocket.connect(path: path)
        try send(.hello(Hello(minVersion: 2, maxVersion: 2, clientName: "serverbench-raw")))
        guard case .welcome = try receive() else { throw Failure.unexpected("no Welcome") }
        if !acknowledgeCommits { try send(.acknowledgeCommits(AcknowledgeCommits(enabled: false))) }
    }

    func send(_ message: Message) throws { try send(FrameCodec.encode(message)) }

    func send(_ frame: [UInt8]) throws {
        guard try socket.send(frame) else { throw Failure.unexpected("the socket would block") }
    }

    /// Sends Sync and waits for its reply; the replies before it (CommitApplied, when on) are read and
    /// dropped, an error report fails.
    func sync() throws {
        let request = nextSync
        nextSync += 1
        try send(.sync(Sync(request: request)))
        while true {
            switch try receive() {
            case .syncReply(let reply) where reply.request == request: return
            case .errorReport(let report): throw Failure.unexpected("error report: \(report.message)")
            default: continue
            }
        }
    }

    /// Creates plain layers 1…`count` in one commit and waits until it was applied.
    func createLayers(_ count: Int) throws {
        try send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: (0..<count).map {
                        .createLayer(WireCreateLayer(layer: UInt32($0 + 1), layerClass: .layer))
                    })))
        try sync()
    }

    func close() { socket.close() }

    private func receive() throws -> Message {
        guard case .record(let record) = try socket.receive(maxBytes: 1 << 20) else {
            throw Failure.unexpected("the server closed the connection")
        }
        return try FrameCodec.decode(record.bytes, fds: record.fds, maxMessageBytes: 1 << 20)
    }
}
