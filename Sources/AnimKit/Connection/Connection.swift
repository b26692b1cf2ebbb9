import AnimCore
import AnimProtocol
import AnimTransport
import Dispatch
import Foundation

/// A connection to animserverd: the session, the model tree of its layers, and the thread that reads
/// the server's replies and events.
///
/// Delegates, completion blocks, the error handler and the status handler run on `delegateQueue` (the main queue
/// by default).
/// Use a serial queue: events are queued in the order the server sent them (a start before its stop).
/// Requests (`sync`, `clock`, `inspect`, `Layer.presentation`) block the calling thread until the reply,
/// which the connection's own reader thread receives, so they may be called from any thread.
public final class Connection: @unchecked Sendable {
    let socket: SeqPacketSocket
    let state: Locked<ConnectionState>
    /// Orders sends, and numbers commits in the order they go out.
    private let sendLock = NSLock()
    private var nextTransaction: UInt64 = 1
    private let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    /// The session id the server gave this connection (animctl lists it).
    public let session: UInt32
    /// The server's clock when it welcomed this connection.
    public let serverTime: Double
    public let clockMode: ClockMode
    /// The largest message the server accepts from this client.
    public let maxMessageBytes: Int
    /// The protocol version the handshake settled on.
    public let protocolVersion: UInt16
    /// Touches to layers' handlers and gesture recognizers, on the delegate queue.
    let inputDispatcher: InputDispatcher
    /// The display and the root layer (Connection+Display.swift).
    let displayState = Locked(DisplayState())
    /// Held while the root layer is made, so two threads reading `rootLayer` first get the same one.
    let rootCreation = NSLock()

    /// Whether this is `Connection.unattached`, the stand-in holding the layers that belong to no connection yet.
    let holdsUnattachedLayers: Bool

    init(socket: SeqPacketSocket, welcome: Welcome, holdsUnattachedLayers: Bool = false) {
        self.socket = socket
        self.holdsUnattachedLayers = holdsUnattachedLayers
        session = welcome.session
        serverTime = welcome.serverTime
        clockMode = welcome.clockMode
        maxMessageBytes = min(Int(welcome.maxMessageBytes), ProtocolLimits.maxMessageBytes)
        protocolVersion = welcome.version
        state = Locked(ConnectionState())
        inputDispatcher = InputDispatcher(
            clock: MediaClock(serverTime: welcome.serverTime, rate: welcome.clockMode == .manual ? 0 : 1))
        guard !holdsUnattachedLayers else { return }
        inputDispatcher.attach(to: self)
        DispatchQueue.main.setSpecific(key: queueKey, value: ObjectIdentifier(self))
    }

    /// The stand-in connection of the layers made with `Layer()`: it keeps their model tree and animations and
    /// sends nothing (Connection+Attach.swift). Its socket is one end of a pair that nothing reads.
    static let unattached: Connection = {
        // A socket pair cannot fail but for a process out of descriptors, where no layer could be sent anyway.
        guard let (socket, _) = try? SeqPacketSocket.pair() else {
            fatalError("no socket pair for the unattached layers: the process is out of file descriptors")
        }
        return Connection(
            socket: socket,
            welcome: Welcome(
                version: ProtocolVersion.current, session: 0, serverTime: 0, clockMode: .monotonic,
                maxMessageBytes: UInt32(ProtocolLimits.maxMessageBytes), maxLayers: .max, maxAnimations: .max,
                maxImageBytes: .max),
            holdsUnattachedLayers: true)
    }()

    /// The next layer id of this connection.
    func allocateLayerID() -> LayerID {
        state.withLock { s in
            let id = LayerID(s.nextLayer)
            s.nextLayer += 1
            return id
        }
    }

    deinit {
        socket.shutdown()
    }

    /// Connects to the server at `socketPath` (by default `$ANIMSERVER_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/animserver-0`), says Hello and waits for Welcome.
    public static func connect(socketPath: String? = nil, name: String? = nil) throws(AnimKitError) -> Connection {
        let socket: SeqPacketSocket
        do {
            let path = try socketPath ?? SocketPath.resolve(environment: ProcessInfo.processInfo.environment)
            socket = try SeqPacketSocket.connect(path: path)
        } catch {
            throw .transport("\(error)")
        }
        return try connect(socket: socket, name: name)
    }

    /// Says Hello on a socket already connected to the server (one passed in by a launcher, or one end of a
    /// socket pair in tests) and waits for Welcome.
    public static func connect(socket: SeqPacketSocket, name: String? = nil) throws(AnimKitError) -> Connection {
        let hello = Hello(
            minVersion: ProtocolVersion.minimum, maxVersion: ProtocolVersion.current,
            clientName: name ?? ProcessInfo.processInfo.processName)
        let sent: Bool
        do {
            sent = try socket.send(FrameCodec.encode(.hello(hello)))
        } catch {
            throw .transport("send Hello: \(error)")
        }
        guard sent else { throw .transport("send Hello: the socket is full") }
        let welcome: Welcome
        var parts = InspectReplyAssembler()
        switch try receiveMessage(on: socket, parts: &parts) {
        case .welcome(let w)?: welcome = w
        case .errorReport(let report)?: throw .server(ServerError(report))
        case let other?: throw .unexpectedReply("\(other.name) instead of Welcome")
        case nil: throw .closed(reason: "the server closed the connection before Welcome")
        }
        let connection = Connection(socket: socket, welcome: welcome)
        if welcome.version >= DisplayInfo.toldSince { try connection.receiveFirstDisplay(parts: &parts) }
        // Nothing here waits for CommitApplied (`sync()` asks with Sync): from version 2 the server is asked
        // not to send one a commit, which spares it a send and the reader a wake-up each.
        if welcome.version >= 2 { try connection.send(.acknowledgeCommits(AcknowledgeCommits(enabled: false))) }
        connection.startReader()
        return connection
    }

    /// Where delegates, completion blocks and the error handler run.
    public var delegateQueue: DispatchQueue {
        get { state.withLock { $0.delegateQueue } }
        set {
            newValue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
            state.withLock { $0.delegateQueue = newValue }
        }
    }

    /// Receives the server's non-fatal ErrorReports as `.server` (a refused commit: code, field, value,
    /// message), and once why the server ended the connection: `.server` with the fatal report, `.closed`
    /// when the server closed it without one, `.transport` or `.protocolViolation` when reading failed.
    /// Not called for `close()`. Also receives `.refusedValue` for each value a property setter refused (setters do
    /// not throw; docs/core-animation-rules.md).
    public var errorHandler: (@Sendable (AnimKitError) -> Void)? {
        get { state.withLock { $0.errorHandler } }
        set { state.withLock { $0.errorHandler = newValue } }
    }

    /// Why the connection is closed, or nil while it is open.
    public var closeReason: AnimKitError? { state.withLock { $0.closeReason } }

    /// Closes the connection. Later requests fail with `.closed`; the model tree stays readable. The
    /// animations end unfinished and the completion blocks waiting for them run, as when the server goes.
    public func close() {
        fail(with: .closed(reason: "closed by the app"), byApp: true)
        socket.shutdown()
    }

    // MARK: Sending

    func send(_ message: Message) throws(AnimKitError) {
        let bytes = FrameCodec.encode(message)
        sendLock.lock()
        defer { sendLock.unlock() }
        try sendLocked(bytes, fds: message.fds)
    }

    private func sendLocked(_ bytes: [UInt8], fds: [Int32]) throws(AnimKitError) {
        if let reason = closeReason { throw reason }
        if holdsUnattachedLayers { throw Self.unattachedRequest }
        guard bytes.count <= maxMessageBytes else {
            throw .messageTooLarge(bytes: bytes.count, limit: maxMessageBytes)
        }
        let sent: Bool
        do {
            sent = try socket.send(bytes, fds: fds)
        } catch {
            // A fatal error may have closed the socket meanwhile: that is the reason to report.
            throw closeReason ?? .transport("\(error)")
        }
        guard sent else { throw .transport("send: the socket is full") }
    }

    /// Sends one outermost transaction's operations, with the layers released since the last commit.
    /// A commit that cannot be sent is logged; its completions count as reported, so their blocks still run.
    func sendCommit(_ batch: CommitBatch, completions: [UInt64]) {
        sendLock.lock()
        let released = state.withLock { s in
            defer { s.released = [] }
            // Pending before the commit goes out, so that a close racing the send still reports them.
            s.pendingCompletions.formUnion(completions)
            return s.released
        }
        let transaction = nextTransaction
        nextTransaction += 1
        let frame = batch.frame(transaction: transaction, completions: completions, trailing: released)
        do {
            try sendLocked(frame, fds: [])
            if !batch.created.isEmpty, let declaration = rootDeclaration(after: batch.created) {
                do {
                    try sendLocked(FrameCodec.encode(declaration), fds: [])
                } catch {
                    log.error("the root layer was not declared (SetRootLayer not sent): \(error)")
                }
            }
            sendLock.unlock()
            if !batch.created.isEmpty {
                state.withLock { s in
                    for id in batch.created { s.uncommitted.remove(id) }
                }
            }
        } catch {
            sendLock.unlock()
            log.error("commit \(transaction) of \(batch.count) operations was not sent: \(error)")
            // Those a close took have been reported by it.
            let unreported = state.withLock { s in completions.filter { s.pendingCompletions.remove($0) != nil } }
            for id in unreported {
                if let block = CompletionRegistry.shared.reported(id) { deliver(block) }
            }
        }
    }

    /// Runs `work` on the delegate queue.
    func deliver(_ work: @escaping @Sendable () -> Void) {
        delegateQueue.async(execute: work)
    }

    // MARK: Requests

    /// What a request of a layer that belongs to no connection yet (`Layer()`) throws.
    static let unattachedRequest = AnimKitError.closed(
        reason: "the layer belongs to no connection yet: add it to a layer of a connection first")

    /// Sends the request `build` makes with a fresh request id and waits for its reply.
    func request(_ build: (UInt32) -> Message) throws(AnimKitError) -> Message {
        if holdsUnattachedLayers { throw Self.unattachedRequest }
        let waiter = Waiter()
        let id = try state.withLock { s throws(AnimKitError) -> UInt32 in
            if let reason = s.closeReason { throw reason }
            let id = s.nextRequest
            s.nextRequest = s.nextRequest == .max ? 1 : s.nextRequest + 1
            s.waiters[id] = waiter
            return id
        }
        do {
            try send(build(id))
        } catch {
            state.withLock { _ = $0.waiters.removeValue(forKey: id) }
            throw error
        }
        waiter.semaphore.wait()
        let result = state.withLock { _ in waiter.result }
        guard let result else { throw .closed(reason: "no reply to request \(id)") }
        return try result.get()
    }

    /// A Sync round trip. It first commits the calling thread's implicit transaction (`Transaction.flush()`),
    /// so every change made before it outside an explicit transaction is sent; changes inside an explicit
    /// transaction still open go out with its outermost commit. When it returns, the server has handled
    /// everything sent before it, and every event it sent before has been delivered: delegates and blocks for
    /// them have run, unless this is called on `delegateQueue` itself, where they run after the current work
    /// item. The main thread counts as the main queue: a command-line program calling this from top-level code
    /// never waits on the main queue, which it never drains (docs/core-animation-rules.md#transactions).
    public func sync() throws(AnimKitError) {
        // A command-line program has no main-queue turn to commit the implicit transaction: without this,
        // a change made in top-level code would never reach the server.
        Transaction.flush()
        let reply = try request { .sync(Sync(request: $0)) }
        guard case .syncReply = reply else { throw .unexpectedReply("\(reply.name) to Sync") }
        if DispatchQueue.getSpecific(key: queueKey) != ObjectIdentifier(self) {
            delegateQueue.sync {}
        }
    }

    /// Steers or reads the server clock (the server's own user or root only; set and advance need
    /// `animserverd --clock manual`).
    public func clock(_ action: ClockAction) throws(AnimKitError) -> ClockState {
        let reply = try request { .clockControl(ClockControl(request: $0, action: action)) }
        guard case .clockState(let s) = reply else { throw .unexpectedReply("\(reply.name) to ClockControl") }
        return ClockState(mode: s.mode, time: s.time, isPaused: s.paused, rate: s.rate)
    }

    /// An inspection document (JSON text), as animctl shows it.
    public func inspect(_ query: WireInspectQuery) throws(AnimKitError) -> String {
        let reply = try request { .inspectRequest(InspectRequest(request: $0, query: query)) }
        guard case .inspectReply(let r) = reply else { throw .unexpectedReply("\(reply.name) to InspectRequest") }
        return r.json
    }

    /// Changes an output (`animctl output`): the outputs document entry after the change, as JSON.
    public func outputControl(output: String, action: WireOutputAction) throws(AnimKitError) -> String {
        let reply = try request { .outputControl(OutputControl(request: $0, output: output, action: action)) }
        guard case .inspectReply(let r) = reply else { throw .unexpectedReply("\(reply.name) to OutputControl") }
        // From version 5 the server tells the change (DisplayChanged, sent right after this answer): a round trip
        // takes it before this returns.
        if protocolVersion >= DisplayInfo.toldSince {
            try sync()
            return r.json
        }
        // The answer is the outputs document after the change: the display (and the root layer) follow it.
        if let entries = try? InspectionJSON.decode([InspectionDocuments.OutputEntry].self, from: r.json) {
            apply(DisplayInfo(outputs: entries, frameRate: displayState.withLock { $0.info?.refreshRate }))
        }
        return r.json
    }
}

/// The server clock, as `Connection.clock(_:)` reports it.
public struct ClockState: Hashable, Sendable {
    public var mode: ClockMode
    public var time: Double
    public var isPaused: Bool
    public var rate: Double

    public init(mode: ClockMode, time: Double, isPaused: Bool, rate: Double) {
        self.mode = mode
        self.time = time
        self.isPaused = isPaused
        self.rate = rate
    }
}
