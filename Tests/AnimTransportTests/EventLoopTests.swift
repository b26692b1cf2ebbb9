import AnimTransport
import Dispatch
import Glibc
import Testing

@Suite struct EventLoopTests {
    @Test func executeRunsOnTheLoopThreadInOrder() throws {
        let loop = try EventLoop(name: "test-execute")
        loop.start()
        defer { loop.stop() }
        #expect(!loop.isOnLoopThread)
        let seen = Recorder<(Int, Bool)>()
        let done = DispatchSemaphore(value: 0)
        for index in 0..<200 {
            loop.execute { seen.append((index, loop.isOnLoopThread)) }
        }
        loop.execute { done.signal() }
        #expect(waited(done))
        #expect(seen.all.map(\.0) == Array(0..<200))
        #expect(seen.all.allSatisfy { $0.1 })
    }

    @Test func workQueuedBeforeStopStillRuns() throws {
        let loop = try EventLoop(name: "test-stop")
        let seen = Recorder<Int>()
        loop.execute { seen.append(1) }
        loop.start()
        loop.execute { seen.append(2) }
        loop.stop()
        #expect(seen.all == [1, 2])
        loop.execute { seen.append(3) }
        loop.stop()
        #expect(seen.all == [1, 2])
    }

    @Test func stopFromTheLoopThreadDoesNotDeadlock() throws {
        let loop = try EventLoop(name: "test-selfstop")
        loop.start()
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            loop.stop()
            done.signal()
        }
        #expect(waited(done))
        loop.stop()
    }

    @Test func timerFiresAfterItsDeadlineAndACancelledOneDoesNot() throws {
        let loop = try EventLoop(name: "test-timer")
        loop.start()
        defer { loop.stop() }
        let fired = Recorder<(String, Double)>()
        let done = DispatchSemaphore(value: 0)
        let start = MonotonicClock.now()
        loop.execute {
            loop.schedule(at: start + 0.03) { fired.append(("late", MonotonicClock.now())) }
            loop.schedule(at: start + 0.01) { fired.append(("early", MonotonicClock.now())) }
            let cancelled = loop.schedule(at: start + 0.02) { fired.append(("cancelled", MonotonicClock.now())) }
            loop.cancel(cancelled)
            loop.schedule(at: start + 0.05) { done.signal() }
        }
        #expect(waited(done))
        let events = fired.all
        #expect(events.map(\.0) == ["early", "late"])
        #expect(events.count == 2 && events[0].1 >= start + 0.01 && events[1].1 >= start + 0.03)
    }

    @Test func pastDeadlineRunsAndTimersDueTogetherKeepScheduleOrder() throws {
        let loop = try EventLoop(name: "test-past")
        loop.start()
        defer { loop.stop() }
        let fired = Recorder<Int>()
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            let past = MonotonicClock.now() - 1
            for index in 0..<5 { loop.schedule(at: past) { fired.append(index) } }
            loop.schedule(at: past - 1) { fired.append(-1) }
            loop.schedule(at: past) { done.signal() }
        }
        #expect(waited(done))
        #expect(fired.all == [-1, 0, 1, 2, 3, 4])
    }

    @Test func timerCancelledByAnEarlierTimerInTheSameBatchDoesNotRun() throws {
        let loop = try EventLoop(name: "test-batch")
        loop.start()
        defer { loop.stop() }
        let fired = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            let past = MonotonicClock.now() - 1
            var victim: EventLoop.TimerHandle?
            loop.schedule(at: past) {
                fired.append("first")
                if let victim { loop.cancel(victim) }
            }
            victim = loop.schedule(at: past) { fired.append("victim") }
            loop.schedule(at: MonotonicClock.now() + 0.01) { done.signal() }
        }
        #expect(waited(done))
        #expect(fired.all == ["first"])
    }

    @Test func registeredDescriptorReportsReadableAndHangup() throws {
        let loop = try EventLoop(name: "test-fd")
        loop.start()
        defer { loop.stop() }
        let (a, b) = try SeqPacketSocket.pair()
        try b.setNonBlocking(true)
        let seen = Recorder<String>()
        let readable = DispatchSemaphore(value: 0)
        let hungUp = DispatchSemaphore(value: 0)
        try loop.register(fd: b.fd, events: .readable) { events in
            guard events.contains(.readable) || events.contains(.hangup) else { return }
            switch try? b.receive(maxBytes: 16) {
            case .record(let record):
                seen.append("record \(record.bytes)")
                readable.signal()
            case .closed:
                seen.append("closed")
                loop.unregister(fd: b.fd)
                hungUp.signal()
            default: break
            }
        }
        let duplicate = #expect(throws: TransportError.self) {
            try loop.register(fd: b.fd, events: .readable) { _ in }
        }
        #expect(duplicate?.code == EEXIST)
        #expect(try a.send([5, 6]))
        #expect(waited(readable))
        a.close()
        #expect(waited(hungUp))
        #expect(seen.all == ["record [5, 6]", "closed"])
    }
}
