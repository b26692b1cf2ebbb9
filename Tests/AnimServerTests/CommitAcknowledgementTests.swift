import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// `AcknowledgeCommits` (protocol version 2): a connection starts with every applied commit answered by
/// CommitApplied; turned off, applied commits (decoded or applied from their bytes) answer nothing of their
/// own, while their events, refusals and Sync's answer still come.
@Suite("AcknowledgeCommits turns CommitApplied off and on")
struct CommitAcknowledgementTests {
    private static func bulk(_ transaction: UInt64, x: Double) -> [UInt8] {
        FrameCodec.encode(
            .commit(
                Commit(
                    transaction: transaction, completions: [],
                    operations: [W.set(1, "position", W.point(x, 0)), W.set(2, "opacity", .number(0.5))])))
    }

    @Test func aConnectionStartsWithCommitsAcknowledged() throws {
        let h = ServerHarness()
        let s = try h.connect(version: 2)
        #expect(
            h.commit([W.create(1), W.create(2)], from: s, transaction: 3) == [
                .commitApplied(CommitApplied(transaction: 3, time: 0))
            ])
        let (deliveries, isCommit) = h.core.receive(record: Self.bulk(4, x: 1), fds: [], from: s)
        #expect(isCommit)
        #expect(deliveries.map(\.message) == [.commitApplied(CommitApplied(transaction: 4, time: 0))])
    }

    @Test func turnedOffAppliedCommitsAnswerOnlyTheirEvents() throws {
        let h = ServerHarness()
        let s = try h.connect(version: 2)
        #expect(h.send(.acknowledgeCommits(AcknowledgeCommits(enabled: false)), from: s) == [])
        // Decoded, with a completion that closes at once (no animation): its event still comes.
        #expect(
            h.commit([W.create(1), W.create(2)], from: s, transaction: 5, completions: [9]) == [
                .transactionCompleted(TransactionCompleted(completion: 9, time: 0))
            ])
        // Applied from its bytes.
        let (deliveries, isCommit) = h.core.receive(record: Self.bulk(6, x: 7), fds: [], from: s)
        #expect(isCommit)
        #expect(deliveries.isEmpty)
        let tree = try #require(h.core.sessions[s]).context.tree
        #expect(try tree.state(of: LayerID(1)).position == Point(x: 7, y: 0))
        #expect(try tree.state(of: LayerID(2)).opacity == 0.5)
        // A refusal is still reported, naming the commit.
        let refused = h.commit([W.set(99, "opacity", .number(1))], from: s, transaction: 8)
        #expect(refused.count == 1)
        #expect(refused.first?.errorReport?.request == 8)
        #expect(refused.first?.errorReport?.fatal == false)
        // Sync answers once everything before it was handled.
        #expect(h.send(.sync(Sync(request: 2)), from: s) == [.syncReply(SyncReply(request: 2, time: 0))])
        // On again.
        #expect(h.send(.acknowledgeCommits(AcknowledgeCommits(enabled: true)), from: s) == [])
        #expect(
            h.core.receive(record: Self.bulk(10, x: 8), fds: [], from: s).deliveries.map(\.message) == [
                .commitApplied(CommitApplied(transaction: 10, time: 0))
            ])
    }

    @Test func itIsPerConnection() throws {
        let h = ServerHarness()
        let quiet = try h.connect(version: 2)
        let other = try h.connect(version: 2)
        _ = h.send(.acknowledgeCommits(AcknowledgeCommits(enabled: false)), from: quiet)
        #expect(h.commit([W.create(1)], from: quiet, transaction: 1) == [])
        #expect(
            h.commit([W.create(1)], from: other, transaction: 1) == [
                .commitApplied(CommitApplied(transaction: 1, time: 0))
            ])
    }

    /// The message is version 2's: on a version 1 connection it is an opcode that version does not have.
    @Test func aVersion1ConnectionCannotSendIt() throws {
        let h = ServerHarness()
        let s = try h.connect(version: 1)
        let deliveries = h.core.receive(.acknowledgeCommits(AcknowledgeCommits(enabled: false)), fds: [], from: s)
        let report = try #require(deliveries.first?.message.errorReport)
        #expect(report.code == WireErrorCode.unknownOpcode.rawValue)
        #expect(report.opcode == AcknowledgeCommits.opcode)
        #expect(report.field == "opcode")
        #expect(report.value == "AcknowledgeCommits")
        #expect(report.message.contains("version 1"))
        #expect(report.fatal)
        #expect(deliveries.first?.closeAfter == true)
        // Nothing more is handled on that connection.
        #expect(h.commit([W.create(1)], from: s) == [])
    }
}
