import AnimCore
import AnimDisplay
import AnimProtocol
import AnimTransport
import Dispatch
import Glibc
import Logging

/// The running daemon: one epoll loop thread owns the listener, every client's channel, the frame timer and the
/// `ServerCore`. Nothing else touches the core, so it needs no locks; other threads talk to the loop through
/// `EventLoop.execute`.
public final class Server: @unchecked Sendable {
    public let options: ServerOptions
    private let logger: Logger
    private let loop: EventLoop
    private let listener: SeqPacketSocket
    private let core: ServerCore
    private var channels: [SessionID: RecordChannel] = [:]
    /// Every connection's records are read into this one buffer, lent to the core before the next is read: the
    /// largest record costs its bytes once, not once per connection.
    private let receiveBuffer = ReceiveBuffer()
    /// Open connections per user (peer uid), for `maxConnectionsPerUser`, and each connection's user.
    private var connectionsPerUser: [UInt32: Int] = [:]
    private var sessionUsers: [SessionID: UInt32] = [:]
    /// Closes a connection that has not said Hello within `helloTimeout`.
    private var helloTimers: [SessionID: EventLoop.TimerHandle] = [:]
    /// Set while the listener is off the loop because accept failed (out of descriptors): a level-triggered
    /// listener with a connection waiting would otherwise wake the loop at once, forever.
    private var acceptPaused = false
    private var acceptRetry: EventLoop.TimerHandle?
    private var acceptFailureLog = LogRateLimiter(interval: Server.repeatedLogInterval)
    private var descriptorFailureLog = LogRateLimiter(interval: Server.repeatedLogInterval)
    private var frameTimer: EventLoop.TimerHandle?
    private var frameTimerDeadline: Double?
    /// What paces the frames (`pacer`, else the output's, else virtual vblanks at the frame rate); set by `start()`.
    private var framePacer: any FramePacer
    /// How much later than its deadline the frame timer wakes (tests inject a late wake-up).
    var frameTimerLatency = 0.0
    private var frameQueued = false
    private var watchdogPeriod: Double?
    /// The heap trim due after clients that held much memory left (MemoryReturn).
    private var memoryReturnTimer: EventLoop.TimerHandle?
    private var stopped = false
    /// Each client's share of the loop's time (`ClientTurns`), and the clients paused over their budget.
    private var turns: ClientTurns
    private var pausedClients: Set<SessionID> = []
    private var resumeTimer: EventLoop.TimerHandle?
    /// Fires when queued synthetic input or a key repeat is due (a clock that does not move by itself waits for
    /// the control message that moves it instead).
    private var inputTimer: EventLoop.TimerHandle?
    private var resumeAt: Double?
    /// Clients whose large commit is being applied in slices (`SlicedCommit`): their reading stays paused until
    /// it is done, and a slice runs on each turn of the loop while their budget allows.
    private var slicedCommits: Set<SessionID> = []
    /// How much of a commit one slice applies.
    var commitSlicing = CommitSlicing.default

    /// How long accepting stays paused after a failed accept unless a connection closes first.
    static let acceptRetryDelay = 0.25
    /// A message that could repeat without end is logged at most once per this many seconds.
    static let repeatedLogInterval = 10.0

    /// Binds (or adopts) the listening socket; nothing is served until `start()`.
    public init(options: ServerOptions, logger: Logger) throws(ServerStartError) {
        self.options = options
        self.logger = logger
        do {
            if let fd = options.listenFD {
                listener = try SeqPacketSocket.adoptingListener(fd: fd)
            } else {
                listener = try SeqPacketSocket.listen(path: options.socketPath)
                try listener.setNonBlocking(true)
            }
            loop = try EventLoop(name: "animserverd")
        } catch {
            throw ServerStartError.transport(error)
        }
        let clock: ServerClock =
            switch options.clockMode {
            case .monotonic: .monotonic()
            case .manual: .manual(start: options.manualClockStart)
            }
        core = ServerCore(
            configuration: options.configuration, clock: clock, serverUID: getuid(), logger: logger)
        turns = ClientTurns(frameInterval: options.configuration.frameInterval, now: MonotonicClock.now())
        framePacer = VirtualVblankPacer(interval: options.configuration.frameInterval)
        installDeliverLater()
    }

    /// Answers made on other threads (screenshots) are sent from the loop thread.
    private func installDeliverLater() {
        let loop = self.loop
        core.deliverLater = { [weak self] deliveries in
            guard let server = self else {
                for delivery in deliveries { FileDescriptor.close(delivery.message.fds) }
                return
            }
            // An output change answered from the render thread is told to every client of version 5 too.
            loop.execute { server.deliver(deliveries + server.core.displayChangeDeliveries()) }
        }
    }

    /// The output that draws frames and takes screenshots, and whose vblanks pace them (a display's flips, or
    /// the headless output's virtual vblanks); attach it before `start()`.
    public var output: (any Output)? {
        get { core.output }
        set { core.output = newValue }
    }

    /// Paces frames in place of the output's pacer; attach it before `start()`. Without either, frames follow
    /// virtual vblanks at the configured frame rate.
    public var pacer: (any FramePacer)?

    /// Descriptors the loop watches besides the output's own `loopSources` (the DRM output's udev monitor and
    /// seat), each its own source; attach them before `start()`. A source that reads something asking for a frame
    /// plans one.
    public var loopSources: [LoopSource] = []

    /// The media time of an input event a device stamped `monotonic` (CLOCK_MONOTONIC seconds): its instant on
    /// the animation clock, so a gesture's velocity is exact; a clock that does not follow CLOCK_MONOTONIC (manual,
    /// paused) stamps it with its current time. On the loop thread (the input devices' loop sources).
    public func inputTime(atMonotonic monotonic: Double) -> Double {
        core.clock.mediaTime(atMonotonic: monotonic) ?? core.clock.now()
    }

    /// The core's frame sink; set it before `start()` (the renderer plugs in here).
    public var frameSink: any FrameSink {
        get { core.frameSink }
        set { core.frameSink = newValue }
    }

    /// Starts the loop thread and begins accepting clients.
    public func start() throws(ServerStartError) {
        do {
            try watchListener()
            let pacer = self.pacer ?? core.output?.framePacer ?? framePacer
            framePacer = pacer
            if pacer.eventDescriptor >= 0 {
                try loop.register(fd: pacer.eventDescriptor, events: .readable) { [unowned self] _ in
                    if pacer.handleEvents() { self.scheduleFrame() }
                }
            }
            let loop = self.loop
            pacer.setWake { [weak self] in
                guard let server = self else { return }
                loop.execute { server.scheduleFrame() }
            }
            for source in loopSources + (core.output?.loopSources ?? []) {
                try loop.register(fd: source.descriptor, events: .readable) { [unowned self] _ in
                    if source.ready() { self.scheduleFrame() }
                }
            }
        } catch {
            throw ServerStartError.transport(error)
        }
        // Opens the descriptor the count is read through now, while one is surely free (status's openFDs).
        _ = FileDescriptor.openCount()
        loop.start()
        watchdogPeriod = Systemd.watchdogInterval().map { $0 / 2 }
        loop.execute { [self] in
            self.pingWatchdog()
            Systemd.notify("READY=1\nSTATUS=serving on \(self.options.socketPath)")
        }
        logger.info(
            "listening",
            metadata: [
                "socket": "\(options.listenFD.map { "fd \($0) (systemd)" } ?? options.socketPath)",
                "clock": "\(options.clockMode)",
            ])
    }

    /// Closes every client and the listener, and stops the loop thread. Safe from any thread, and more than once.
    public func stop() {
        let shutdown: @Sendable () -> Void = { [self] in
            guard !self.stopped else { return }
            self.stopped = true
            Systemd.notify("STOPPING=1")
            for (session, channel) in self.channels {
                channel.close()
                _ = self.core.closeSession(session)
            }
            self.channels.removeAll()
            for timer in self.helloTimers.values { self.loop.cancel(timer) }
            self.helloTimers.removeAll()
            if let retry = self.acceptRetry { self.loop.cancel(retry) }
            self.loop.unregister(fd: self.listener.fd)
            self.listener.close()
            // Screenshots still waiting are answered no more: their clients are gone.
            self.core.output?.stop()
            if self.options.listenFD == nil { unlink(self.options.socketPath) }
        }
        if loop.isOnLoopThread {
            shutdown()
        } else {
            let done = DispatchSemaphore(value: 0)
            loop.execute {
                shutdown()
                done.signal()
            }
            done.wait()
        }
        loop.stop()
    }

    // MARK: - Clients

    private func watchListener() throws(TransportError) {
        try loop.register(fd: listener.fd, events: .readable) { [unowned self] _ in self.acceptClients() }
    }

    private func acceptClients() {
        while !acceptPaused && !stopped {
            let socket: SeqPacketSocket
            do {
                guard let accepted = try listener.accept() else { return }
                socket = accepted
            } catch {
                pauseAccepting(after: error)
                return
            }
            let credentials = try? socket.peerCredentials()
            let session = core.openSession(credentials: credentials)
            do {
                let channel = try RecordChannel(
                    // As large as the socket buffer: whatever a client manages to send is read whole, so an
                    // oversize message is answered with limitExceeded by the decoder instead of a bare close.
                    socket: socket, loop: loop, maxRecordBytes: Int(SeqPacketSocket.bufferBytes),
                    maxQueuedBytes: options.maxQueuedBytesPerClient,
                    maxQueuedReplyBytes: ProtocolLimits.maxReplyBytes + ProtocolLimits.replyPartBytes,
                    receiveBuffer: receiveBuffer,
                    onRecord: { [unowned self] bytes, fds in self.received(bytes, fds: fds, from: session) },
                    onClose: { [unowned self] error in self.channelClosed(session, error: error) },
                    onRefused: { [unowned self] refusal in self.refused(refusal, from: session) },
                    onOverflow: { [unowned self] held, limit in
                        self.stoppedReading(session, heldBytes: held, limit: limit)
                    },
                    beforeRecord: { [unowned self] read in self.readDecision(for: session, readThisTurn: read) })
                channels[session] = channel
                logger.debug(
                    "client connected",
                    metadata: ["session": "\(session)", "pid": "\(credentials.map { "\($0.pid)" } ?? "?")"])
            } catch {
                logger.error("cannot serve a client", metadata: ["error": "\(error)"])
                deliver(core.closeSession(session))
                continue
            }
            admit(session, uid: credentials?.uid)
        }
    }

    /// Counts a new connection against the limits (refusing it with `tooManyConnections` when it is one too
    /// many) and starts its Hello timeout.
    private func admit(_ session: SessionID, uid: UInt32?) {
        let configuration = options.configuration
        if channels.count > Int(configuration.maxConnections) {
            logger.notice(
                "connection refused: maxConnections reached",
                metadata: ["session": "\(session)", "limit": "\(configuration.maxConnections)"])
            deliver(core.refuseConnection(session, field: "maxConnections", limit: configuration.maxConnections))
            return
        }
        if let uid {
            if connectionsPerUser[uid, default: 0] >= Int(configuration.maxConnectionsPerUser) {
                logger.notice(
                    "connection refused: maxConnectionsPerUser reached",
                    metadata: [
                        "session": "\(session)", "uid": "\(uid)", "limit": "\(configuration.maxConnectionsPerUser)",
                    ])
                deliver(
                    core.refuseConnection(
                        session, field: "maxConnectionsPerUser", limit: configuration.maxConnectionsPerUser))
                return
            }
            connectionsPerUser[uid, default: 0] += 1
            sessionUsers[session] = uid
        }
        helloTimers[session] = loop.schedule(at: MonotonicClock.now() + configuration.helloTimeout) {
            [unowned self] in
            self.helloTimers[session] = nil
            self.deliver(self.core.helloTimedOut(session))
        }
    }

    /// The connection of `session` is gone (or going, its last report queued): its user's count drops, its
    /// Hello timeout is cancelled, and a listener paused for want of descriptors is tried again, since the
    /// connection's descriptor is released.
    private func connectionEnded(_ session: SessionID) {
        turns.forget(session)
        pausedClients.remove(session)
        slicedCommits.remove(session)
        if let timer = helloTimers.removeValue(forKey: session) { loop.cancel(timer) }
        if let uid = sessionUsers.removeValue(forKey: session) {
            let left = connectionsPerUser[uid, default: 1] - 1
            connectionsPerUser[uid] = left > 0 ? left : nil
        }
        if acceptPaused { resumeAccepting() }
    }

    /// Accept failed: out of descriptors (EMFILE, ENFILE), or another error that leaves the connection waiting.
    /// The listener stays readable, so it leaves the loop until a connection closes or `acceptRetryDelay` passes;
    /// the failure is logged once per `repeatedLogInterval` with the number of failures in between.
    private func pauseAccepting(after error: TransportError) {
        if let suppressed = acceptFailureLog.admit(at: MonotonicClock.now()) {
            logger.error(
                FileDescriptor.isExhaustion(error.code)
                    ? "cannot accept a client: out of file descriptors; accepting paused until one is free"
                    : "accept failed; accepting paused",
                metadata: [
                    "error": "\(error)", "openFDs": "\(FileDescriptor.openCount().map { "\($0)" } ?? "?")",
                    "failuresNotLogged": "\(suppressed)",
                ])
        }
        guard !acceptPaused else { return }
        acceptPaused = true
        loop.unregister(fd: listener.fd)
        acceptRetry = loop.schedule(at: MonotonicClock.now() + Self.acceptRetryDelay) { [unowned self] in
            self.acceptRetry = nil
            self.resumeAccepting()
        }
    }

    private func resumeAccepting() {
        guard acceptPaused, !stopped else { return }
        acceptPaused = false
        if let retry = acceptRetry { loop.cancel(retry) }
        acceptRetry = nil
        do {
            try watchListener()
        } catch {
            logger.error("cannot watch the listening socket again", metadata: ["error": "\(error)"])
            pauseAccepting(after: error)
        }
    }

    private func received(_ record: UnsafeRawBufferPointer, fds: [Int32], from session: SessionID) {
        // A frame that became due (a commit, a clock change) runs before the next message is handled, so its
        // events reach every client before the answer to anything sent after (Sync waits for them).
        runQueuedFrame()
        let began = MonotonicClock.now()
        let received = core.receive(record: record, fds: fds, from: session, slicing: commitSlicing)
        finish(received, from: session, began: began)
    }

    /// Sends what a record or a slice of a commit answered, charges its time to the client, and runs the next
    /// slice on the loop's next turn (after the other clients' records that are waiting) or, once the commit is
    /// done, reads the client again.
    private func finish(_ received: ServerCore.Received, from session: SessionID, began: Double) {
        if received.isCommit { pacer?.commitArrived(at: MonotonicClock.now()) }
        deliver(received.deliveries)
        scheduleInput()
        scheduleFrame()
        turns.charge(session, cost: MonotonicClock.now() - began)
        if received.unfinished {
            slicedCommits.insert(session)
            loop.execute { [unowned self] in self.runSlice(of: session) }
        } else if slicedCommits.remove(session) != nil {
            channels[session]?.resumeReading()
        }
    }

    /// The next slice of `session`'s commit, when its budget allows (`ClientTurns`, as for a record).
    private func runSlice(of session: SessionID) {
        guard slicedCommits.contains(session), !stopped, channels[session] != nil else { return }
        runQueuedFrame()
        let now = MonotonicClock.now()
        if case .pause(let until) = turns.decide(
            session, readThisTurn: 0, now: now, frameDeadline: frameTimerDeadline)
        {
            pause(session, until: until)
            return
        }
        finish(core.continueCommit(of: session, slicing: commitSlicing), from: session, began: now)
    }

    /// Whether to read `session`'s next record now (`ClientTurns`); a paused client is resumed after the next
    /// frame, or by a timer when its budget renews first.
    private func readDecision(for session: SessionID, readThisTurn: Int) -> RecordChannel.ReadDecision {
        // Its next record waits for its commit in progress.
        if slicedCommits.contains(session) { return .pause }
        switch turns.decide(
            session, readThisTurn: readThisTurn, now: MonotonicClock.now(), frameDeadline: frameTimerDeadline)
        {
        case .read: return .read
        case .yield: return .yield
        case .pause(let until):
            pause(session, until: until)
            return .pause
        }
    }

    /// Reads nothing from `session` (or runs no slice of its commit) until `until` or the next frame.
    private func pause(_ session: SessionID, until: Double) {
        pausedClients.insert(session)
        if resumeAt.map({ until < $0 }) ?? true {
            if let resumeTimer { loop.cancel(resumeTimer) }
            resumeAt = until
            resumeTimer = loop.schedule(at: until) { [unowned self] in
                self.resumeTimer = nil
                self.resumeAt = nil
                self.resumeClients()
            }
        }
    }

    private func resumeClients() {
        if let resumeTimer { loop.cancel(resumeTimer) }
        resumeTimer = nil
        resumeAt = nil
        let paused = pausedClients
        pausedClients.removeAll()
        for session in paused {
            if slicedCommits.contains(session) {
                loop.execute { [unowned self] in self.runSlice(of: session) }
            } else {
                channels[session]?.resumeReading()
            }
        }
    }

    /// A record the socket refused ends the connection, with the documented error first (protocol/README.md);
    /// one whose descriptors the process could not take is answered `tryAgain`, and the connection goes on.
    private func refused(_ refusal: RecordRefusal, from session: SessionID) {
        let error: ProtocolError
        switch refusal {
        case .descriptorsUnavailable(let received, let record):
            if let suppressed = descriptorFailureLog.admit(at: MonotonicClock.now()) {
                logger.error(
                    "a client's file descriptors could not be received: out of file descriptors; answered tryAgain",
                    metadata: [
                        "session": "\(session)", "received": "\(received)",
                        "openFDs": "\(FileDescriptor.openCount().map { "\($0)" } ?? "?")",
                        "failuresNotLogged": "\(suppressed)",
                    ])
            }
            deliver(core.descriptorsUnavailable(record: record, from: session))
            return
        case .tooManyDescriptors(let limit):
            error = ProtocolError(
                .fileDescriptorMismatch, field: "fds", value: "more than \(limit)",
                detail:
                    "the record carried more than maxFDsPerMessage (\(limit)) file descriptors; "
                    + "they were closed unread")
        case .tooLong(let limit, let opcode):
            error = ProtocolError(
                .limitExceeded, opcode: opcode, field: "length", value: "more than \(limit)",
                detail:
                    "the record is longer than the \(limit) bytes the server reads "
                    + "(maxMessageBytes is \(core.configuration.maxMessageBytes))")
        }
        deliver(core.reject(error, from: session))
    }

    /// A client that stopped reading (its queued messages passed the limit, protocol/README.md, "Errors") hears
    /// why in place of the messages dropped, then the connection closes.
    private func stoppedReading(_ session: SessionID, heldBytes: Int, limit: Int) {
        logger.notice(
            "closing a client that stopped reading",
            metadata: ["session": "\(session)", "queued": "\(heldBytes)", "limit": "\(limit)"])
        let error = ProtocolError(
            .limitExceeded, value: "\(heldBytes)",
            detail:
                "the client stopped reading: the messages waiting for it held \(heldBytes) bytes of the server's "
                + "memory, more than the \(limit) allowed; they were dropped and the connection closes")
        deliver(core.reject(error, from: session))
        // Its layers are gone from the screen.
        scheduleFrame()
    }

    private func channelClosed(_ session: SessionID, error: TransportError?) {
        guard channels.removeValue(forKey: session) != nil else { return }
        connectionEnded(session)
        if let error {
            logger.notice("client connection failed", metadata: ["session": "\(session)", "error": "\(error)"])
        } else {
            logger.debug("client disconnected", metadata: ["session": "\(session)"])
        }
        deliver(core.closeSession(session))
        scheduleFrame()
        scheduleMemoryReturn()
    }

    /// Trims the heap `MemoryReturn.delay` after the first close that made it due; closes until then share it.
    private func scheduleMemoryReturn() {
        guard core.wantsMemoryReturn, memoryReturnTimer == nil, !stopped else { return }
        memoryReturnTimer = loop.schedule(at: MonotonicClock.now() + MemoryReturn.delay) { [unowned self] in
            self.memoryReturnTimer = nil
            guard !self.stopped else { return }
            self.core.returnFreedMemory()
        }
    }

    private func deliver(_ deliveries: [Delivery]) {
        for delivery in deliveries {
            // The channel duplicates what it queues, so descriptors a message carries are closed once sent.
            let fds = delivery.message.fds
            defer { FileDescriptor.close(fds) }
            guard let channel = channels[delivery.session] else { continue }
            let frame = FrameCodec.encode(delivery.message, continued: delivery.continued)
            if delivery.closeAfter {
                // The last message, queued even past the limit of a client that stopped reading. The channel keeps
                // itself open until the client read it, or for its linger time; the session's layers, animations
                // and images go now.
                channels[delivery.session] = nil
                connectionEnded(delivery.session)
                channel.sendLast(frame, fds: fds)
                deliver(core.closeSession(delivery.session))
                scheduleMemoryReturn()
                continue
            }
            if !channel.send(frame, fds: fds, partOfLargeReply: delivery.largeReplyPart) {
                // Above what this socket's buffer carries (net.core.wmem_max caps it): said in a small record.
                logger.notice(
                    "a message larger than the client's socket buffer was not sent",
                    metadata: [
                        "session": "\(delivery.session)", "message": "\(delivery.message.name)",
                        "bytes": "\(frame.count)",
                    ])
                if case .inspectReply(let reply) = delivery.message {
                    let report = core.tooLargeReport(
                        opcode: InspectRequest.opcode, request: reply.request, bytes: reply.json.utf8.count,
                        why: "more than this connection's socket buffer carries in one record")
                    channel.send(FrameCodec.encode(report))
                }
            }
        }
    }

    // MARK: - Input

    /// Routes one event from an input device (docs/architecture.md, "Input"); safe from any thread: the event is
    /// routed on the loop thread, never behind a frame being drawn.
    public func deliverInput(_ event: RawInputEvent) {
        loop.execute { [self] in
            guard !self.stopped else { return }
            self.deliver(self.core.deliverInput(event))
            self.scheduleInput()
            self.scheduleFrame()
        }
    }

    /// Routes the input now due and arms the timer for the next (on a clock that moves by itself).
    private func scheduleInput() {
        if let inputTimer { loop.cancel(inputTimer) }
        inputTimer = nil
        guard !stopped else { return }
        if let due = core.nextInputTime, due <= core.clock.now() {
            deliver(core.runDueInput())
        }
        guard let next = core.nextInputTime, let at = core.clock.monotonicTime(forMediaTime: next) else { return }
        inputTimer = loop.schedule(at: at) { [unowned self] in
            self.inputTimer = nil
            guard !self.stopped else { return }
            self.deliver(self.core.runDueInput())
            self.scheduleInput()
            self.scheduleFrame()
        }
    }

    // MARK: - Frames

    /// Plans the core's next frame with the pacer (one path for a display's vblanks and the headless output's
    /// virtual ones): the frame timer is armed for the pacer's deadline, and the frame is evaluated for its
    /// vblank. A clock that does not move by itself (manual, paused) has its due frame run at once, at its time,
    /// unless a display paces even those; a later one waits for the control message that moves the clock.
    private func scheduleFrame() {
        guard !stopped else { return }
        let pacer = framePacer
        let media = core.clock.now()
        let monotonic = MonotonicClock.now()
        let due = core.nextFrameTime(after: media)
        if core.clock.mediaTime(atMonotonic: monotonic) == nil, !pacer.pacesStillClock {
            cancelFrameTimer()
            if let due, due <= media { queueFrame() }
            return
        }
        let wanted = due.flatMap { due in
            core.clock.monotonicTime(forMediaTime: due) ?? (due <= media ? monotonic : nil)
        }
        switch pacer.plan(wanted: wanted, now: monotonic) {
        case .idle, .waitForFlip:
            cancelFrameTimer()
        case .compose(let start, _):
            if let armed = frameTimerDeadline, armed == start { return }
            cancelFrameTimer()
            frameTimerDeadline = start
            frameTimer = loop.schedule(at: start + frameTimerLatency) { [unowned self] in
                self.frameTimer = nil
                self.frameTimerDeadline = nil
                self.runPacedFrame(pacer)
            }
        }
    }

    /// Runs the frame on the loop's next turn: the messages already read in this turn are handled first.
    private func queueFrame() {
        guard !frameQueued else { return }
        frameQueued = true
        loop.execute { [self] in self.runQueuedFrame() }
    }

    private func runQueuedFrame() {
        guard frameQueued else { return }
        frameQueued = false
        runFrame()
    }

    private func cancelFrameTimer() {
        if let frameTimer { loop.cancel(frameTimer) }
        frameTimer = nil
        frameTimerDeadline = nil
    }

    /// A still clock's frame, at its time.
    private func runFrame() {
        guard !stopped else { return }
        deliver(core.renderFrame(at: core.clock.now()))
        frameRan()
        scheduleFrame()
    }

    /// The frame the pacer planned, composed now (maybe later than its deadline) and evaluated at the media time
    /// of its vblank, or of the last commit when that came after the vblank (the frame shows it); a still clock's
    /// stands at its time.
    private func runPacedFrame(_ pacer: any FramePacer) {
        guard !stopped else { return }
        let presentation = pacer.beginFrame(now: MonotonicClock.now())
        guard let vblank = core.clock.mediaTime(atMonotonic: presentation) else {
            return runFrame()
        }
        deliver(core.renderFrame(at: max(vblank, core.lastCommitTime ?? vblank)))
        frameRan()
        scheduleFrame()
    }

    /// Every client's budget starts over after a frame, and those paused for it read again.
    private func frameRan() {
        turns.frameRan(at: MonotonicClock.now())
        resumeClients()
    }

    private func pingWatchdog() {
        guard let period = watchdogPeriod, !stopped else { return }
        Systemd.notify("WATCHDOG=1")
        _ = loop.schedule(at: MonotonicClock.now() + period) { [unowned self] in self.pingWatchdog() }
    }
}
