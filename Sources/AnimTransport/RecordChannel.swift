import Glibc
import Logging

/// A non-blocking `SeqPacketSocket` on an `EventLoop`, with an outbound queue.
///
/// `send` tries at once and queues on EAGAIN; the queue flushes, in order, when the socket becomes writable, and
/// each record's memory is freed as it is sent (`OutboundQueue`). A queue holding more than `maxQueuedBytes` of
/// memory (records and their overhead, not only payload) means the peer stopped reading: the queue is dropped and
/// `onOverflow` says so, or without one the channel closes and `onClose` gets an ENOBUFS error (the server drops
/// such a client instead of blocking or growing forever). Inbound records go to
/// `onRecord`, lent straight from the socket's receive buffer (valid only during the call); end of file calls
/// `onClose(nil)`, a failure `onClose(error)`, once, after which nothing else is called.
///
/// Thread rules: `onRecord` and `onClose` run on the loop thread; `send` and `close` must be called there too.
/// Ownership: `onRecord` owns the descriptors it gets (it closes those it does not keep); records refused by the
/// socket (too long, too many fds) have theirs closed by the socket. Descriptors passed to `send`
/// stay the caller's: the channel duplicates those it has to queue and closes its duplicates once sent.
public final class RecordChannel: @unchecked Sendable {
    public let socket: SeqPacketSocket
    private let loop: EventLoop
    private let maxRecordBytes: Int
    private let maxFDs: Int
    private let maxQueuedBytes: Int
    /// Bytes of large-reply parts (`send(_:fds:partOfLargeReply:)`) the queue may hold besides `maxQueuedBytes`.
    private let maxQueuedReplyBytes: Int
    /// Where records are read into; nil reads into the socket's own buffer.
    private let receiveBuffer: ReceiveBuffer?
    /// What the socket can carry in one record, read once: a longer one is refused before it is queued.
    private let largestRecord: Int
    private let onRecord: (_ bytes: UnsafeRawBufferPointer, _ fds: [Int32]) -> Void
    private let onClose: (TransportError?) -> Void
    /// Called for a record the socket refused (too long, too many descriptors), which ends the connection: the
    /// owner says why (`send`) and then calls `closeAfterFlush`. A record whose descriptors this process could not
    /// take (`descriptorsUnavailable`) does not end it: the owner answers and reading goes on. Without one the
    /// channel closes with the error.
    private let onRefused: ((RecordRefusal) -> Void)?
    /// Called when the queue passed its limit (the peer stopped reading), with the memory it held and the limit,
    /// after the queued records were dropped: they could not reach the peer in any bounded time. The owner says
    /// why (`send`) and then calls `closeAfterFlush`. Without one the channel closes with ENOBUFS.
    private let onOverflow: ((_ heldBytes: Int, _ limit: Int) -> Void)?
    private static let logger = Logger(label: "animserver.transport.channel")
    /// Records read per readable event before the loop serves other descriptors (the fd stays readable, so the
    /// level-triggered loop comes back).
    private static let recordsPerWakeup = 64
    /// Asked before each record of a wake-up (with how many this wake-up read so far) whether to read it: the
    /// owner's per-client budget. Nil reads up to `recordsPerWakeup`.
    private let beforeRecord: ((_ readThisWakeup: Int) -> ReadDecision)?
    /// Set by `pauseReading`: the socket is not watched for reading until `resumeReading`.
    public private(set) var isReadingPaused = false

    // Loop-thread state.
    private var queue = OutboundQueue()
    private var watchingWritable = false
    private var closed = false
    /// Set by `closeAfterFlush`: the peer can send nothing more, and the socket closes once the queue is empty.
    private var closing = false
    /// Closes a closing channel whose peer does not read what is left; its closure keeps the channel alive until
    /// then, so the owner may let go of a closing channel.
    private var lingerTimer: EventLoop.TimerHandle?

    /// Makes `socket` non-blocking and registers it on `loop` for reading.
    public init(
        socket: SeqPacketSocket, loop: EventLoop, maxRecordBytes: Int, maxQueuedBytes: Int,
        maxQueuedReplyBytes: Int = 0, maxFDs: Int = 4, receiveBuffer: ReceiveBuffer? = nil,
        onRecord: @escaping (_ bytes: UnsafeRawBufferPointer, _ fds: [Int32]) -> Void,
        onClose: @escaping (TransportError?) -> Void,
        onRefused: ((RecordRefusal) -> Void)? = nil,
        onOverflow: ((_ heldBytes: Int, _ limit: Int) -> Void)? = nil,
        beforeRecord: ((_ readThisWakeup: Int) -> ReadDecision)? = nil
    ) throws(TransportError) {
        self.socket = socket
        self.loop = loop
        self.maxRecordBytes = maxRecordBytes
        self.maxQueuedBytes = maxQueuedBytes
        self.maxQueuedReplyBytes = maxQueuedReplyBytes
        self.receiveBuffer = receiveBuffer
        largestRecord = socket.largestSendableRecord() ?? Int.max
        self.maxFDs = maxFDs
        self.onRecord = onRecord
        self.onClose = onClose
        self.onRefused = onRefused
        self.onOverflow = onOverflow
        self.beforeRecord = beforeRecord
        try socket.setNonBlocking(true)
        try loop.register(fd: socket.fd, events: .readable) { [weak self] events in
            self?.handle(events)
        }
    }

    deinit {
        if !closed {
            loop.unregister(fd: socket.fd)
            socket.close()
            discardQueue()
        }
    }

    public var isClosed: Bool { closed }

    /// Payload bytes queued and not sent yet.
    public var queuedBytes: Int { queue.payloadBytes }
    /// Records queued and not sent yet.
    public var queuedRecords: Int { queue.count }
    /// The memory the queue holds, as the limits count it: records' storage and per-record overhead.
    public var queuedMemoryBytes: Int { queue.memoryBytes }

    /// Sends one record, or queues it behind those waiting. Ignored once the channel is closed. Returns false,
    /// sending nothing and leaving the channel open, for a record larger than the socket can carry (EMSGSIZE):
    /// the caller may say so in a smaller record. `partOfLargeReply` records (the frames of one reply, queued
    /// at once) count against `maxQueuedReplyBytes` instead of `maxQueuedBytes`, so a peer that reads a long
    /// reply is not taken for one that stopped reading.
    @discardableResult
    public func send(_ bytes: [UInt8], fds: [Int32] = [], partOfLargeReply: Bool = false) -> Bool {
        enqueue(bytes, fds: fds, partOfLargeReply: partOfLargeReply, limited: true)
    }

    /// Sends `bytes` as the last record, then closes as `closeAfterFlush` does. The record is queued even past the
    /// queue's limits: nothing can follow it, and it says why the connection ends (a fatal error report). Returns
    /// false, sending nothing, for a record larger than the socket can carry; the channel is closing either way.
    @discardableResult
    public func sendLast(_ bytes: [UInt8], fds: [Int32] = [], linger: Double = 10) -> Bool {
        guard !closing else { return true }
        let sent = enqueue(bytes, fds: fds, partOfLargeReply: false, limited: false)
        closeAfterFlush(linger: linger)
        return sent
    }

    private func enqueue(_ bytes: [UInt8], fds: [Int32], partOfLargeReply: Bool, limited: Bool) -> Bool {
        guard !closed else {
            Self.logger.debug("send on a closed channel dropped", metadata: ["fd": "\(socket.fd)"])
            return true
        }
        guard bytes.count <= largestRecord else { return false }
        do throws(TransportError) {
            if queue.isEmpty, try socket.send(bytes, fds: fds) { return true }
            var copies: [Int32] = []
            for fd in fds {
                do throws(TransportError) {
                    copies.append(try FileDescriptor.duplicate(fd))
                } catch {
                    FileDescriptor.close(copies)
                    throw error
                }
            }
            queue.append(bytes, fds: copies, largeReplyPart: partOfLargeReply)
            if limited, let (held, limit) = overLimit() {
                overflowed(held: held, limit: limit)
                return true
            }
            if !watchingWritable {
                try loop.modify(fd: socket.fd, events: readEvents.union(.writable))
                watchingWritable = true
            }
        } catch {
            if error.code == EMSGSIZE { return false }
            finish(error)
        }
        return true
    }

    /// Closes the socket and drops what is queued, without calling `onClose`.
    public func close() {
        guard !closed else { return }
        closed = true
        loop.unregister(fd: socket.fd)
        socket.close()
        discardQueue()
        if let lingerTimer {
            self.lingerTimer = nil
            loop.cancel(lingerTimer)
        }
    }

    /// Stops receiving (the peer's sends fail with EPIPE from now on; what it sent before is dropped unread) and
    /// closes once every queued record is sent, so a last message (a fatal error report) reaches the peer; records
    /// already handed to the kernel are delivered even after the close. A peer that has not read them all within
    /// `linger` seconds is closed then, the rest dropped. The channel keeps itself alive until it closes: its owner
    /// may let go of it at once. Does not call `onClose`.
    public func closeAfterFlush(linger: Double = 10) {
        guard !closed && !closing else { return }
        closing = true
        socket.shutdownReceiving()
        do {
            // Not readable: a socket shut for receiving always is, and its hangup would close it before the records
            // that arrived earlier are read away.
            try loop.modify(fd: socket.fd, events: .writable)
            watchingWritable = true
        } catch {
            close()
            return
        }
        guard !queue.isEmpty else {
            // On the loop's next turn: this may run in `onRecord`, inside the socket's receive, which cannot read.
            loop.execute { [self] in
                if !self.closed { self.discardInboundAndClose() }
            }
            return
        }
        lingerTimer = loop.schedule(at: MonotonicClock.now() + linger) { [self] in
            self.lingerTimer = nil
            if !self.closed {
                Self.logger.debug(
                    "closing channel's peer did not read what was left; dropped",
                    metadata: ["fd": "\(self.socket.fd)", "records": "\(self.queue.count)"])
            }
            self.discardInboundAndClose()
        }
    }

    /// Closes after reading away what the peer sent before `closeAfterFlush` and was not read: a Unix socket closed
    /// with records still in its receive queue makes the peer's next receive fail with ECONNRESET before it reads
    /// what it was sent (the fatal report among them). Nothing more arrives once receiving is shut down.
    private func discardInboundAndClose() {
        // Nothing arrives after the shutdown, so this ends with what the socket held (thousands of small records).
        for _ in 0..<(1 << 20) {
            let result = try? socket.receive(
                maxBytes: maxRecordBytes, maxFDs: maxFDs, lending: { _, fds in FileDescriptor.close(fds) })
            guard case .received? = result else { break }
        }
        close()
    }

    /// The memory held and the limit passed, when the queue holds more than it may.
    private func overLimit() -> (held: Int, limit: Int)? {
        let replies = queue.heldReplyBytes
        if replies > maxQueuedReplyBytes { return (replies, maxQueuedReplyBytes) }
        let others = queue.memoryBytes - replies
        if others > maxQueuedBytes { return (others, maxQueuedBytes) }
        return nil
    }

    /// The peer stopped reading: what is queued is dropped, and the owner says why or the channel closes.
    private func overflowed(held: Int, limit: Int) {
        let error = TransportError(
            operation: "send", target: "fd \(socket.fd)", code: ENOBUFS,
            detail: "the peer stopped reading: \(held) bytes queued, limit \(limit)")
        discardQueue()
        Self.logger.debug("outbound queue over its limit; dropped", metadata: ["error": "\(error)"])
        guard let onOverflow else {
            finish(error)
            return
        }
        onOverflow(held, limit)
        // An owner that did not close the channel hears of it the usual way.
        if !closed && !closing { finish(error) }
    }

    private func handle(_ events: EventLoop.Events) {
        if events.contains(.writable) { flush() }
        if closing {
            if !events.isDisjoint(with: [.hangup, .error]) { close() }
            return
        }
        if !closed && !events.isDisjoint(with: [.readable, .hangup, .error]) { readAvailable() }
    }

    /// Stops watching the socket for reading (what is pending stays in it) until `resumeReading`: a client over
    /// its budget does not wake the loop meanwhile. A hangup is reported once (edge-triggered: it would otherwise
    /// wake the loop until reading resumes) and read after `resumeReading`, which watches level-triggered again.
    public func pauseReading() {
        guard !closed, !closing, !isReadingPaused else { return }
        isReadingPaused = true
        watchReading()
    }

    public func resumeReading() {
        guard isReadingPaused else { return }
        isReadingPaused = false
        guard !closed, !closing else { return }
        watchReading()
    }

    private var readEvents: EventLoop.Events { isReadingPaused ? .edgeTriggered : .readable }

    private func watchReading() {
        do {
            try loop.modify(fd: socket.fd, events: watchingWritable ? readEvents.union(.writable) : readEvents)
        } catch {
            finish(error)
        }
    }

    private func readAvailable() {
        for index in 0..<Self.recordsPerWakeup {
            guard !closed && !closing else { return }
            switch beforeRecord?(index) ?? .read {
            case .read: break
            case .yield: return
            case .pause:
                pauseReading()
                return
            }
            do {
                switch try socket.receive(
                    maxBytes: maxRecordBytes, maxFDs: maxFDs, into: receiveBuffer, lending: onRecord)
                {
                case .received: continue
                case .wouldBlock: return
                case .closed:
                    finish(nil)
                    return
                }
            } catch {
                if let refusal = error.refusal, let onRefused {
                    onRefused(refusal)
                    // Descriptors the process could not take are no fault of the peer: the connection goes on.
                    if case .descriptorsUnavailable = refusal { continue }
                    // An owner that did not close the channel hears of it the usual way.
                    if !closed && !closing { finish(error) }
                } else {
                    finish(error)
                }
                return
            }
        }
    }

    private func flush() {
        do {
            while let record = queue.first {
                guard try socket.send(record.bytes, fds: record.fds) else { return }
                FileDescriptor.close(record.fds)
                queue.removeFirst()
            }
            if closing {
                discardInboundAndClose()
                return
            }
            if watchingWritable {
                try loop.modify(fd: socket.fd, events: readEvents)
                watchingWritable = false
            }
        } catch {
            finish(error)
        }
    }

    /// What the owner's budget says about the next record of a wake-up.
    public enum ReadDecision: Sendable, Equatable {
        case read
        /// Stop for this wake-up: the socket stays readable, so the loop comes back after the others' turns.
        case yield
        /// Stop until `resumeReading`.
        case pause
    }

    private func finish(_ error: TransportError?) {
        guard !closed else { return }
        close()
        if let error { Self.logger.debug("channel closed", metadata: ["error": "\(error)"]) }
        onClose(error)
    }

    private func discardQueue() {
        FileDescriptor.close(queue.removeAll())
    }
}
