import AnimCore
import AnimProtocol
import Foundation
import Testing

@testable import AnimServer

/// InspectReplies larger than a frame (protocol/README.md, "Large replies"), at the core.
@Suite("Large replies: parts for version 3, a non-fatal limitExceeded before")
struct LargeReplyTests {
    /// A core whose frame limit is the smallest allowed, with a session of `version` holding 40 layers, whose
    /// tree document is larger than one frame.
    static func sessionWithTree(version: UInt16) throws -> (ServerHarness, SessionID) {
        var configuration = ServerConfiguration()
        configuration.maxMessageBytes = ServerConfiguration.minimumMessageBytes
        let h = ServerHarness(configuration: configuration)
        let id = try h.connect(version: version)
        h.commit((1...40).map { .createLayer(WireCreateLayer(layer: $0, layerClass: .text)) }, from: id)
        return (h, id)
    }

    static let treeRequest = Message.inspectRequest(
        InspectRequest(request: 9, query: .tree(WireInspectTree(client: 0, presentation: false))))

    @Test func aVersion3SessionGetsTheDocumentInContinuedParts() throws {
        let (h, id) = try Self.sessionWithTree(version: 3)
        let deliveries = h.core.receive(Self.treeRequest, fds: [], from: id)
        #expect(deliveries.count > 1)
        var json = ""
        for (index, delivery) in deliveries.enumerated() {
            guard case .inspectReply(let part) = delivery.message else {
                Issue.record("part \(index) is \(delivery.message.name)")
                return
            }
            #expect(part.request == 9)
            #expect(delivery.continued == (index < deliveries.count - 1))
            #expect(delivery.largeReplyPart)
            let frame = FrameCodec.encode(delivery.message, continued: delivery.continued)
            #expect(frame.count <= Int(ServerConfiguration.minimumMessageBytes))
            #expect(frame[6] == (delivery.continued ? 1 : 0))
            json += part.json
        }
        let tree = try InspectionJSON.decode(InspectionDocuments.Tree.self, from: json)
        #expect(tree.roots.count == 40)
    }

    @Test func aVersion2SessionGetsANonFatalLimitExceededNamingTheReply() throws {
        let (h, id) = try Self.sessionWithTree(version: 2)
        let deliveries = h.core.receive(Self.treeRequest, fds: [], from: id)
        #expect(deliveries.count == 1)
        #expect(deliveries.first?.closeAfter == false)
        let report = try #require(deliveries.first?.message.errorReport)
        #expect(report.code == WireErrorCode.limitExceeded.rawValue)
        #expect(report.opcode == InspectRequest.opcode)
        #expect(report.request == 9)
        #expect(report.field == "InspectReply.json")
        #expect(!report.fatal)
        // A document that fits a frame is still answered whole.
        let status = h.send(.inspectRequest(InspectRequest(request: 10, query: .clients)), from: id)
        guard case .inspectReply(let reply)? = status.first else {
            Issue.record("expected InspectReply, got \(status)")
            return
        }
        #expect(reply.request == 10)
    }

    @Test func piecesEndOnCharacterBoundariesAndJoinToTheText() {
        let text = "a\u{e9}\u{20ac}\u{1F600}b\u{1F600}\u{1F600}c"
        for limit in 1...9 {
            let parts = ServerCore.split(text, maxPartBytes: limit)
            #expect(parts.joined() == text, "limit \(limit)")
            // Each piece is whole characters: within the limit unless one character alone is longer.
            for part in parts {
                #expect(part.utf8.count <= max(limit, 4), "limit \(limit): \(part)")
                #expect(!part.unicodeScalars.contains("\u{FFFD}"))
            }
        }
    }
}
