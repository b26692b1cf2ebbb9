import AnimCore
import AnimDisplay
import AnimProtocol
import AnimTransport
import Logging

/// The I/O-free heart of animserverd: sessions, their scenes, commits, queries and the frame logic. Clock
/// control, inspection, outputs and screenshots are its control service's (`ControlService`), which it routes
/// those messages to. The runtime glue feeds it decoded messages and frame ticks and sends what it returns;
/// nothing here touches a socket, so tests drive it with `Message` values and a manual clock.
///
/// Used only on the server's loop thread; not Sendable.
public final class ServerCore {
    public let configuration: ServerConfiguration
    /// The server's media time; the glue reads `clock.now()` for frame times.
    public let clock: ServerClock
    /// Where finished frames go.
    public var frameSink: any FrameSink = CountingFrameSink()
    /// The output that draws the frames and takes screenshots; attaching one makes it the frame sink.
    public var output: (any Output)? {
        didSet { if let output { frameSink = OutputFrameSink(output) } }
    }
    /// Sends what is answered later from another thread (screenshots, from the render thread): the glue
    /// hops to its loop and sends them. Without it such answers are dropped (and their descriptors closed).
    public var deliverLater: (@Sendable ([Delivery]) -> Void)? {
        get { control.deliverLater }
        set { control.deliverLater = newValue }
    }
    /// Clock control, inspection, outputs, screenshots and who may use them.
    private(set) lazy var control = ControlService(core: self, clock: clock, serverUID: serverUID, logger: logger)
    private let serverUID: UInt32

    let logger: Logger
    var sessions: [SessionID: Session] = [:]
    private var nextSession: UInt32 = 1
    /// Something changed since the last frame (a commit, a clock jump, a client gone).
    private(set) var needsFrame = false
    private(set) var frames: UInt64 = 0
    /// The media time of the last commit applied: a frame is never evaluated before it (the commit's animations
    /// would not have begun, and the frame would show its model values).
    private(set) var lastCommitTime: Double?
    private var lastFrameTime: Double?
    /// The display clients of version 5 were last told (DisplayChanged); nil before the first was.
    private var toldDisplay: DisplayChanged?
    private var frameTimes = FrameTimeSamples()
    private let keyPaths = KeyPathCache()
    /// `receiveBatch`'s per-operation targets, kept between commits.
    var batchScratch = BatchScratch()
    private let started = ContinuousClock.now
    /// What closed clients freed since the heap was last trimmed, and the trims (`animctl status`).
    var memoryReturn = MemoryReturn()
    /// Clients that held much memory have gone: the glue calls `returnFreedMemory()` a while later.
    public internal(set) var wantsMemoryReturn = false
    /// Input routing (`InputRouter`), made at the first input message or event: it compiles the keymap.
    var inputRouter: InputRouter?

    public init(configuration: ServerConfiguration, clock: ServerClock, serverUID: UInt32, logger: Logger) {
        self.configuration = configuration
        self.clock = clock
        self.serverUID = serverUID
        self.logger = logger
    }

    // MARK: Sessions

    /// A connection was accepted; `credentials` come from SO_PEERCRED.
    public func openSession(credentials: PeerCredentials?) -> SessionID {
        let id = SessionID(nextSession)
        // Ids are never 0 (inspection's "the asking client"); after 2³²−1 sessions they start over.
        nextSession = nextSession == UInt32.max ? 1 : nextSession + 1
        sessions[id] = Session(id: id, credentials: credentials)
        logger.debug(
            "session opened",
            metadata: [
                "session": "\(id.rawValue)", "pid": "\(credentials.map { "\($0.pid)" } ?? "unknown")",
                "uid": "\(credentials.map { "\($0.uid)" } ?? "unknown")",
            ])
        return id
    }

    /// The connection is gone: its layers, animations and images are freed (unmapping the images). Nothing
    /// is sent to it any more; other sessions are told only what input routing says (focus, watchers).
    public func closeSession(_ id: SessionID) -> [Delivery] {
        guard let session = sessions.removeValue(forKey: id) else { return [] }
        if session.context.tree.count > 0 { needsFrame = true }
        if memoryReturn.clientClosed(
            layers: session.context.tree.count, imageBytes: session.images.totalBytes, clientsLeft: sessions.count,
            freeHeapBytes: MemoryReturn.freeHeapBytes())
        {
            wantsMemoryReturn = true
        }
        logger.debug(
            "session closed",
            metadata: [
                "session": "\(id.rawValue)", "layers": "\(session.context.tree.count)",
                "images": "\(session.images.images.count)",
            ])
        return inputRouter?.sessionClosed(id, at: clock.now(), sessions: sessions) ?? []
    }

    /// One decoded message from `id`. Returns the replies, events and errors to send. Takes ownership of
    /// `fds` (and of the message's own): all are closed before returning, an image's after it was mapped.
    public func receive(_ message: Message, fds: [Int32], from id: SessionID) -> [Delivery] {
        let owned = Set(fds).union(message.fds)
        defer { FileDescriptor.close(Array(owned)) }
        guard let session = sessions[id] else {
            logger.warning("message for an unknown session", metadata: ["session": "\(id.rawValue)"])
            return []
        }
        guard session.phase != .closing else { return [] }
        do {
            try message.requireSentByClient()
        } catch {
            return fatal(session, error)
        }
        switch (session.phase, message) {
        case (.awaitingHello, .hello(let hello)):
            return handshake(session, hello)
        case (.awaitingHello, _):
            return fatal(
                session,
                ProtocolError(
                    .notNegotiated, opcode: message.opcode, field: "opcode", value: message.name,
                    detail: "the first message must be Hello, not \(message.name)"))
        case (_, .hello):
            return fatal(
                session,
                ProtocolError(
                    .notNegotiated, opcode: message.opcode, field: "opcode", value: message.name,
                    detail: "Hello was already answered; a connection says Hello once"))
        case (.ready(let version), _) where Message.since(ofOpcode: message.opcode).map { $0 > version } ?? false:
            return fatal(
                session,
                ProtocolError(
                    .unknownOpcode, opcode: message.opcode, field: "opcode", value: message.name,
                    detail: "\(message.name) is not in protocol version \(version), which this connection speaks"))
        case (_, .inputSubscribe), (_, .inputInject), (_, .focusRequest):
            return input(message, from: session)
        default:
            return deliveries(handle(message, fds: Array(owned), from: session), answering: message, to: session)
        }
    }

    /// One record as it arrived from `id`, with the descriptors that came with it (owned from here on). A
    /// Commit of plain property changes is applied straight from its bytes (`receiveBatch`); anything else is
    /// decoded and handled by `receive(_:fds:from:)`, and a record that cannot be decoded is a fatal error
    /// (`reject`). `isCommit` says whether it was a Commit that was applied or refused.
    public func receive(
        record: UnsafeRawBufferPointer, fds: [Int32], from id: SessionID
    ) -> (deliveries: [Delivery], isCommit: Bool) {
        if fds.isEmpty, let deliveries = receiveBatch(record, from: id) {
            return (deliveries, true)
        }
        let message: Message
        do {
            message = try FrameCodec.decode(record, fds: fds, maxMessageBytes: Int(configuration.maxMessageBytes))
        } catch {
            // Every decode error is fatal: the client hears why, then the connection closes.
            FileDescriptor.close(fds)
            return (reject(error, from: id), false)
        }
        return (receive(message, fds: fds, from: id), message.opcode == Commit.opcode)
    }

    /// `receive(record:fds:from:)` for a record held in an array (tests, the fuzzer, the benchmarks).
    public func receive(record: [UInt8], fds: [Int32], from id: SessionID) -> (deliveries: [Delivery], isCommit: Bool) {
        record.withUnsafeBytes { receive(record: $0, fds: fds, from: id) }
    }

    /// A Commit frame from `id` applied without decoding it into a `Message`, when it is a batch of plain
    /// property changes (`SetPropertyBatch`) that a ready session may apply as it is. Nil when it is not, having
    /// changed nothing: `receive(record:…)` then decodes the frame, and reports any error.
    func receiveBatch(_ frame: UnsafeRawBufferPointer, from id: SessionID) -> [Delivery]? {
        guard let session = sessions[id], case .ready = session.phase,
            let batch = SetPropertyBatch(frame: frame, maxMessageBytes: Int(configuration.maxMessageBytes))
        else { return nil }
        let env = commitEnvironment(for: session)
        var context = session.context
        session.context = ClientContext()
        defer { session.context = context }
        guard let events = context.applyBatch(batch, in: env, scratch: &batchScratch) else { return nil }
        needsFrame = true
        lastCommitTime = env.now
        return applied(batch.transaction, at: env.now, events: events, for: session).map {
            Delivery(session: id, message: $0)
        }
    }

    /// A record from `id` that could not be decoded (the glue's `FrameCodec.decode` threw): reports it as a
    /// fatal error; the glue closes the connection after sending it.
    public func reject(_ error: ProtocolError, from id: SessionID) -> [Delivery] {
        guard let session = sessions[id], session.phase != .closing else { return [] }
        return fatal(session, error)
    }

    private func handshake(_ session: Session, _ hello: Hello) -> [Delivery] {
        let low = max(hello.minVersion, ProtocolVersion.minimum)
        let high = min(hello.maxVersion, ProtocolVersion.current)
        guard hello.minVersion <= hello.maxVersion, low <= high else {
            return fatal(
                session,
                ProtocolError(
                    .versionMismatch, opcode: Hello.opcode, field: "minVersion",
                    value: "\(hello.minVersion)…\(hello.maxVersion)",
                    detail:
                        "the client speaks versions \(hello.minVersion)…\(hello.maxVersion); "
                        + "the server speaks \(ProtocolVersion.minimum)…\(ProtocolVersion.current)"))
        }
        // Clients told of the display before hear of a change first, so each has heard of the one told now.
        let others = displayChangeDeliveries()
        session.phase = .ready(version: high)
        session.name = hello.clientName
        let welcome = Welcome(
            version: high, session: session.id.rawValue, serverTime: clock.now(), clockMode: clock.wireMode,
            maxMessageBytes: configuration.maxMessageBytes, maxLayers: configuration.maxLayers,
            maxAnimations: configuration.maxAnimations, maxImageBytes: configuration.maxImageBytes)
        logger.info(
            "client connected", metadata: ["session": "\(session.id.rawValue)", "name": "\(hello.clientName)"])
        var out = others + [Delivery(session: session.id, message: .welcome(welcome))]
        if high >= DisplayChanged.since {
            let display = toldDisplay ?? control.displayChanged()
            toldDisplay = display
            out.append(Delivery(session: session.id, message: .displayChanged(display)))
        }
        return out
    }

    /// DisplayChanged for every client of version 5 or later when the outputs differ from what they were last
    /// told (a hotplug, OutputControl); nothing otherwise. On the loop thread: each frame asks, and the glue after
    /// an output change answered from the render thread.
    public func displayChangeDeliveries() -> [Delivery] {
        guard let told = toldDisplay else { return [] }
        let display = control.displayChanged()
        guard display != told else { return [] }
        toldDisplay = display
        return sessions.keys.sorted().compactMap { id in
            guard let version = sessions[id]?.phase.version, version >= DisplayChanged.since else { return nil }
            return Delivery(session: id, message: .displayChanged(display))
        }
    }

    /// Reports a fatal error; the glue closes the connection after sending it.
    func fatal(_ session: Session, _ error: ProtocolError) -> [Delivery] {
        session.phase = .closing
        logger.notice(
            "closing a client after a fatal error",
            metadata: ["session": "\(session.id.rawValue)", "error": "\(error)"])
        return [Delivery(session: session.id, message: errorReport(error, request: 0, fatal: true), closeAfter: true)]
    }

    func errorReport(_ error: ProtocolError, request: UInt64, fatal: Bool = false) -> Message {
        .errorReport(
            ErrorReport(
                code: error.code.rawValue, opcode: error.opcode ?? 0, request: request, field: error.reportedField,
                value: error.value, message: error.detail, fatal: fatal))
    }

    // MARK: Messages of a ready session

    private func handle(_ message: Message, fds: [Int32], from session: Session) -> [Message] {
        switch message {
        case .commit(let commit): return apply(commit, from: session)
        case .imageUpload(let upload): return storeImage(upload, fds: fds, from: session)
        case .imageRelease(let release):
            do {
                try session.images.release(ImageID(release.image))
                needsFrame = true
                return []
            } catch {
                return [errorReport(error, request: UInt64(release.image))]
            }
        case .presentationQuery(let query): return presentation(query, for: session)
        case .hitTestQuery(let query): return hitTest(query, for: session)
        case .sync(let sync):
            // Messages are handled in order as they arrive, so everything before this one is done.
            return [.syncReply(SyncReply(request: sync.request, time: clock.now()))]
        case .acknowledgeCommits(let acknowledge):
            session.acknowledgesCommits = acknowledge.enabled
            return []
        case .clockControl, .inspectRequest, .outputControl, .screenshotRequest:
            return control.handle(message, from: session)
        case .tileContent(let content): return storeTile(content, from: session)
        case .tileInvalidate(let invalidate): return invalidateTiles(invalidate, from: session)
        case .setRootLayer(let declaration): return declareRoot(declaration, for: session)
        case .hello, .welcome, .commitApplied, .errorReport, .animationStarted, .animationStopped,
            .transactionCompleted, .presentationReply, .hitTestReply, .syncReply, .clockState, .inspectReply,
            .screenshotReply, .inputSubscribe, .inputInject, .focusRequest, .touchEvent, .pointerEvent, .keyEvent,
            .focusChanged, .inputInjected, .inputWatched, .tileRequest, .displayChanged:
            // Hello, input (which may answer other sessions) and server messages were dealt with before.
            return []
        }
    }

    /// What an applied commit answers: CommitApplied unless the session turned it off, then the events.
    func applied(_ transaction: UInt64, at time: Double, events: [Message], for session: Session) -> [Message] {
        guard session.acknowledgesCommits else { return events }
        return [.commitApplied(CommitApplied(transaction: transaction, time: time))] + events
    }

    func commitEnvironment(for session: Session) -> CommitEnvironment {
        let images = session.images
        return CommitEnvironment(
            now: clock.now(), maxLayers: configuration.maxLayers, maxAnimations: configuration.maxAnimations,
            maxParticles: configuration.maxParticles, hasImage: { images.contains($0) }, logger: logger,
            keyPaths: keyPaths, version: session.phase.version ?? ProtocolVersion.current)
    }

    private func apply(_ commit: Commit, from session: Session) -> [Message] {
        let env = commitEnvironment(for: session)
        let now = env.now
        // Taken out of the session while it applies, so the context is uniquely referenced and changes in
        // place (a refused commit rolls itself back).
        var context = session.context
        session.context = ClientContext()
        defer { session.context = context }
        do {
            let events = try context.apply(commit, in: env)
            needsFrame = true
            session.tiles.noteCreated(by: commit)
            lastCommitTime = now
            return applied(commit.transaction, at: now, events: events, for: session)
        } catch {
            logger.debug(
                "commit refused",
                metadata: [
                    "session": "\(session.id.rawValue)", "transaction": "\(commit.transaction)", "error": "\(error)",
                ])
            return [errorReport(error, request: commit.transaction)]
        }
    }

    private func storeImage(_ upload: ImageUpload, fds: [Int32], from session: Session) -> [Message] {
        guard fds.count == 1, let fd = fds.first else {
            // The codec checks the count, so only a caller that skipped it gets here.
            return [
                errorReport(
                    ProtocolError(
                        .fileDescriptorMismatch, opcode: ImageUpload.opcode, field: "fds", value: "\(fds.count)",
                        detail: "ImageUpload carries exactly 1 file descriptor, not \(fds.count)"),
                    request: UInt64(upload.image))
            ]
        }
        do {
            try session.images.add(upload, fd: fd, maxBytes: configuration.maxImageBytes)
            return []
        } catch {
            return [errorReport(error, request: UInt64(upload.image))]
        }
    }

    // MARK: Frames

    /// The scene changed in a way no animation accounts for: the next frame is due at once.
    func markChanged() { needsFrame = true }

    /// Runs one frame for presentation time `time`: advances every client's animations (their events come
    /// back, each client's in time order), evaluates every layer's presentation and hands the snapshot to
    /// the frame sink.
    public func renderFrame(at time: Double) -> [Delivery] {
        let began = ContinuousClock.now
        var out: [Delivery] = []
        var clients: [RenderSnapshot.Client] = []
        for id in sessions.keys.sorted() {
            guard let session = sessions[id], session.isReady else { continue }
            if let scene = sceneBeforeCommit(session, at: time) {
                clients.append(scene)
                continue
            }
            for message in session.context.advance(to: time) {
                out.append(Delivery(session: id, message: message))
            }
            var requests: [TileRequest]? = []
            clients.append(sceneClient(session, at: time, tileRequests: &requests))
            for request in requests ?? [] { out.append(Delivery(session: id, message: .tileRequest(request))) }
        }
        frames += 1
        let snapshot = RenderSnapshot(frame: frames, time: time, clients: clients)
        frameTimes.record(Self.seconds(ContinuousClock.now - began))
        needsFrame = false
        lastFrameTime = time
        control.attachPendingScreenshots(to: snapshot)
        frameSink.present(snapshot)
        return out + displayChangeDeliveries()
    }

    /// `session`'s scene at `time`, as its animations present it (without advancing them).
    func sceneClient(_ session: Session, at time: Double) -> RenderSnapshot.Client {
        var ignored: [TileRequest]?
        return sceneClient(session, at: time, tileRequests: &ignored)
    }

    /// `sceneClient(_:at:)` with its CATiledLayers' tiles, and the requests for the tiles they lack appended to
    /// `tileRequests` (none asked for when it is nil).
    func sceneClient(
        _ session: Session, at time: Double, tileRequests: inout [TileRequest]?
    ) -> RenderSnapshot.Client {
        var client = RenderSnapshot.Client(
            session: session.id, tree: session.context.tree, animated: session.context.animatedLayers,
            transitionCaptures: session.context.transitionCaptures, images: session.images.images, at: time)
        client.emitterHistories = session.context.emitterHistories
        if !session.tiles.isEmpty { addTiles(to: &client, of: session, at: time, requests: &tileRequests) }
        return client
    }

    /// When the next frame is needed, in server media time: `now` after a change or when an event is due,
    /// one frame interval after the last frame while something animates, the begin time of the first
    /// animation still waiting, or nil when nothing will change by itself (the loop sleeps). With a manual
    /// or paused clock the glue waits for a control message instead of a timer
    /// (`ServerClock.monotonicTime(forMediaTime:)` is nil then).
    public func nextFrameTime(after now: Double) -> Double? {
        if needsFrame || output?.needsRedraw == true { return now }
        let interval = configuration.frameInterval
        if output?.isSplashFading == true { return max(now, (lastFrameTime ?? now) + interval) }
        var earliest: Double?
        for session in sessions.values where session.isReady {
            // A tile fading in (docs/core-animation-rules.md#special-layer-classes) needs every frame until it is in.
            if session.tiles.isFading { return max(now, (lastFrameTime ?? now) + interval) }
            switch session.context.wakeup(at: now, frameInterval: interval, clockPaused: clock.isPaused) {
            case .idle: continue
            case .now: return now
            case .continuous: return max(now, (lastFrameTime ?? now) + interval)
            case .at(let t): earliest = min(earliest ?? t, t)
            }
        }
        return earliest.map { max($0, now) }
    }

    // MARK: Statistics

    public var statistics: ServerStatistics {
        var layers = 0
        var animations = 0
        var images = 0
        var imageBytes = 0
        for session in sessions.values {
            layers += session.context.tree.count
            animations += session.context.animationCount
            images += session.images.images.count
            imageBytes += session.images.totalBytes
        }
        return ServerStatistics(
            uptime: Self.seconds(ContinuousClock.now - started), sessions: sessions.count, layers: layers,
            animations: animations, images: images, imageBytes: imageBytes, frames: frames,
            frameTime: frameTimes.summary)
    }

    static func seconds(_ d: Duration) -> Double {
        let (s, attoseconds) = d.components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
