import AnimCore
import AnimProtocol
import AnimTransport
import Glibc

/// How much of a commit the loop applies before it serves the others (`ServerCore.receive(record:fds:from:slicing:)`):
/// a slice ends after `operations` operations or once `seconds` of loop time have passed, whichever comes first.
public struct CommitSlicing: Sendable, Equatable {
    public var operations: Int
    public var seconds: Double

    public init(operations: Int, seconds: Double = .infinity) {
        self.operations = operations
        self.seconds = seconds
    }

    /// About a quarter of a millisecond here for a 28,000-change commit that changes four key paths on each
    /// layer in turn, and the clock's bound for slower operations: another client's record waits for at most
    /// one slice (docs/architecture.md, "Fair reading").
    public static let `default` = CommitSlicing(operations: 8192, seconds: 0.000_4)

    /// Operations between two looks at the clock.
    static let clockStride = 512
}

/// A commit larger than a slice, applied a slice at a time while the loop serves other clients in between. It
/// stays atomic for everyone: nothing of it is in the client's scene until the last slice, so a frame or a query
/// meanwhile sees the scene as it was, and a refused operation anywhere leaves nothing applied. The client's next
/// record is not read until it is done (the glue stops reading it), so its replies keep their order.
///
/// A batch of plain property changes (`SetPropertyBatch`) is checked in slices without changing anything, then
/// stored in place when its changes fit one slice, or else in slices to a copy of the context (after a frame,
/// whose snapshot shares the nodes, storing copies each changed node once). Any other commit is applied in slices to a copy
/// of the context (the nodes are shared until changed), which replaces the context after the last slice; frames
/// meanwhile show the context as it was, moved on a copy of their own (`ServerCore.sceneBeforeCommit`).
final class SlicedCommit {
    enum Stage {
        case checkingBatch(SetPropertyBatch, BatchCheck, BatchScratch)
        /// Checked, more changes than a slice stores: stored in slices to a copy of the context.
        case storingBatch(SetPropertyBatch, BatchScratch, working: ClientContext, BatchStore)
        /// Not a batch (or one that would be refused): decoded in a slice of its own, then applied.
        case decoding
        /// Applied to the context in place in its first slice (`working` nil), as a commit of one slice is; when
        /// that does not finish it, the session gets the scene as it was (the journal rolled back on a copy) and
        /// the rest is applied to `working`.
        case applying(Commit, working: ClientContext?, CommitProgress)
    }

    /// The record's bytes, copied: the glue's receive buffer takes the next record. A batch's checks point here.
    private let frame: UnsafeMutableRawBufferPointer
    let env: CommitEnvironment
    var stage: Stage?
    /// Slices run so far (tests count them).
    private(set) var slices = 0

    init(copying record: UnsafeRawBufferPointer, env: CommitEnvironment) {
        frame = UnsafeMutableRawBufferPointer.allocate(byteCount: max(record.count, 1), alignment: 16)
        if let source = record.baseAddress, record.count > 0 {
            frame.baseAddress!.copyMemory(from: source, byteCount: record.count)
        }
        self.env = env
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(frame)[0..<record.count])
    }

    deinit {
        frame.deallocate()
    }

    /// The record as it arrived.
    let bytes: UnsafeRawBufferPointer

    /// Whether the commit is being applied to a copy of the context (frames must not move the context itself:
    /// the copy replaces it).
    var appliesToCopy: Bool {
        switch stage {
        case .applying(_, .some, _), .storingBatch: return true
        default: return false
        }
    }

    func sliceRan() { slices += 1 }
}

extension ServerCore {
    /// What `receive(record:fds:from:slicing:)` and `continueCommit(of:)` did with a record.
    public struct Received {
        public var deliveries: [Delivery]
        /// Whether a Commit was applied or refused (not when it goes on in slices).
        public var isCommit: Bool
        /// A commit goes on: the glue calls `continueCommit(of:)` after serving others, and reads nothing more
        /// from this client until it is done.
        public var unfinished: Bool
    }

    /// `receive(record:fds:from:)`, with a Commit of more than `slicing.operations` operations from a ready
    /// session begun in slices (`SlicedCommit`): the first slice runs now; the rest by `continueCommit(of:)`.
    public func receive(
        record: UnsafeRawBufferPointer, fds: [Int32], from id: SessionID, slicing: CommitSlicing
    ) -> Received {
        if fds.isEmpty, let session = sessions[id], session.isReady, session.commitInProgress == nil,
            let sliced = slicedCommit(record, for: session, slicing: slicing)
        {
            session.commitInProgress = sliced
            return continueCommit(of: id, slicing: slicing)
        }
        let (deliveries, isCommit) = receive(record: record, fds: fds, from: id)
        return Received(deliveries: deliveries, isCommit: isCommit, unfinished: false)
    }

    /// `record` as a commit to apply in slices: a batch or a decoded commit of more than `slicing.operations`
    /// operations. Nil for anything else, and for a record that does not decode (`receive(record:…)` says why).
    private func slicedCommit(
        _ record: UnsafeRawBufferPointer, for session: Session, slicing: CommitSlicing
    ) -> SlicedCommit? {
        let maxBytes = Int(configuration.maxMessageBytes)
        guard let operations = FrameCodec.commitOperationCount(of: record),
            operations > min(slicing.operations, CommitSlicing.clockStride)
        else { return nil }
        let sliced = SlicedCommit(copying: record, env: commitEnvironment(for: session))
        // The batch is read from the copy, which outlives the receive buffer.
        if let batch = SetPropertyBatch(frame: sliced.bytes, maxMessageBytes: maxBytes) {
            // The core's scratch, for its capacity; a batch of another client meanwhile gets a new one.
            var scratch = batchScratch
            batchScratch = BatchScratch()
            scratch.removeAll()
            scratch.slots.reserveCapacity(batch.count)
            sliced.stage = .checkingBatch(batch, BatchCheck(batch), scratch)
            return sliced
        }
        sliced.stage = .decoding
        return sliced
    }

    /// The next slice of `id`'s commit in progress; done when `unfinished` is false (the commit applied or
    /// refused). Nothing when the session has gone or has no commit in progress.
    public func continueCommit(of id: SessionID, slicing: CommitSlicing) -> Received {
        // Taken out of the commit, so the scratch and the working context are uniquely referenced and grow or
        // change in place.
        guard let session = sessions[id], let sliced = session.commitInProgress, let stage = sliced.stage.take()
        else { return Received(deliveries: [], isCommit: false, unfinished: false) }
        guard session.phase != .closing else {
            session.commitInProgress = nil
            return Received(deliveries: [], isCommit: false, unfinished: false)
        }
        sliced.sliceRan()
        let began = MonotonicClock.now()
        switch consume stage {
        case .checkingBatch(let batch, var check, var scratch):
            var left = slicing.operations
            var outcome = BatchCheck.Outcome.unfinished
            while left > 0, outcome == .unfinished {
                let chunk = min(left, CommitSlicing.clockStride)
                outcome = session.context.checkBatch(&check, in: sliced.env, scratch: &scratch, upTo: chunk)
                left -= chunk
                if MonotonicClock.now() - began >= slicing.seconds { break }
            }
            switch outcome {
            case .unfinished:
                sliced.stage = .checkingBatch(batch, check, scratch)
                return Received(deliveries: [], isCommit: false, unfinished: true)
            case .checked where scratch.slots.count + scratch.values.count > slicing.operations:
                sliced.stage = .storingBatch(batch, scratch, working: session.context, BatchStore())
                return Received(deliveries: [], isCommit: false, unfinished: true)
            case .checked:
                session.commitInProgress = nil
                // Taken out of the session while it is stored, so the context is uniquely referenced and changes
                // in place.
                var context = session.context
                session.context = ClientContext()
                let events = context.storeBatch(batch, in: sliced.env, scratch: scratch)
                session.context = context
                batchScratch = scratch
                markChanged()
                let deliveries = applied(batch.transaction, at: sliced.env.now, events: events, for: session).map {
                    Delivery(session: id, message: $0)
                }
                return Received(deliveries: deliveries, isCommit: true, unfinished: false)
            case .notABatch:
                // Applied by the general path, which refuses it naming the operation.
                sliced.stage = .decoding
                return Received(deliveries: [], isCommit: false, unfinished: true)
            }
        case .storingBatch(let batch, let scratch, var working, var progress):
            var done = false
            var left = slicing.operations
            while left > 0, !done {
                let chunk = min(left, CommitSlicing.clockStride)
                done = working.storeBatch(scratch, from: &progress, upTo: chunk)
                left -= chunk
                if MonotonicClock.now() - began >= slicing.seconds { break }
            }
            guard done else {
                sliced.stage = .storingBatch(batch, scratch, working: working, progress)
                return Received(deliveries: [], isCommit: false, unfinished: true)
            }
            session.commitInProgress = nil
            working.recordEmitterValues(at: sliced.env.now)
            let events = working.closeCompletions(batch.completions, at: sliced.env.now)
            session.context = working
            batchScratch = scratch
            markChanged()
            let deliveries = applied(batch.transaction, at: sliced.env.now, events: events, for: session).map {
                Delivery(session: id, message: $0)
            }
            return Received(deliveries: deliveries, isCommit: true, unfinished: false)
        case .decoding:
            let message: Message
            do {
                message = try FrameCodec.decode(sliced.bytes, maxMessageBytes: Int(configuration.maxMessageBytes))
            } catch {
                // A frame that does not decode closes the connection, as `receive(record:…)` has it.
                session.commitInProgress = nil
                return Received(deliveries: reject(error, from: id), isCommit: false, unfinished: false)
            }
            guard case .commit(let commit) = message else {
                session.commitInProgress = nil
                return Received(deliveries: receive(message, fds: [], from: id), isCommit: false, unfinished: false)
            }
            sliced.stage = .applying(commit, working: nil, CommitProgress(ClientContext()))
            return Received(deliveries: [], isCommit: false, unfinished: true)
        case .applying(let commit, let copy, var progress):
            // The first slice works in place, with what a refusal restores.
            var saved: ClientContext.SavedFields?
            var working: ClientContext
            if let copy {
                working = copy
            } else {
                working = session.context
                session.context = ClientContext()
                saved = ClientContext.SavedFields(working)
                progress = CommitProgress(working)
                working.tree.beginJournal()
            }
            do {
                var left = slicing.operations
                while left > 0, progress.next < commit.operations.count {
                    let chunk = min(left, CommitSlicing.clockStride)
                    try working.applyOperations(commit, sliced.env, &progress, upTo: chunk)
                    left -= chunk
                    if MonotonicClock.now() - began >= slicing.seconds { break }
                }
            } catch {
                session.commitInProgress = nil
                if let saved {
                    working.tree.rollback()
                    saved.restore(into: &working)
                    session.context = working
                }
                // Otherwise the session holds the scene as it was, and the copy goes.
                logger.debug(
                    "commit refused",
                    metadata: [
                        "session": "\(session.id.rawValue)", "transaction": "\(commit.transaction)",
                        "error": "\(error)",
                    ])
                return Received(
                    deliveries: [Delivery(session: id, message: errorReport(error, request: commit.transaction))],
                    isCommit: true, unfinished: false)
            }
            guard progress.next == commit.operations.count else {
                if let saved {
                    // From now on frames show the scene as it was before the commit.
                    var before = working
                    before.tree.rollback()
                    saved.restore(into: &before)
                    session.context = before
                }
                sliced.stage = .applying(commit, working: working, progress)
                return Received(deliveries: [], isCommit: false, unfinished: true)
            }
            session.commitInProgress = nil
            working.tree.commitJournal()
            working.recordEmitterValues(at: sliced.env.now)
            let events = progress.out + working.closeCompletions(commit.completions, at: sliced.env.now)
            session.context = working
            session.tiles.noteCreated(by: commit)
            markChanged()
            let deliveries = applied(commit.transaction, at: sliced.env.now, events: events, for: session).map {
                Delivery(session: id, message: $0)
            }
            return Received(deliveries: deliveries, isCommit: true, unfinished: false)
        }
    }

    /// Whether `id` has a commit in progress, and how many slices it ran (tests).
    func slicesOfCommitInProgress(_ id: SessionID) -> Int? {
        sessions[id]?.commitInProgress?.slices
    }

    /// The frame's scene of a client whose commit is applied to a copy of its context: the context as it was
    /// before the commit, moved to `time` on a copy of its own whose events are dropped (the first frame after
    /// the commit finds them again on the context itself, which this frame does not move). Nil for any other.
    func sceneBeforeCommit(_ session: Session, at time: Double) -> RenderSnapshot.Client? {
        guard session.commitInProgress?.appliesToCopy == true else { return nil }
        var shown = session.context
        _ = shown.advance(to: time)
        var client = RenderSnapshot.Client(
            session: session.id, tree: shown.tree, animated: shown.animatedLayers,
            transitionCaptures: shown.transitionCaptures, images: session.images.images, at: time)
        client.emitterHistories = shown.emitterHistories
        // Its tiled layers keep drawing the tiles held; none are asked for until the commit is in.
        var noRequests: [TileRequest]?
        if !session.tiles.isEmpty { addTiles(to: &client, of: session, at: time, requests: &noRequests) }
        return client
    }
}
