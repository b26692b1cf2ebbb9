import AnimProtocol
import Testing

@testable import AnimCore
@testable import AnimServer

/// A whole client context in a form that compares: every node, the root order and counter, and the server's
/// animation bookkeeping. A refused commit must leave all of it as it was.
private struct ContextPrint: Equatable {
    struct Node: Equatable {
        let state: LayerState
        let superlayer: LayerID?
        let sublayers: [LayerID]
        let maskOf: LayerID?
        let rootSequence: UInt64
        let entries: [UInt64]
        let started: [Bool]
    }

    let nodes: [LayerID: Node]
    let roots: [LayerID]
    let nextRootSequence: UInt64
    let animations: [LayerID: [UInt64: UInt64]]
    let stopped: [LayerID: [UInt64: Bool]]
    let runningIDs: [UInt64: LayerID]
    let animationCount: Int

    init(_ context: ClientContext) {
        let tree = context.tree
        var nodes: [LayerID: Node] = [:]
        for id in tree.layerIDs {
            let n = tree.node(id)!
            nodes[id] = Node(
                state: n.state, superlayer: n.superlayer, sublayers: n.sublayers, maskOf: n.maskOf,
                rootSequence: n.rootSequence, entries: n.animations.entries.map(\.id),
                started: n.animations.entries.map(\.hasStarted))
        }
        self.nodes = nodes
        roots = tree.roots
        nextRootSequence = tree.nextRootSequence
        animations = context.animations.mapValues { $0.mapValues(\.id) }
        stopped = context.animations.mapValues { $0.mapValues(\.stopped) }
        runningIDs = context.runningIDs
        animationCount = context.animationCount
    }
}

@Suite("Commits: a refused commit leaves the client's scene exactly as it was")
struct CommitRollbackTests {
    private func context(_ h: ServerHarness, _ s: SessionID) throws -> ClientContext {
        try #require(h.core.sessions[s]).context
    }

    /// 1 ⊃ 2 ⊃ 3, 4 masks 1, 5 loose; animations on 2 (running) and 3 (with a completion).
    private func scene(_ h: ServerHarness, _ s: SessionID) throws {
        let replies = h.commit(
            [
                W.create(1), W.create(2), W.create(3), W.create(4), W.create(5),
                W.insert(2, into: 1), W.insert(3, into: 2), W.set(1, "mask", .layer(4)),
                W.set(2, "opacity", .number(0.5)), W.set(5, "position", W.point(3, 4)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 2, id: 21, key: "fade"),
                W.add(
                    W.basic("position.x", from: .number(0), to: .number(9)), to: 3, id: 31, key: "move", completion: 7),
            ], from: s, completions: [7])
        #expect(replies.errorReports.isEmpty)
        try h.frame(at: 0.25)
    }

    /// Everything a commit can do, then an operation that is refused.
    private var everythingThenARefusal: [WireOperation] {
        [
            W.create(6), W.insert(6, into: 3), W.create(7, .shape), W.set(7, "lineWidth", .number(3)),
            W.set(1, "opacity", .number(0.1)), W.set(5, "position", W.point(30, 40)),
            W.set(1, "mask", .layer(nil)), W.insert(4, into: 5), .removeFromSuperlayer(2),
            W.add(W.basic("opacity", from: .number(1), to: .number(0)), to: 2, id: 22, key: "fade", completion: 8),
            W.add(W.basic("opacity", from: .number(1), to: .number(0)), to: 5, id: 51, key: nil),
            .removeAnimation(WireRemoveAnimation(layer: 3, key: "move")),
            .removeAllAnimations(5),
            .destroyLayer(3), W.create(3), W.set(3, "opacity", .number(0.3)),
            W.create(8), .destroyLayer(8),
            W.set(2, "alpha", .number(1)),  // refused: no such key path
        ]
    }

    @Test func aRefusedCommitRestoresEveryNodeTheRootsAndTheAnimationBookkeeping() throws {
        let h = ServerHarness()
        let s = try h.connect()
        try scene(h, s)
        let before = ContextPrint(try context(h, s))
        let replies = h.commit(everythingThenARefusal, from: s, transaction: 9, completions: [8])
        let report = try #require(replies.errorReports.first)
        #expect(replies.count == 1)
        #expect(report.field == "Commit.operations[\(everythingThenARefusal.count - 1)].setProperty.keyPath")
        #expect(ContextPrint(try context(h, s)) == before)
    }

    @Test func theSameCommitWithoutTheRefusalChangesTheScene() throws {
        // The rollback test above would pass trivially if nothing of it were applied: here it is.
        let h = ServerHarness()
        let s = try h.connect()
        try scene(h, s)
        let before = ContextPrint(try context(h, s))
        let replies = h.commit(Array(everythingThenARefusal.dropLast()), from: s, transaction: 9, completions: [8])
        #expect(replies.errorReports.isEmpty)
        let after = ContextPrint(try context(h, s))
        #expect(after != before)
        #expect(after.nodes[LayerID(3)]?.state.opacity == 0.3)
        #expect(after.nodes[LayerID(6)]?.superlayer == nil)  // destroying 3 made its sublayer a root
        #expect(after.nodes[LayerID(8)] == nil)
        #expect(after.runningIDs[31] == nil && after.runningIDs[22] == LayerID(2))
    }

    @Test func afterARefusalTheCompletionsAndAnimationIdsAreAsBefore() throws {
        let h = ServerHarness()
        let s = try h.connect()
        try scene(h, s)
        // The refused commit added animation 22 under completion 8 and removed 31 (completion 7's only one).
        h.commit(everythingThenARefusal, from: s, transaction: 9, completions: [8])
        // 22 is not running, so the id is free; completion 8 has nothing pending: it completes at once.
        let again = h.commit(
            [W.add(W.basic("opacity", from: .number(1), to: .number(0)), to: 2, id: 22, key: "fade2")], from: s,
            transaction: 10)
        #expect(again.errorReports.isEmpty)
        let replies = h.commit([], from: s, transaction: 11, completions: [8])
        #expect(replies.contains(.transactionCompleted(TransactionCompleted(completion: 8, time: 0.25))))
        // 31 still runs under completion 7: removing it now completes 7.
        let removed = h.commit([.removeAnimation(WireRemoveAnimation(layer: 3, key: "move"))], from: s, transaction: 12)
        #expect(removed.contains(.transactionCompleted(TransactionCompleted(completion: 7, time: 0.25))))
    }

    @Test func anAnimationStartsFromThePresentationBeforeTheCommit() throws {
        // The implicit-animation start value comes from the tree as it was before the commit, even when the
        // commit changed the layer first.
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.set(1, "opacity", .number(0.5))], from: s)
        let replies = h.commit(
            [
                W.set(1, "opacity", .number(1)),
                W.add(W.basic("opacity", from: nil, to: nil), to: 1, id: 1, key: "opacity"),
            ], from: s, transaction: 2)
        #expect(replies.errorReports.isEmpty)
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity") == .number(0.5))
    }
}
