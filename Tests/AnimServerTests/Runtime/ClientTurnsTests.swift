import AnimTransport
import Dispatch
import Glibc
import Synchronization
import Testing

@testable import AnimServer

/// The loop's budget per client (`ClientTurns`), on a fake clock: the records a client's turn may read, and when
/// it waits for the frame.
@Suite struct ClientTurnsTests {
    let flooder = SessionID(1)
    let other = SessionID(2)
    static let interval = 1.0 / 60

    @Test func aTurnEndsOnceItsRecordsUsedTheSlice() {
        var turns = ClientTurns(frameInterval: Self.interval, turnSlice: 0.000_5, now: 0)
        var now = 0.0
        var read = 0
        // Records of 0.2 ms: the third would take the turn to 0.6 ms, past its 0.5 ms.
        while turns.decide(flooder, readThisTurn: read, now: now, frameDeadline: nil) == .read {
            now += 0.000_2
            turns.charge(flooder, cost: 0.000_2)
            read += 1
        }
        #expect(read == 2)
        #expect(turns.decide(flooder, readThisTurn: read, now: now, frameDeadline: nil) == .yield)
        // Its next turn starts with a fresh slice.
        #expect(turns.decide(flooder, readThisTurn: 0, now: now, frameDeadline: nil) == .read)
    }

    @Test func aRecordThatWouldRunPastTheFrameDeadlineWaitsForTheFrame() {
        var turns = ClientTurns(frameInterval: Self.interval, now: 0)
        _ = turns.decide(flooder, readThisTurn: 0, now: 0, frameDeadline: 0.016)
        turns.charge(flooder, cost: 0.004)
        // 0.013 + 0.004 ends after the frame at 0.016: not begun. A Sync costing 10 µs still is.
        #expect(turns.decide(flooder, readThisTurn: 0, now: 0.013, frameDeadline: 0.016) == .pause(until: 0.016))
        _ = turns.decide(other, readThisTurn: 0, now: 0.013, frameDeadline: 0.016)
        turns.charge(other, cost: 0.000_01)
        #expect(turns.decide(other, readThisTurn: 0, now: 0.015_9, frameDeadline: 0.016) == .read)
        // After the frame the deferred record is read even though it cannot end before the next deadline.
        turns.frameRan(at: 0.017)
        #expect(turns.decide(flooder, readThisTurn: 0, now: 0.030, frameDeadline: 0.032) == .read)
        turns.charge(flooder, cost: 0.004)
        #expect(turns.decide(flooder, readThisTurn: 0, now: 0.031, frameDeadline: 0.032) == .pause(until: 0.032))
    }

    @Test func aClientThatUsedItsFrameShareWaitsForTheNextFrame() {
        var turns = ClientTurns(frameInterval: Self.interval, now: 0)
        var now = 0.0
        var records = 0
        while turns.decide(flooder, readThisTurn: 0, now: now, frameDeadline: nil) == .read {
            now += 0.001
            turns.charge(flooder, cost: 0.001)
            records += 1
        }
        // Half of a 60 Hz frame interval in 1 ms records.
        #expect(records == 9)
        #expect(turns.decide(flooder, readThisTurn: 0, now: now, frameDeadline: nil) == .pause(until: Self.interval))
        #expect(turns.decide(other, readThisTurn: 0, now: now, frameDeadline: nil) == .read)
        turns.frameRan(at: now)
        #expect(turns.decide(flooder, readThisTurn: 0, now: now, frameDeadline: nil) == .read)
    }

    /// Two clients on one loop, as the server reads them: the first has 200 records pending, the second one
    /// Sync-sized record sent after them. Each of the first client's records costs 0.2 ms of a fake clock. The
    /// second client's record is read after one turn of the first (2 records), not after 64 (what a wake-up
    /// read whatever the records cost).
    @Test func anotherClientsRecordIsReadAfterOneTurnOfAFloodingClient() throws {
        let loop = try EventLoop(name: "test-turns")
        let (floodLocal, floodPeer) = try SeqPacketSocket.pair()
        let (otherLocal, otherPeer) = try SeqPacketSocket.pair()
        // A frame share larger than the whole flood: only the turns limit the reading here.
        let turns = ClientTurns(frameInterval: Self.interval, frameShare: 1, now: 0)
        let state = Mutex((turns: turns, now: 0.0, order: [UInt32]()))
        let done = DispatchSemaphore(value: 0)
        let pending = 200
        for index in 0..<pending { #expect(try floodPeer.send([UInt8(index % 256), 0, 0, 0])) }
        #expect(try otherPeer.send([9]))
        func channel(_ socket: SeqPacketSocket, _ session: SessionID, cost: Double) throws -> RecordChannel {
            try RecordChannel(
                socket: socket, loop: loop, maxRecordBytes: 1 << 16, maxQueuedBytes: 1 << 20,
                onRecord: { _, fds in
                    FileDescriptor.close(fds)
                    let count = state.withLock { state in
                        state.now += cost
                        state.turns.charge(session, cost: cost)
                        state.order.append(session.rawValue)
                        return state.order.count
                    }
                    if count == pending + 1 { done.signal() }
                },
                onClose: { _ in },
                beforeRecord: { read in
                    state.withLock { state in
                        switch state.turns.decide(session, readThisTurn: read, now: state.now, frameDeadline: nil) {
                        case .read: .read
                        case .yield: .yield
                        case .pause: .pause
                        }
                    }
                })
        }
        // Registered first, so the loop's first wake-up reads the flooding client first.
        let flood = try channel(floodLocal, flooder, cost: 0.000_2)
        let sync = try channel(otherLocal, other, cost: 0.000_01)
        loop.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        loop.stop()
        flood.close()
        sync.close()
        let order = state.withLock { $0.order }
        let before = order.firstIndex(of: other.rawValue)
        #expect(before == 2)
        #expect(order.count == pending + 1)
    }
}
