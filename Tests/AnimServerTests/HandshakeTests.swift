import AnimCore
import AnimProtocol
import AnimTransport
import Testing

@testable import AnimServer

@Suite("Sessions: handshake and fatal errors")
struct HandshakeTests {
    @Test func helloIsAnsweredWithWelcome() throws {
        var configuration = ServerConfiguration()
        configuration.maxLayers = 77
        let h = ServerHarness(configuration: configuration, start: 12.5)
        let id = h.core.openSession(credentials: PeerCredentials(pid: 1, uid: 1000, gid: 1000))
        #expect(id == SessionID(1))
        let replies = h.core.receive(
            .hello(Hello(minVersion: 1, maxVersion: ProtocolVersion.current + 1, clientName: "app")), fds: [], from: id)
        // Welcome, then (version 5) the display: empty, this server has no output.
        #expect(replies.count == 2)
        #expect(replies.first?.closeAfter == false)
        #expect(
            replies.last?.message
                == .displayChanged(
                    DisplayChanged(bounds: WireRect(x: 0, y: 0, width: 0, height: 0), scale: 1, outputs: [])))
        guard case .welcome(let w) = replies.first?.message else {
            Issue.record("expected Welcome, got \(replies)")
            return
        }
        #expect(w.version == ProtocolVersion.current)  // the highest both speak
        #expect(w.session == 1)
        #expect(w.serverTime == 12.5)
        #expect(w.clockMode == .manual)
        #expect(w.maxLayers == 77)
        #expect(w.maxAnimations == 10000)
        #expect(w.maxMessageBytes == 1_048_576)
        #expect(w.maxImageBytes == 268_435_456)
        #expect(h.core.openSession(credentials: nil) == SessionID(2))
    }

    @Test func aMessageBeforeHelloIsFatal() throws {
        let h = ServerHarness()
        let id = h.core.openSession(credentials: nil)
        let replies = h.core.receive(.sync(Sync(request: 5)), fds: [], from: id)
        let report = try #require(replies.first?.message.errorReport)
        #expect(replies.first?.closeAfter == true)
        #expect(report.code == WireErrorCode.notNegotiated.rawValue)
        #expect(report.fatal)
        #expect(report.opcode == Sync.opcode)
        // Once a fatal error was reported nothing more is handled, not even a Hello.
        let after = h.core.receive(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "late")), fds: [], from: id)
        #expect(after.isEmpty)
    }

    @Test func aSecondHelloIsFatal() throws {
        let h = ServerHarness()
        let id = try h.connect()
        let replies = h.core.receive(
            .hello(Hello(minVersion: 1, maxVersion: 1, clientName: "again")), fds: [], from: id)
        #expect(replies.count == 1)
        #expect(replies.first?.closeAfter == true)
        #expect(replies.first?.message.errorReport?.code == WireErrorCode.notNegotiated.rawValue)
    }

    @Test func versionsWithoutOverlapAreFatal() throws {
        let h = ServerHarness()
        let id = h.core.openSession(credentials: nil)
        let replies = h.core.receive(
            .hello(
                Hello(
                    minVersion: ProtocolVersion.current + 1, maxVersion: ProtocolVersion.current + 2,
                    clientName: "future")), fds: [], from: id)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.versionMismatch.rawValue)
        #expect(report.value == "\(ProtocolVersion.current + 1)…\(ProtocolVersion.current + 2)")
        #expect(report.fatal)
        #expect(replies.first?.closeAfter == true)
        let inverted = h.core.openSession(credentials: nil)
        let second = h.core.receive(
            .hello(Hello(minVersion: 1, maxVersion: 0, clientName: "inverted")), fds: [], from: inverted)
        #expect(second.first?.message.errorReport?.code == WireErrorCode.versionMismatch.rawValue)
    }

    @Test func aServerMessageFromAClientIsFatal() throws {
        let h = ServerHarness()
        let id = try h.connect()
        let replies = h.core.receive(.syncReply(SyncReply(request: 1, time: 0)), fds: [], from: id)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.wrongDirection.rawValue)
        #expect(report.opcode == SyncReply.opcode)
        #expect(replies.first?.closeAfter == true)
    }

    @Test func syncIsAnsweredWithTheServerTime() throws {
        let h = ServerHarness(start: 3)
        let id = try h.connect()
        try h.clock.advance(0.5)
        #expect(h.send(.sync(Sync(request: 9)), from: id) == [.syncReply(SyncReply(request: 9, time: 3.5))])
    }

    @Test func closingASessionFreesItsLayers() throws {
        let h = ServerHarness()
        let a = try h.connect()
        let b = try h.connect()
        h.commit([W.create(1), W.create(2), W.insert(2, into: 1)], from: a)
        h.commit([W.create(1)], from: b)
        #expect(h.core.statistics.layers == 3)
        #expect(h.core.statistics.sessions == 2)
        try h.frame(at: 0)
        #expect(h.core.nextFrameTime(after: 0) == nil)
        #expect(h.core.closeSession(a).isEmpty)
        #expect(h.core.statistics.layers == 1)
        #expect(h.core.statistics.sessions == 1)
        // Messages for a closed session are dropped.
        #expect(h.send(.sync(Sync(request: 1)), from: a).isEmpty)
        // Its removal is a change the next frame shows.
        #expect(h.core.nextFrameTime(after: 0) == 0)
    }
}

@Suite("Sessions: undecodable records")
struct RejectTests {
    @Test func aDecodeErrorIsReportedFatallyOnce() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let bytes = FrameCodec.encode(.sync(Sync(request: 1)))
        var error: ProtocolError?
        do {
            _ = try FrameCodec.decode(Array(bytes.dropLast()), fds: [], maxMessageBytes: 1 << 20)
        } catch let e {
            error = e
        }
        let decodeError = try #require(error)
        let replies = h.core.reject(decodeError, from: s)
        #expect(replies.count == 1)
        #expect(replies.first?.closeAfter == true)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == decodeError.code.rawValue)
        #expect(report.fatal)
        #expect(report.message == decodeError.detail)
        #expect(h.core.reject(decodeError, from: s).isEmpty)
        #expect(h.send(.sync(Sync(request: 2)), from: s).isEmpty)
    }
}
