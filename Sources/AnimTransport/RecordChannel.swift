import Glibc
import Logging

/// A non-blocking `SeqPacketSocket` on an `EventLoop`, with an outbound queue.
///
/// `send` tries at once and queues on EAGAIN; the queue flushes, in order, when the socket becomes writable. A
/// queue above `maxQueuedBytes` means the peer stopped reading: the channel closes and `onClose` gets an ENOBUFS
/// error (the server drops such a client instead of blocking or growing forever). Inbound records go to
/// `onRecord`, lent straight from the receive buffer (valid only during the call); end of file calls
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
    private var queue: [(bytes: [UInt8], fds: [Int32], replyPart: Bool)] = []
    private var queueStart = 0
    public private(set) var queuedBytes = 0
    /// The part of `queuedBytes` that is large-reply parts.
    private var queuedReplyBytes = 0
    private var watchingWritable = false
    private var closed = false
    /// Set by `closeAfterFlush`: nothing more is read, and the socket closes once the queue is empty.
    private var closing = false

    /// Makes `socket` non-blocking and registers it on `loop` for reading.
    public init(
        socket: SeqPacketSocket, loop: EventLoop, maxRecordBytes: Int, maxQueuedBytes: Int,
        maxQueuedReplyBytes: Int = 0, maxFDs: Int = 4, receiveBuffer: ReceiveBuffer? = nil,
        onRecord: @escaping (_ bytes: UnsafeRawBufferPointer, _ fds: [Int32]) -> Void,
        onClose: @escaping (TransportError?) -> Void,
        onRefused: ((RecordRefusal) -> Void)? = nil,
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

    /// Sends one record, or queues it behind those waiting. Ignored once the channel is closed. Returns false,
    /// sending nothing and leaving the channel open, for a record larger than the socket can carry (EMSGSIZE):
    /// the caller may say so in a smaller record. `partOfLargeReply` records (the frames of one reply, queued
    /// at once) count against `maxQueuedReplyBytes` instead of `maxQueuedBytes`, so a peer that reads a long
    /// reply is not taken for one that stopped reading.
    @discardableResult
    public func send(_ bytes: [UInt8], fds: [Int32] = [], partOfLargeReply: Bool = false) -> Bool {
        guard !closed else {
            Self.logger.debug("send on a closed channel dropped", metadata: ["fd": "\(socket.fd)"])
            return true
        }
        guard bytes.count <= largestRecord else { return false }
        do throws(TransportError) {
            if queueStart == queue.count, try socket.send(bytes, fds: fds) { return true }
            var copies: [Int32] = []
            for fd in fds {
                do throws(TransportError) {
                    copies.append(try FileDescriptor.duplicate(fd))
                } catch {
                    FileDescriptor.close(copies)
                    throw error
                }
            }
            queue.append((bytes, copies, partOfLargeReply))
            queuedBytes += bytes.count
            if partOfLargeReply { queuedReplyBytes += bytes.count }
            if queuedBytes - queuedReplyBytes > maxQueuedBytes || queuedReplyBytes > maxQueuedReplyBytes {
                finish(
                    TransportError(
                        operation: "send", target: "fd \(socket.fd)", code: ENOBUFS,
                        detail: "the peer stopped reading: \(queuedBytes) bytes queued, limit \(maxQueuedBytes)"))
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
    }

    /// Stops reading and closes once every queued record is sent, so a last message (a fatal error report) reaches
    /// the peer; records already handed to the kernel are delivered even after the close. Does not call `onClose`.
    public func closeAfterFlush() {
        guard !closed else { return }
        if queueStart == queue.count {
            close()
            return
        }
        closing = true
        do {
            try loop.modify(fd: socket.fd, events: .writable)
            watchingWritable = true
        } catch {
            close()
        }
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
            while queueStart < queue.count {
                let (bytes, fds, replyPart) = queue[queueStart]
                guard try socket.send(bytes, fds: fds) else { return }
                FileDescriptor.close(fds)
                queuedBytes -= bytes.count
                if replyPart { queuedReplyBytes -= bytes.count }
                queueStart += 1
            }
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
            if closing {
                close()
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
        for entry in queue[queueStart...] { FileDescriptor.close(entry.fds) }
        queue.removeAll()
        queueStart = 0
        queuedBytes = 0
        queuedReplyBytes = 0
    }
}
