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
    private var frameTimer: EventLoop.TimerHandle?
    /// The vblank the last timed frame was drawn for.
    private var lastFrameDeadline: Double?
    private var frameTimerDeadline: Double?
    private var frameQueued = false
    private var watchdogPeriod: Double?
    private var stopped = false

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
            loop.execute { server.deliver(deliveries) }
        }
    }

    /// The output that draws frames and takes screenshots; attach it before `start()`.
    public var output: HeadlessOutput? {
        get { core.output }
        set { core.output = newValue }
    }

    /// Paces frames by a display's vblanks (the DRM output); attach it before `start()`. Without one, frames
    /// follow a virtual vblank at the configured frame rate.
    public var pacer: (any FramePacer)?

    /// The core's frame sink; set it before `start()` (the renderer plugs in here).
    public var frameSink: any FrameSink {
        get { core.frameSink }
        set { core.frameSink = newValue }
    }

    /// Starts the loop thread and begins accepting clients.
    public func start() throws(ServerStartError) {
        do {
            try loop.register(fd: listener.fd, events: .readable) { [unowned self] _ in self.acceptClients() }
            if let pacer {
                try loop.register(fd: pacer.eventDescriptor, events: .readable) { [unowned self] _ in
                    if pacer.handleEvents() { self.scheduleFrame() }
                }
                let loop = self.loop
                pacer.setWake { [weak self] in
                    guard let server = self else { return }
                    loop.execute { server.scheduleFrame() }
                }
            }
        } catch {
            throw ServerStartError.transport(error)
        }
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

    private func acceptClients() {
        while true {
            let socket: SeqPacketSocket
            do {
                guard let accepted = try listener.accept() else { return }
                socket = accepted
            } catch {
                logger.error("accept failed", metadata: ["error": "\(error)"])
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
                    onRecord: { [unowned self] bytes, fds in self.received(bytes, fds: fds, from: session) },
                    onClose: { [unowned self] error in self.channelClosed(session, error: error) },
                    onRefused: { [unowned self] refusal in self.refused(refusal, from: session) },
                    onOverflow: { [unowned self] held, limit in
                        self.stoppedReading(session, heldBytes: held, limit: limit)
                    })
                channels[session] = channel
                logger.debug(
                    "client connected",
                    metadata: ["session": "\(session)", "pid": "\(credentials.map { "\($0.pid)" } ?? "?")"])
            } catch {
                logger.error("cannot serve a client", metadata: ["error": "\(error)"])
                deliver(core.closeSession(session))
            }
        }
    }

    private func received(_ record: UnsafeRawBufferPointer, fds: [Int32], from session: SessionID) {
        // A frame that became due (a commit, a clock change) runs before the next message is handled, so its
        // events reach every client before the answer to anything sent after (Sync waits for them).
        runQueuedFrame()
        let (deliveries, isCommit) = core.receive(record: record, fds: fds, from: session)
        if isCommit { pacer?.commitArrived(at: MonotonicClock.now()) }
        deliver(deliveries)
        scheduleFrame()
    }

    /// A record the socket refused ends the connection, with the documented error first (protocol/README.md).
    private func refused(_ refusal: RecordRefusal, from session: SessionID) {
        let error: ProtocolError =
            switch refusal {
            case .tooManyDescriptors(let limit):
                ProtocolError(
                    .fileDescriptorMismatch, field: "fds", value: "more than \(limit)",
                    detail:
                        "the record carried more than maxFDsPerMessage (\(limit)) file descriptors; "
                        + "they were closed unread")
            case .tooLong(let limit, let opcode):
                ProtocolError(
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
        if let error {
            logger.notice("client connection failed", metadata: ["session": "\(session)", "error": "\(error)"])
        } else {
            logger.debug("client disconnected", metadata: ["session": "\(session)"])
        }
        deliver(core.closeSession(session))
        scheduleFrame()
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
                channel.sendLast(frame, fds: fds)
                deliver(core.closeSession(delivery.session))
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

    // MARK: - Frames

    /// Arms the frame timer for the core's next frame. A manual clock never moves by itself, so a frame that is
    /// due runs at once and nothing is scheduled for later; a monotonic clock paces frames at the refresh rate.
    private func scheduleFrame() {
        guard !stopped else { return }
        if let pacer { return schedulePacedFrame(pacer) }
        let now = core.clock.now()
        guard let due = core.nextFrameTime(after: now) else {
            cancelFrameTimer()
            return
        }
        // A manual or paused clock does not move by itself: a due frame runs at once, a later one waits for
        // the control message that moves the clock.
        guard let wanted = core.clock.monotonicTime(forMediaTime: due) else {
            cancelFrameTimer()
            if due <= now { queueFrame() }
            return
        }
        // The vblank of a virtual display refreshing at the configured rate that `due` belongs to. A frame
        // runs a little after its vblank, so the next one is wanted a little after the following vblank:
        // anything up to half a period past a vblank belongs to it (rounding up would skip every other one),
        // and never two frames in one vblank.
        let period = options.configuration.frameInterval
        var deadline = ((wanted - period / 2) / period).rounded(.up) * period
        if let last = lastFrameDeadline, deadline <= last { deadline = last + period }
        if let armed = frameTimerDeadline, armed <= deadline { return }
        cancelFrameTimer()
        frameTimerDeadline = deadline
        frameTimer = loop.schedule(at: deadline) { [unowned self] in
            self.frameTimer = nil
            self.frameTimerDeadline = nil
            self.lastFrameDeadline = deadline
            self.runFrame()
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

    private func runFrame() {
        guard !stopped else { return }
        deliver(core.renderFrame(at: core.clock.now()))
        scheduleFrame()
    }

    /// Frames paced by the display: composed at the pacer's deadline for the vblank it predicts, evaluated at
    /// that vblank's time. A clock that does not move by itself (manual, paused) shows a due frame at the next
    /// vblank at its current time.
    private func schedulePacedFrame(_ pacer: any FramePacer) {
        let media = core.clock.now()
        let monotonic = MonotonicClock.now()
        let wanted = core.nextFrameTime(after: media).flatMap { due in
            core.clock.monotonicTime(forMediaTime: due) ?? (due <= media ? monotonic : nil)
        }
        switch pacer.plan(wanted: wanted, now: monotonic) {
        case .idle, .waitForFlip:
            cancelFrameTimer()
        case .compose(let start, _):
            if let armed = frameTimerDeadline, armed == start { return }
            cancelFrameTimer()
            frameTimerDeadline = start
            frameTimer = loop.schedule(at: start) { [unowned self] in
                self.frameTimer = nil
                self.frameTimerDeadline = nil
                self.runPacedFrame(pacer)
            }
        }
    }

    private func runPacedFrame(_ pacer: any FramePacer) {
        guard !stopped else { return }
        let monotonic = MonotonicClock.now()
        let presentation = pacer.beginFrame(now: monotonic)
        let media = core.clock.now()
        // The media time at the vblank: ahead of now by the time left, at the clock's rate (0 when it is still).
        let moving = core.clock.monotonicTime(forMediaTime: media) != nil
        deliver(core.renderFrame(at: moving ? media + (presentation - monotonic) * core.clock.rate : media))
        scheduleFrame()
    }

    private func pingWatchdog() {
        guard let period = watchdogPeriod, !stopped else { return }
        Systemd.notify("WATCHDOG=1")
        _ = loop.schedule(at: MonotonicClock.now() + period) { [unowned self] in self.pingWatchdog() }
    }
}
