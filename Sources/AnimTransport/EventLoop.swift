import CIPC
import Glibc
import Logging

/// One epoll loop on its own thread (a pthread, not Swift concurrency): the server's I/O thread.
///
/// Thread rules: every closure the loop runs (fd handlers, `execute` work, timer work) runs on the loop thread.
/// `execute`, `stop` and `isOnLoopThread` may be called from any thread. `register`/`modify`/`unregister`/
/// `schedule`/`cancel` are safe from any thread, but their closures are not `Sendable`: call them on the loop
/// thread (or before `start()`) unless the closure captures only thread-safe state. After `unregister` or `cancel`
/// returns on the loop thread, the handler or timer work is not called again, even for an event already fetched
/// in the same epoll batch. Unregister a descriptor before closing it.
public final class EventLoop: @unchecked Sendable {
    public struct Events: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let readable = Events(rawValue: 1 << 0)
        public static let writable = Events(rawValue: 1 << 1)
        /// The peer closed or shut down (EPOLLHUP/EPOLLRDHUP); always reported, never needs registering.
        public static let hangup = Events(rawValue: 1 << 2)
        /// EPOLLERR; always reported, never needs registering.
        public static let error = Events(rawValue: 1 << 3)
        /// Registration only (EPOLLET): each event is reported once when it arises, not for as long as it lasts.
        /// A descriptor watched for nothing still hears of a hangup, and without this it would hear of it on
        /// every wake-up until it is read.
        public static let edgeTriggered = Events(rawValue: 1 << 4)
    }

    /// Names a scheduled timer for `cancel`.
    public struct TimerHandle: Hashable, Sendable {
        let id: UInt64
    }

    public let name: String
    private let epollFD: Int32
    private let wakeFD: Int32
    private let timerFD: Int32
    private let logger: Logger
    private let lock = Lock()

    private enum State { case idle, running, stopping, stopped }
    private struct Registration {
        var generation: UInt32
        var handler: (Events) -> Void
    }
    private struct Timer {
        var deadline: Int64  // CLOCK_MONOTONIC nanoseconds
        var work: () -> Void
    }

    // Guarded by `lock`.
    private var state = State.idle
    private var pending: [@Sendable () -> Void] = []
    private var registrations: [Int32: Registration] = [:]
    private var nextGeneration: UInt32 = 1
    private var timers: [UInt64: Timer] = [:]
    private var nextTimerID: UInt64 = 1
    private var armedDeadline: Int64?
    private var loopThread: pthread_t?
    private var joinable: pthread_t?

    // epoll_data tokens: registered fds use (generation << 32 | fd) with generation ≥ 1, so these never collide.
    private static let wakeToken = UInt64.max
    private static let timerToken = UInt64.max - 1

    public init(name: String) throws(TransportError) {
        self.name = name
        logger = Logger(label: "animserver.transport.loop.\(name)")
        epollFD = epoll_create1(IPC_EPOLL_CLOEXEC)
        guard epollFD >= 0 else { throw .lastError("epoll_create1", name) }
        wakeFD = eventfd(0, IPC_EFD_CLOEXEC | IPC_EFD_NONBLOCK)
        guard wakeFD >= 0 else {
            let error = TransportError.lastError("eventfd", name)
            FileDescriptor.close(epollFD)
            throw error
        }
        timerFD = timerfd_create(CLOCK_MONOTONIC, IPC_TFD_CLOEXEC | IPC_TFD_NONBLOCK)
        guard timerFD >= 0 else {
            let error = TransportError.lastError("timerfd_create", name)
            FileDescriptor.close([epollFD, wakeFD])
            throw error
        }
        do {
            try control(IPC_EPOLL_CTL_ADD, fd: wakeFD, mask: IPC_EPOLLIN, token: Self.wakeToken)
            try control(IPC_EPOLL_CTL_ADD, fd: timerFD, mask: IPC_EPOLLIN, token: Self.timerToken)
        } catch {
            FileDescriptor.close([epollFD, wakeFD, timerFD])
            throw error
        }
    }

    deinit {
        FileDescriptor.close([epollFD, wakeFD, timerFD])
    }

    // MARK: Thread

    /// Spawns the loop thread. Only the first call does anything; a stopped loop does not restart.
    public func start() {
        let shouldStart = lock.withLock {
            guard state == .idle else { return false }
            state = .running
            return true
        }
        guard shouldStart else { return }
        var thread = pthread_t()
        // The thread holds the loop strongly until it exits.
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let loop = Unmanaged<EventLoop>.fromOpaque(raw).takeRetainedValue()
                loop.run()
                return nil
            }, context)
        if result != 0 {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            lock.withLock { state = .stopped }
            logger.critical("pthread_create failed", metadata: ["errno": "\(result)"])
            return
        }
        lock.withLock { joinable = thread }
    }

    /// Stops the loop after the batch it is running; work already passed to `execute` still runs (on a loop that
    /// never started it is dropped). Joins the loop thread unless called on it. Safe from any thread and more than
    /// once.
    public func stop() {
        let thread: pthread_t? = lock.withLock {
            switch state {
            case .idle: state = .stopped
            case .running: state = .stopping
            case .stopping, .stopped: break
            }
            defer { joinable = nil }
            if let current = loopThread, pthread_equal(current, pthread_self()) != 0 {
                // Stopping itself: nobody may be left to join, so the thread cleans up after itself.
                if let joinable { pthread_detach(joinable) }
                return nil
            }
            return joinable
        }
        wake()
        if let thread { pthread_join(thread, nil) }
    }

    public var isOnLoopThread: Bool {
        lock.withLock {
            guard let current = loopThread else { return false }
            return pthread_equal(current, pthread_self()) != 0
        }
    }

    // MARK: Work

    /// Runs `work` on the loop thread, after the work queued before it. Work queued after the loop stopped is dropped.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        let (accepted, needsWake) = lock.withLock {
            guard state == .idle || state == .running || state == .stopping else { return (false, false) }
            pending.append(work)
            return (true, pending.count == 1)
        }
        if !accepted {
            logger.debug("work dropped: the loop has stopped")
        } else if needsWake {
            wake()
        }
    }

    private func wake() {
        var one: UInt64 = 1
        // EAGAIN means the counter is already huge, so the loop is awake anyway.
        _ = write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    // MARK: Descriptors

    /// Watches `fd` (level-triggered) and calls `handler` on the loop thread with what happened. One handler per fd.
    public func register(fd: Int32, events: Events, handler: @escaping (Events) -> Void) throws(TransportError) {
        let generation: UInt32? = lock.withLock {
            guard registrations[fd] == nil else { return nil }
            let generation = nextGeneration
            nextGeneration = nextGeneration == UInt32.max ? 1 : nextGeneration + 1
            registrations[fd] = Registration(generation: generation, handler: handler)
            return generation
        }
        guard let generation else {
            throw TransportError(
                operation: "epoll_ctl ADD", target: "fd \(fd)", code: EEXIST, detail: "already registered on \(name)")
        }
        do {
            try control(IPC_EPOLL_CTL_ADD, fd: fd, mask: Self.mask(events), token: Self.token(fd, generation))
        } catch {
            lock.withLock { _ = registrations.removeValue(forKey: fd) }
            throw error
        }
    }

    /// Changes which events `fd` is watched for.
    public func modify(fd: Int32, events: Events) throws(TransportError) {
        let generation = lock.withLock { registrations[fd]?.generation }
        guard let generation else {
            throw TransportError(
                operation: "epoll_ctl MOD", target: "fd \(fd)", code: ENOENT, detail: "not registered on \(name)")
        }
        try control(IPC_EPOLL_CTL_MOD, fd: fd, mask: Self.mask(events), token: Self.token(fd, generation))
    }

    /// Stops watching `fd`; unknown fds are ignored.
    public func unregister(fd: Int32) {
        let known = lock.withLock { registrations.removeValue(forKey: fd) != nil }
        guard known else { return }
        var event = epoll_event()
        if epoll_ctl(epollFD, IPC_EPOLL_CTL_DEL, fd, &event) != 0 {
            logger.debug("epoll_ctl DEL failed", metadata: ["fd": "\(fd)", "errno": "\(errno)"])
        }
    }

    private func control(_ operation: Int32, fd: Int32, mask: UInt32, token: UInt64) throws(TransportError) {
        var event = epoll_event()
        event.events = mask
        event.data.u64 = token
        guard epoll_ctl(epollFD, operation, fd, &event) == 0 else {
            let name = operation == IPC_EPOLL_CTL_ADD ? "epoll_ctl ADD" : "epoll_ctl MOD"
            throw .lastError(name, fd: fd)
        }
    }

    private static func token(_ fd: Int32, _ generation: UInt32) -> UInt64 {
        UInt64(generation) << 32 | UInt64(UInt32(bitPattern: fd))
    }

    private static func mask(_ events: Events) -> UInt32 {
        var mask: UInt32 = 0
        if events.contains(.readable) { mask |= IPC_EPOLLIN | IPC_EPOLLRDHUP }
        if events.contains(.writable) { mask |= IPC_EPOLLOUT }
        if events.contains(.edgeTriggered) { mask |= IPC_EPOLLET }
        return mask
    }

    private static func events(_ mask: UInt32) -> Events {
        var events: Events = []
        if mask & IPC_EPOLLIN != 0 { events.insert(.readable) }
        if mask & IPC_EPOLLOUT != 0 { events.insert(.writable) }
        if mask & (IPC_EPOLLHUP | IPC_EPOLLRDHUP) != 0 { events.insert(.hangup) }
        if mask & IPC_EPOLLERR != 0 { events.insert(.error) }
        return events
    }

    // MARK: Timers

    /// Runs `work` once on the loop thread when CLOCK_MONOTONIC reaches `monotonicDeadline` (seconds, as
    /// `MonotonicClock.now()`); a deadline already passed runs at the next loop iteration. Timers due together run
    /// in deadline order, then in the order they were scheduled.
    @discardableResult
    public func schedule(at monotonicDeadline: Double, _ work: @escaping () -> Void) -> TimerHandle {
        let deadline = MonotonicClock.nanoseconds(fromSeconds: monotonicDeadline)
        return lock.withLock {
            let handle = TimerHandle(id: nextTimerID)
            nextTimerID += 1
            timers[handle.id] = Timer(deadline: deadline, work: work)
            rearmLocked()
            return handle
        }
    }

    /// Cancels a timer that has not run yet; a timer that ran or was cancelled is ignored.
    public func cancel(_ timer: TimerHandle) {
        lock.withLock {
            if timers.removeValue(forKey: timer.id) != nil { rearmLocked() }
        }
    }

    /// Arms the timerfd for the earliest deadline (or disarms it). Caller holds `lock`.
    private func rearmLocked() {
        let earliest = timers.values.lazy.map(\.deadline).min()
        guard earliest != armedDeadline else { return }
        armedDeadline = earliest
        var spec = itimerspec()
        if let earliest {
            // A zero it_value disarms, so the earliest representable deadline is 1 ns.
            let clamped = max(earliest, 1)
            spec.it_value.tv_sec = Int(clamped / 1_000_000_000)
            spec.it_value.tv_nsec = Int(clamped % 1_000_000_000)
        }
        if timerfd_settime(timerFD, IPC_TFD_TIMER_ABSTIME, &spec, nil) != 0 {
            logger.error("timerfd_settime failed", metadata: ["errno": "\(errno)"])
        }
    }

    private func fireTimers() {
        var expirations: UInt64 = 0
        _ = read(timerFD, &expirations, MemoryLayout<UInt64>.size)
        let now = MonotonicClock.nanoseconds()
        let due = lock.withLock {
            armedDeadline = nil
            let due = timers.filter { $0.value.deadline <= now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
                .map(\.key)
            return due
        }
        for id in due {
            // Looked up one by one: an earlier timer in this batch may cancel a later one.
            let timer = lock.withLock { timers.removeValue(forKey: id) }
            timer?.work()
        }
        lock.withLock { rearmLocked() }
    }

    // MARK: Loop

    private func run() {
        lock.withLock { loopThread = pthread_self() }
        _ = ipc_set_thread_name(name)
        logger.debug("loop started")
        let capacity = 64
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        while true {
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(epollFD, $0.baseAddress, Int32(capacity), -1)
            }
            if count < 0 {
                if errno == EINTR { continue }
                logger.critical("epoll_wait failed; the loop stops", metadata: ["errno": "\(errno)"])
                break
            }
            for index in 0..<Int(count) {
                let token = events[index].data.u64
                let mask = events[index].events
                switch token {
                case Self.wakeToken: runPending()
                case Self.timerToken: fireTimers()
                default: dispatch(token: token, events: Self.events(mask))
                }
            }
            if lock.withLock({ state == .stopping }) { break }
        }
        runPending()
        lock.withLock { state = .stopped }
        runPending()
        lock.withLock { loopThread = nil }
        logger.debug("loop stopped")
    }

    private func runPending() {
        var counter: UInt64 = 0
        _ = read(wakeFD, &counter, MemoryLayout<UInt64>.size)
        let work = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        for item in work { item() }
    }

    private func dispatch(token: UInt64, events: Events) {
        let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: token))
        let generation = UInt32(truncatingIfNeeded: token >> 32)
        let handler: ((Events) -> Void)? = lock.withLock {
            guard let registration = registrations[fd], registration.generation == generation else { return nil }
            return registration.handler
        }
        handler?(events)
    }
}
