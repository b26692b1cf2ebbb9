import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Testing

/// `AcknowledgeCommits` against the real daemon: with it off, a connection's first answer after commits is
/// Sync's; the SDK, which never reads CommitApplied, connects in the current version and turns it off.
@Suite struct CommitAcknowledgementIntegrationTests {
    @Test func aVersion2ClientTurnsCommitAppliedOffAndOn() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: 2)
        client.send(.acknowledgeCommits(AcknowledgeCommits(enabled: false)))
        client.send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [.createLayer(WireCreateLayer(layer: 1, layerClass: .layer))])))
        // A bulk commit, which the server applies from its bytes.
        client.send(
            .commit(
                Commit(
                    transaction: 2, completions: [],
                    operations: [
                        .setProperty(
                            WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 5, y: 6))))
                    ])))
        client.send(.sync(Sync(request: 3)))
        guard case .syncReply(let reply)? = try client.next() else {
            Issue.record("the first answer was not SyncReply")
            return
        }
        #expect(reply.request == 3)
        // Both commits were applied before the Sync was answered.
        client.send(.presentationQuery(PresentationQuery(request: 4, layer: 1, time: nil)))
        guard case .presentationReply(let presentation)? = try client.next() else {
            Issue.record("no presentation reply")
            return
        }
        let position = presentation.properties.first(where: { $0.keyPath == "position" })?.value
        #expect(position == .point(WirePoint(x: 5, y: 6)))
        client.send(.acknowledgeCommits(AcknowledgeCommits(enabled: true)))
        client.send(.commit(Commit(transaction: 9, completions: [], operations: [])))
        guard case .commitApplied(let applied)? = try client.next() else {
            Issue.record("no CommitApplied once turned back on")
            return
        }
        #expect(applied.transaction == 9)
    }

    @Test func aVersion1ClientStillGetsCommitApplied() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: 1)
        client.send(.commit(Commit(transaction: 4, completions: [], operations: [])))
        guard case .commitApplied(let applied)? = try client.next() else {
            Issue.record("no CommitApplied in version 1")
            return
        }
        #expect(applied.transaction == 4)
    }

    @Test func theSDKSpeaksTheCurrentVersionWithoutCommitApplied() throws {
        let daemon = try DaemonHarness()
        let connection = try connectClient(daemon, name: "sdk")
        #expect(connection.protocolVersion == 4)
        let raw = try RawClient(daemon, version: 1)
        let clients = try connection.inspectClients()
        let sdk = try #require(clients.first { $0.name == "sdk" })
        #expect(sdk.version == 4)
        #expect(sdk.acknowledgesCommits == false)
        let v1 = try #require(clients.first { $0.name == "raw" })
        #expect(v1.version == 1)
        #expect(v1.acknowledgesCommits == true)
        _ = raw
    }
}
