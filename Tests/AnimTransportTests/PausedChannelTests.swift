import AnimTestSupport
import AnimTransport
import Dispatch
import Glibc
import Synchronization
import Testing

/// A channel paused over its budget (`pauseReading`) must not wake the loop for a peer that hung up: the hangup
/// is always reported by epoll, so a level-triggered registration would report it on every wake-up until the
/// channel reads again, and the loop would spin for as long as the pause lasts.
@Suite struct PausedChannelTests {
    @Test func aPausedChannelHearsOfAHangupOnceAndReadsItAfterResuming() throws {
        let loop = try EventLoop(name: "test-paused")
        let (local, peer) = try SeqPacketSocket.pair()
        let state = Mutex((asked: 0, paused: true, records: 0, closed: false))
        #expect(try peer.send([1, 2, 3]))
        let channel = try RecordChannel(
            socket: local, loop: loop, maxRecordBytes: 1 << 16, maxQueuedBytes: 1 << 20,
            onRecord: { _, fds in
                FileDescriptor.close(fds)
                state.withLock { $0.records += 1 }
            },
            onClose: { _ in state.withLock { $0.closed = true } },
            beforeRecord: { _ in
                state.withLock { state in
                    state.asked += 1
                    return state.paused ? .pause : .read
                }
            })
        loop.start()
        defer { loop.stop() }
        #expect(eventually { state.withLock { $0.asked } == 1 })
        // The peer goes away while the channel is paused; its record is still unread. Ten turns of the loop
        // follow: a level-triggered registration would report the hangup on every one of them.
        peer.close()
        for _ in 0..<10 {
            let turned = DispatchSemaphore(value: 0)
            loop.execute { turned.signal() }
            #expect(waited(turned))
        }
        let askedWhilePaused = state.withLock { $0.asked }
        #expect(askedWhilePaused <= 2, "a paused channel was woken \(askedWhilePaused) times by one hangup")
        #expect(state.withLock { $0.records } == 0)

        state.withLock { $0.paused = false }
        loop.execute { channel.resumeReading() }
        #expect(eventually { state.withLock { $0.closed } })
        #expect(state.withLock { $0.records } == 1, "the record sent before the hangup is read after resuming")
    }
}
