import AnimCore
import AnimProtocol
import AnimTransport
import Testing

@testable import AnimServer

/// What the core answers about a connection itself (protocol/README.md, "Limits" and "Errors").
@Suite struct ConnectionAnswerTests {
    @Test func aMessageWhoseDescriptorsCouldNotBeReceivedIsRetryableAndNamesTheImage() throws {
        let h = ServerHarness()
        let id = try h.connect()
        let upload = ImageUpload(image: 9, width: 2, height: 2, stride: 8, format: .rgba8Premultiplied, fds: [-1])
        let replies = h.core.descriptorsUnavailable(record: FrameCodec.encode(.imageUpload(upload)), from: id)
        #expect(replies.count == 1)
        #expect(replies.first?.closeAfter == false)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.tryAgain.rawValue)
        #expect(!report.fatal)
        #expect(report.opcode == ImageUpload.opcode)
        #expect(report.request == 9)
        #expect(report.field == "fds")
        #expect(report.value == "1")
        // The session goes on: a Sync is answered.
        guard case .syncReply? = h.send(.sync(Sync(request: 3)), from: id).first else {
            Issue.record("the session was not served after tryAgain")
            return
        }
    }

    @Test func aRecordThatDoesNotDecodeIsStillRefusedAsMalformed() throws {
        let h = ServerHarness()
        let id = try h.connect()
        var record = FrameCodec.encode(
            .imageUpload(ImageUpload(image: 1, width: 1, height: 1, stride: 4, format: .rgba8Premultiplied, fds: [-1])))
        record.removeLast()
        let replies = h.core.descriptorsUnavailable(record: record, from: id)
        #expect(replies.first?.closeAfter == true)
        #expect(replies.first?.message.errorReport?.code == WireErrorCode.malformedFrame.rawValue)
    }

    @Test func theHelloTimeoutClosesOnlyASessionThatHasNotSaidHello() throws {
        var configuration = ServerConfiguration()
        configuration.helloTimeout = 2.5
        let h = ServerHarness(configuration: configuration)
        let ready = try h.connect()
        #expect(h.core.helloTimedOut(ready).isEmpty)
        let silent = h.core.openSession(credentials: nil)
        let replies = h.core.helloTimedOut(silent)
        #expect(replies.first?.closeAfter == true)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.notNegotiated.rawValue)
        #expect(report.field == "helloTimeout")
        #expect(report.value == "2.5")
        #expect(report.fatal)
    }

    @Test func aRefusedConnectionHearsWhichLimit() throws {
        let h = ServerHarness()
        let id = h.core.openSession(credentials: nil)
        let replies = h.core.refuseConnection(id, field: "maxConnectionsPerUser", limit: 256)
        #expect(replies.first?.closeAfter == true)
        let report = try #require(replies.first?.message.errorReport)
        #expect(report.code == WireErrorCode.tooManyConnections.rawValue)
        #expect(report.field == "maxConnectionsPerUser")
        #expect(report.value == "256")
        #expect(report.message.contains("256 connections from this client's user"))
        #expect(report.fatal)
    }
}
