import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Testing

/// Replies larger than a frame (protocol/README.md, "Large replies"): a version 3 client gets them in parts, an
/// older one a non-fatal limitExceeded, and neither loses its connection.
@Suite struct LargeReplyTests {
    static let layerCount = 10_000

    /// A commit creating `count` root layers with ids 1…count.
    static func createLayers(_ count: Int, transaction: UInt64) -> Message {
        .commit(
            Commit(
                transaction: transaction, completions: [],
                operations: (1...count).map { .createLayer(WireCreateLayer(layer: UInt32($0), layerClass: .layer)) }))
    }

    /// A raw client of `version` that waits up to two minutes for an answer: the debug server takes seconds to
    /// write a document of 10,000 layers while other tests run.
    static func patientClient(_ daemon: DaemonHarness, version: UInt16) throws -> RawClient {
        let client = try RawClient(daemon, version: version)
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(client.socket.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return client
    }

    /// The ids of every layer in an inspection tree document, in document order.
    static func layerIDs(inTree json: String) throws -> [Int] {
        let tree = try InspectionJSON.decode(InspectionDocuments.Tree.self, from: json)
        var ids: [Int] = []
        func walk(_ nodes: [InspectionDocuments.TreeLayer]) {
            for node in nodes {
                ids.append(Int(node.id))
                walk(node.sublayers)
            }
        }
        walk(tree.roots)
        return ids
    }

    @Test func animctlTreeShowsAClientWithTenThousandLayersAndTheClientStaysServed() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "many")
        Transaction.begin()
        Transaction.disableActions = true
        let layers = (0..<Self.layerCount).map { _ in AnimKit.Layer(connection: client) }
        Transaction.commit()
        try client.sync()

        let tree = try daemon.animctl(["tree", "--json", "--client", "\(client.session)"])
        #expect(tree.status == 0, "\(tree.standardError)")
        #expect(try Self.layerIDs(inTree: tree.standardOutput) == layers.map { Int($0.id.rawValue) })

        // The client inspects itself through the SDK, and is still connected and served afterwards.
        let own = try client.inspect(.tree(WireInspectTree(client: 0, presentation: true)))
        #expect(own.utf8.count > ProtocolLimits.maxMessageBytes)
        #expect(try Self.layerIDs(inTree: own) == layers.map { Int($0.id.rawValue) })
        Transaction.begin()
        Transaction.disableActions = true
        layers[9_999].opacity = 0.25
        Transaction.commit()
        try client.sync()
        #expect(try layers[9_999].presentation().opacity == 0.25)
    }

    @Test func aVersion3ClientGetsTheTreeInContinuedFramesOfAtMostReplyPartBytes() throws {
        let daemon = try DaemonHarness()
        let client = try Self.patientClient(daemon, version: 3)
        client.send(Self.createLayers(Self.layerCount, transaction: 1))
        client.send(
            .inspectRequest(InspectRequest(request: 5, query: .tree(WireInspectTree(client: 0, presentation: false)))))
        var json: [UInt8] = []
        var frames = 0
        while true {
            guard case .record(let record) = try client.socket.receive(maxBytes: ProtocolLimits.maxMessageBytes) else {
                Issue.record("the connection closed after \(frames) parts")
                return
            }
            let flags = UInt16(record.bytes[6]) | UInt16(record.bytes[7]) << 8
            let frame = try FrameCodec.decodeFrame(record.bytes, allowingContinued: true)
            guard case .inspectReply(let part) = frame.message else { continue }  // CommitApplied
            frames += 1
            #expect(part.request == 5)
            #expect(record.bytes.count <= ProtocolLimits.replyPartBytes)
            #expect(flags == (frame.continued ? 1 : 0))
            json += part.json.utf8
            if !frame.continued { break }
        }
        #expect(frames > 1)
        #expect(try Self.layerIDs(inTree: String(decoding: json, as: UTF8.self)) == Array(1...Self.layerCount))
        client.send(.sync(Sync(request: 6)))
        guard case .syncReply(let sync)? = try client.next() else {
            Issue.record("no SyncReply after the parts")
            return
        }
        #expect(sync.request == 6)
    }

    @Test func aVersion2ClientGetsANonFatalLimitExceededInsteadOfATooLargeReply() throws {
        let daemon = try DaemonHarness()
        let client = try Self.patientClient(daemon, version: 2)
        client.send(Self.createLayers(Self.layerCount, transaction: 1))
        client.send(
            .inspectRequest(InspectRequest(request: 5, query: .tree(WireInspectTree(client: 0, presentation: false)))))
        let report = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(report.code == WireErrorCode.limitExceeded.rawValue)
        #expect(report.opcode == InspectRequest.opcode)
        #expect(report.request == 5)
        #expect(report.field == "InspectReply.json")
        #expect(Int(report.value).map { $0 > ProtocolLimits.maxMessageBytes } == true, "\(report.value)")
        #expect(report.message.contains("version 3"))
        #expect(!report.fatal)
        // Still connected: a smaller question is answered.
        client.send(.inspectRequest(InspectRequest(request: 6, query: .clients)))
        guard case .inspectReply(let reply)? = try client.next() else {
            Issue.record("no InspectReply after the refusal")
            return
        }
        #expect(reply.request == 6)
    }
}
