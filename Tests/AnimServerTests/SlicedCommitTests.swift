import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// A commit larger than a slice is applied a slice at a time (`ServerCore.receive(record:fds:from:slicing:)`,
/// `continueCommit`): another client is answered between slices, a frame meanwhile shows the scene as it was,
/// and the commit is still all or nothing. Slices are counted, not timed (`CommitSlicing.seconds` is infinite).
@Suite("Sliced commits: one client's large commit never holds the others")
struct SlicedCommitTests {
    static let layers = 7000
    static let slicing = CommitSlicing(operations: 4000)

    /// Position, bounds, opacity and zPosition of every layer in turn: 28,000 changes, as serverbench's flood.
    static func floodOperations(layers: Int) -> [WireOperation] {
        (0..<layers).flatMap { index -> [WireOperation] in
            let layer = UInt32(index + 1)
            let at = Double(index)
            return [
                W.set(layer, "position", W.point(1, at)),
                W.set(layer, "bounds", .rect(WireRect(x: 0, y: 0, width: 10, height: at))),
                W.set(layer, "opacity", .number(0.5)),
                W.set(layer, "zPosition", .number(at)),
            ]
        }
    }

    static func frame(_ operations: [WireOperation], transaction: UInt64 = 3) -> [UInt8] {
        FrameCodec.encode(.commit(Commit(transaction: transaction, completions: [], operations: operations)))
    }

    /// A server whose first client has `layers` layers, layer 1 fading over [0, 1] s, and a second client.
    private func scene() throws -> (ServerHarness, SessionID, SessionID) {
        let h = ServerHarness()
        let a = try h.connect(name: "flooder")
        let b = try h.connect(name: "other")
        h.commit((1...UInt32(Self.layers)).map { W.create($0) }, from: a)
        h.commit(
            [W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "fade", completion: 9)],
            from: a, transaction: 2, completions: [9])
        return (h, a, b)
    }

    private func receive(_ h: ServerHarness, _ bytes: [UInt8], from session: SessionID) -> ServerCore.Received {
        bytes.withUnsafeBytes { h.core.receive(record: $0, fds: [], from: session, slicing: Self.slicing) }
    }

    private func states(_ h: ServerHarness, _ s: SessionID) throws -> [LayerState] {
        let tree = try #require(h.core.sessions[s]).context.tree
        return try tree.layerIDs.map { try tree.state(of: $0) }
    }

    @Test func anotherClientsSyncIsAnsweredBetweenTheSlicesOfALargeBatch() throws {
        let (h, a, b) = try scene()
        let bytes = Self.frame(Self.floodOperations(layers: Self.layers))
        let first = receive(h, bytes, from: a)
        #expect(first.unfinished)
        #expect(first.deliveries.isEmpty)
        #expect(h.core.slicesOfCommitInProgress(a) == 1)

        let sync = receive(h, FrameCodec.encode(.sync(Sync(request: 77))), from: b)
        #expect(!sync.unfinished)
        #expect(sync.deliveries.map(\.session) == [b])
        #expect(sync.deliveries.map(\.message) == [.syncReply(SyncReply(request: 77, time: 0))])
        #expect(h.core.slicesOfCommitInProgress(a) == 1)

        // A frame between slices shows the flooder's layers as they were before the commit.
        try h.frame(at: 0.5)
        let shown = try #require(h.sink.lastSnapshot?.clients.first { $0.session == a })
        #expect(shown.layers.state(of: LayerID(2))?.position == Point(x: 0, y: 0))
        #expect(shown.layers.state(of: LayerID(7000))?.zPosition == 0)
        #expect(shown.layers.state(of: LayerID(1))?.opacity == 0.5)  // Its fade, halfway.

        var last = first
        var slices = 1
        while last.unfinished {
            last = h.core.continueCommit(of: a, slicing: Self.slicing)
            slices += 1
            if slices == 9 {
                // Storing, to a copy: a frame still shows the scene as it was.
                try h.frame(at: 0.6)
                let storing = try #require(h.sink.lastSnapshot?.clients.first { $0.session == a })
                #expect(storing.layers.state(of: LayerID(2))?.position == Point(x: 0, y: 0))
                #expect(storing.layers.state(of: LayerID(1))?.opacity == 0.6)
            }
        }
        // 28,000 checks, then 28,000 stores, 4,000 a slice.
        #expect(slices == 14)
        #expect(last.isCommit)
        #expect(last.deliveries.map(\.message) == [.commitApplied(CommitApplied(transaction: 3, time: 0))])
        #expect(h.core.slicesOfCommitInProgress(a) == nil)
        let tree = try #require(h.core.sessions[a]).context.tree
        #expect(try tree.state(of: LayerID(2)).position == Point(x: 1, y: 1))
        #expect(try tree.state(of: LayerID(7000)).bounds == Rect(x: 0, y: 0, width: 10, height: 6999))
        #expect(try tree.state(of: LayerID(7000)).zPosition == 6999)
    }

    /// The sliced batch leaves the scene exactly as the whole commit applied at once does.
    @Test func aSlicedBatchAppliesAsTheWholeCommitDoes() throws {
        let (sliced, a1, _) = try scene()
        let (whole, a2, _) = try scene()
        let bytes = Self.frame(Self.floodOperations(layers: Self.layers))
        var last = receive(sliced, bytes, from: a1)
        while last.unfinished { last = sliced.core.continueCommit(of: a1, slicing: Self.slicing) }
        let expected = whole.core.receive(record: bytes, fds: [], from: a2).deliveries.map(\.message)
        #expect(last.deliveries.map(\.message) == expected)
        #expect(try states(sliced, a1) == states(whole, a2))
    }

    /// A bad value in the last operation: the slices checked before it stored nothing, and the general path,
    /// sliced too, refuses the commit naming that operation, leaving the scene as it was.
    @Test func aRefusedOperationAtTheEndOfASlicedCommitLeavesNothingApplied() throws {
        let (h, a, b) = try scene()
        let before = try states(h, a)
        var operations = Self.floodOperations(layers: Self.layers)
        operations.append(W.set(5, "opacity", .number(.nan)))
        let bytes = Self.frame(operations)
        var last = receive(h, bytes, from: a)
        var slices = 1
        while last.unfinished {
            // Served between any two slices, with the scene as it was.
            let sync = receive(h, FrameCodec.encode(.sync(Sync(request: UInt32(slices)))), from: b)
            #expect(sync.deliveries.count == 1)
            try h.frame(at: 0.25 + Double(slices) / 100)
            let shown = try #require(h.sink.lastSnapshot?.clients.first { $0.session == a })
            #expect(shown.layers.state(of: LayerID(2))?.position == Point(x: 0, y: 0))
            last = h.core.continueCommit(of: a, slicing: Self.slicing)
            slices += 1
        }
        // 8 slices of checks (the last finds the NaN), one to decode, 8 applying to a copy.
        #expect(slices == 17)
        let report = try #require(last.deliveries.first?.message.errorReport)
        #expect(last.deliveries.count == 1)
        #expect(report.code == WireErrorCode.invalidValue.rawValue)
        #expect(report.field == "Commit.operations[28000].setProperty.value")
        #expect(report.request == 3)
        #expect(!report.fatal)
        #expect(try states(h, a) == before)
        // The commit answered, the client's scene is the context itself again: frames move and report it.
        #expect(h.core.slicesOfCommitInProgress(a) == nil)
        let events = try h.frame(at: 2).filter { $0.session == a }.map(\.message)
        #expect(
            events == [
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "fade", finished: true, time: 1)),
                .transactionCompleted(TransactionCompleted(completion: 9, time: 1)),
            ])
    }

    /// Refused in the first slice of applying, which works on the context in place: rolled back as an unsliced
    /// commit is.
    @Test func aCommitRefusedInItsFirstSliceIsRolledBack() throws {
        let (h, a, _) = try scene()
        let before = try states(h, a)
        var operations = (7001...7100).map { W.create(UInt32($0)) }
        operations += Self.floodOperations(layers: 1000)
        operations.append(W.set(4, "opacity", .number(.infinity)))
        var last = receive(h, Self.frame(operations, transaction: 5), from: a)
        while last.unfinished { last = h.core.continueCommit(of: a, slicing: Self.slicing) }
        let report = try #require(last.deliveries.first?.message.errorReport)
        #expect(report.field == "Commit.operations[4100].setProperty.value")
        #expect(report.request == 5)
        #expect(try states(h, a) == before)
        #expect(h.core.sessions[a]?.context.tree.hasLayer(LayerID(7001)) == false)
    }

    /// A large commit that is not a batch (layers created, an animation added) is applied to a copy of the
    /// context: frames meanwhile show the scene as it was, moved to their time, and hold back its events, which
    /// the first frame after the commit reports once (the fade's start too: no frame ran before).
    @Test func aLargeGeneralCommitIsShownOnlyOnceApplied() throws {
        let (h, a, _) = try scene()
        // 4,000 plain changes, then layers created: checked as a batch first, then applied as a commit.
        var operations = Self.floodOperations(layers: 1000)
        operations += (7001...9000).map { W.create(UInt32($0)) }
        let bytes = Self.frame(operations, transaction: 4)
        var last = receive(h, bytes, from: a)
        #expect(last.unfinished)  // The changes checked; then the first creation is no batch.
        last = h.core.continueCommit(of: a, slicing: Self.slicing)  // Decoded.
        last = h.core.continueCommit(of: a, slicing: Self.slicing)  // The 4,000 changes applied to the copy.
        #expect(last.unfinished)
        #expect(h.core.slicesOfCommitInProgress(a) == 3)
        // Past the fade's end: the frame shows the model opacity and reports nothing for this client yet.
        let held = try h.frame(at: 2).filter { $0.session == a }
        #expect(held.isEmpty)
        let shown = try #require(h.sink.lastSnapshot?.clients.first { $0.session == a })
        #expect(shown.layers.count == Self.layers)
        #expect(shown.layers.state(of: LayerID(1))?.opacity == 1)
        #expect(shown.layers.state(of: LayerID(2))?.position == Point(x: 0, y: 0))
        last = h.core.continueCommit(of: a, slicing: Self.slicing)
        #expect(!last.unfinished)
        #expect(last.deliveries.map(\.message) == [.commitApplied(CommitApplied(transaction: 4, time: 0))])
        let events = try h.frame(at: 2.1).filter { $0.session == a }.map(\.message)
        #expect(
            events == [
                .animationStarted(AnimationStarted(layer: 1, animationID: 1, key: "fade", time: 0)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "fade", finished: true, time: 1)),
                .transactionCompleted(TransactionCompleted(completion: 9, time: 1)),
            ])
        let after = try #require(h.sink.lastSnapshot?.clients.first { $0.session == a })
        #expect(after.layers.count == 9000)
        #expect(after.layers.state(of: LayerID(2))?.position == Point(x: 1, y: 1))
    }
}
