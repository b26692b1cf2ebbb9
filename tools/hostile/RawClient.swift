import AnimProtocol
import AnimTransport
import Foundation

/// A client without the SDK, for the cases the SDK cannot play: it sends what it is told, reads only when told,
/// and can leave its socket unread.
final class RawClient {
    let socket: SeqPacketSocket
    private var nextRequest: UInt32 = 1
    /// The error a send or receive failed with (a peer that closed gives EPIPE or ECONNRESET), if any did.
    private(set) var failure: String?

    enum Failure: Error { case unexpected(String) }

    /// Connects and sends Hello; with `waitForWelcome` it reads the Welcome (blocking) before returning.
    init(path: String, name: String, waitForWelcome: Bool = true) throws {
        socket = try SeqPacketSocket.connect(path: path)
        _ = try send(
            .hello(Hello(minVersion: ProtocolVersion.minimum, maxVersion: ProtocolVersion.current, clientName: name)))
        if waitForWelcome {
            guard case .record(let record) = try socket.receive(maxBytes: 1 << 20),
                case .welcome = try FrameCodec.decode(record.bytes, fds: record.fds, maxMessageBytes: 1 << 20)
            else { throw Failure.unexpected("no Welcome") }
        }
    }

    /// A fresh request number for a request message.
    func request() -> UInt32 {
        defer { nextRequest += 1 }
        return nextRequest
    }

    /// Sends one message; false when the socket is non-blocking and full.
    func send(_ message: Message) throws -> Bool {
        do {
            return try socket.send(FrameCodec.encode(message))
        } catch {
            failure = "\(error)"
            throw error
        }
    }

    /// Reads, without blocking, at most `limit` queued records: how many came, the error reports among them and
    /// whether the server closed the connection.
    func drain(limit: Int = .max) throws -> (records: Int, errors: [ErrorReport], closed: Bool) {
        try socket.setNonBlocking(true)
        var records = 0
        var errors: [ErrorReport] = []
        while records < limit {
            let result: ReceiveResult
            do {
                result = try socket.receive(maxBytes: 1 << 24, maxFDs: 4)
            } catch {
                failure = "\(error)"
                return (records, errors, true)
            }
            switch result {
            case .wouldBlock: return (records, errors, false)
            case .closed: return (records, errors, true)
            case .record(let record):
                records += 1
                if case .errorReport(let report)? = try? FrameCodec.decode(
                    record.bytes, fds: record.fds, maxMessageBytes: 1 << 24)
                {
                    errors.append(report)
                }
            }
        }
        return (records, errors, false)
    }

    func close() { socket.close() }
}
