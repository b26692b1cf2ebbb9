import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Animation events and transaction completions")
struct AnimationEventTests {
    @Test func startComesBeforeStopWithServerTimes() throws {
        let h = ServerHarness(start: 2)
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 77, key: "fade")],
            from: s)
        let first = try h.frame(at: 2.5)
        #expect(
            first.map(\.message) == [
                .animationStarted(AnimationStarted(layer: 1, animationID: 77, key: "fade", time: 2))
            ])
        #expect(first.allSatisfy { $0.session == s && !$0.closeAfter })
        #expect(try h.frame(at: 2.75).isEmpty)
        let last = try h.frame(at: 3.5)
        #expect(
            last.map(\.message) == [
                .animationStopped(AnimationStopped(layer: 1, animationID: 77, key: "fade", finished: true, time: 3))
            ])
        #expect(h.core.statistics.animations == 0)
    }

    @Test func oneFrameAfterTheEndReportsStartThenStop() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 5, key: nil)], from: s)
        let events = try h.frame(at: 4).map(\.message)
        #expect(
            events == [
                .animationStarted(AnimationStarted(layer: 1, animationID: 5, key: nil, time: 0)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 5, key: nil, finished: true, time: 1)),
            ])
    }

    @Test func removingAnAnimationStopsItUnfinished() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 5, key: "k")], from: s)
        try h.frame(at: 0.5)
        try h.clock.set(0.6)
        let replies = h.commit([.removeAnimation(WireRemoveAnimation(layer: 1, key: "k"))], from: s, transaction: 2)
        #expect(
            replies == [
                .commitApplied(CommitApplied(transaction: 2, time: 0.6)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 5, key: "k", finished: false, time: 0.6)),
            ])
        #expect(try h.frame(at: 2).isEmpty)
    }

    @Test func replacingByKeyStopsTheOldAnimation() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "k")], from: s)
        try h.frame(at: 0.25)
        try h.clock.set(0.5)
        let replies = h.commit(
            [W.add(W.basic("opacity", from: .number(1), to: .number(0)), to: 1, id: 2, key: "k")], from: s,
            transaction: 2)
        #expect(
            replies == [
                .commitApplied(CommitApplied(transaction: 2, time: 0.5)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "k", finished: false, time: 0.5)),
            ])
        #expect(h.core.statistics.animations == 1)
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity", at: 1.0) == .number(0.5))
    }

    @Test func removeAllAnimationsStopsEach() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "a"),
                W.add(W.basic("position.x", from: .number(0), to: .number(1)), to: 1, id: 2, key: "b"),
            ], from: s)
        let replies = h.commit([.removeAllAnimations(1)], from: s, transaction: 2)
        #expect(
            replies.dropFirst() == [
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "a", finished: false, time: 0)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 2, key: "b", finished: false, time: 0)),
            ])
    }

    @Test func aFilledAnimationReportsItsStopOnce() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let held = W.basic(
            "opacity", from: .number(0), to: .number(0.5), removedOnCompletion: false, fill: .forwards)
        h.commit([W.create(1), W.add(held, to: 1, id: 3, key: "hold")], from: s)
        let events = try h.frame(at: 2).map(\.message)
        #expect(events.count == 2)
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity", at: 5) == .number(0.5))
        #expect(h.core.statistics.animations == 1)
        // Removing it later sends no second stop.
        let replies = h.commit([.removeAnimation(WireRemoveAnimation(layer: 1, key: "hold"))], from: s, transaction: 2)
        #expect(replies == [.commitApplied(CommitApplied(transaction: 2, time: 2))])
        #expect(h.core.statistics.animations == 0)
    }

    @Test func aTransactionCompletesWhenItsLastAnimationStops() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let replies = h.commit(
            [
                W.create(1),
                W.add(
                    W.basic("opacity", from: .number(0), to: .number(1), duration: 1), to: 1, id: 1, key: "a",
                    completion: 7),
                W.add(
                    W.basic("position.x", from: .number(0), to: .number(1), duration: 2), to: 1, id: 2, key: "b",
                    completion: 7),
            ], from: s, completions: [7])
        #expect(replies == [.commitApplied(CommitApplied(transaction: 1, time: 0))])
        let mid = try h.frame(at: 1.5).map(\.message)
        #expect(!mid.contains { if case .transactionCompleted = $0 { true } else { false } })
        let end = try h.frame(at: 2.5).map(\.message)
        #expect(
            end == [
                .animationStopped(AnimationStopped(layer: 1, animationID: 2, key: "b", finished: true, time: 2)),
                .transactionCompleted(TransactionCompleted(completion: 7, time: 2)),
            ])
    }

    @Test func aTransactionWithoutAnimationsCompletesAtOnce() throws {
        let h = ServerHarness(start: 1)
        let s = try h.connect()
        let replies = h.commit([W.create(1)], from: s, transaction: 4, completions: [9])
        #expect(
            replies == [
                .commitApplied(CommitApplied(transaction: 4, time: 1)),
                .transactionCompleted(TransactionCompleted(completion: 9, time: 1)),
            ])
    }

    @Test func aTransactionCompletesWhenItsAnimationIsRemoved() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "a", completion: 3),
            ],
            from: s, completions: [3])
        let replies = h.commit([.removeAnimation(WireRemoveAnimation(layer: 1, key: "a"))], from: s, transaction: 2)
        #expect(
            replies.dropFirst() == [
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "a", finished: false, time: 0)),
                .transactionCompleted(TransactionCompleted(completion: 3, time: 0)),
            ])
    }

    @Test func aRunningAnimationIDCannotBeReused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [W.create(1), W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "a")], from: s)
        let report = try #require(
            h.commit([W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "b")], from: s)
                .errorReports.first)
        #expect(report.code == WireErrorCode.invalidAnimation.rawValue)
        #expect(report.field == "Commit.operations[0].addAnimation.animationID")
    }
}
