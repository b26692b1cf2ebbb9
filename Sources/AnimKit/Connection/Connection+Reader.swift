import AnimCore
import AnimProtocol
import AnimTransport
import Foundation
import Glibc

/// The reader thread: it decodes each record from the server and answers the waiting request, or hands
/// the event to the delegate queue.
extension Connection {
    /// The next message, or nil when the server closed (or reset) the connection. Blocks. An InspectReply that
    /// comes in parts (protocol version 3) is returned whole once its last part arrived; `parts` holds the others.
    static func receiveMessage(
        on socket: SeqPacketSocket, parts: inout InspectReplyAssembler
    ) throws(AnimKitError) -> Message? {
        while true {
            let result: ReceiveResult
            do {
                result = try socket.receive(
                    maxBytes: ProtocolLimits.maxMessageBytes, maxFDs: ProtocolLimits.maxFDsPerMessage)
            } catch let error where error.code == ECONNRESET {
                // A server that dies with records of ours unread resets the connection instead of ending it:
                // for the app both are the server closing it.
                return nil
            } catch {
                throw .transport("\(error)")
            }
            switch result {
            case .record(let record):
                // Only a ScreenshotReply carries a descriptor, which whoever takes the reply closes; any others
                // that came are closed here, and decoding names the mismatch.
                let frame: FrameCodec.Frame
                do {
                    frame = try FrameCodec.decodeFrame(record.bytes, fds: record.fds, allowingContinued: true)
                } catch {
                    for fd in record.fds { Glibc.close(fd) }
                    throw .protocolViolation(error)
                }
                let kept = Set(frame.message.fds)
                for fd in record.fds where !kept.contains(fd) { Glibc.close(fd) }
                if let message = try parts.add(frame) { return message }
            case .closed:
                return nil
            case .wouldBlock:
                continue
            }
        }
    }

    func startReader() {
        let socket = self.socket
        let weakSelf = WeakConnection(self)
        let thread = Thread {
            do throws(AnimKitError) {
                var parts = InspectReplyAssembler()
                while let message = try Connection.receiveMessage(on: socket, parts: &parts) {
                    guard let connection = weakSelf.value else { return }
                    connection.handle(message)
                }
                weakSelf.value?.fail(with: .closed(reason: "the server closed the connection"))
            } catch {
                weakSelf.value?.fail(with: error)
                socket.shutdown()
            }
        }
        thread.name = "AnimKit.Connection \(session)"
        thread.start()
    }

    /// Closes the connection for `reason`, once: every waiting request fails with it, and so does every later
    /// one. Then, on the delegate queue, the app hears it as it hears the end of animations in Core Animation:
    /// `errorHandler` (unless the app closed it), `statusHandler`, `animationDidStop(_:finished: false)` for
    /// every animation added and not yet stopped (the server's copies are gone with the connection), and the
    /// completion blocks of the commits sent, which the server can no longer report.
    func fail(with reason: AnimKitError, byApp: Bool = false) {
        let waiters = state.withLock { s -> [Waiter] in
            guard s.closeReason == nil else { return [] }
            s.closeReason = reason
            let waiters = Array(s.waiters.values)
            for waiter in waiters { waiter.result = .failure(reason) }
            s.waiters = [:]
            let running = UncheckedSendable(s.running.sorted { $0.key < $1.key }.map(\.value))
            s.running = [:]
            let blocks = s.pendingCompletions.sorted().compactMap { CompletionRegistry.shared.reported($0) }
            s.pendingCompletions = []
            s.keyed = [:]
            let errorHandler = byApp ? nil : s.errorHandler
            if errorHandler == nil && !byApp { log.error("the connection ended: \(reason)") }
            // Queued under the lock that sets the reason: whoever sees the connection closed (a request that
            // throws) and then waits for the delegate queue finds all of this done.
            s.delegateQueue.async { [statusHandler = s.statusHandler] in
                errorHandler?(reason)
                statusHandler?(.closed(reason))
                for animation in running.value {
                    animation.delegate?.animationDidStop(animation.object, finished: false)
                }
                for block in blocks { block() }
            }
            return waiters
        }
        for waiter in waiters { waiter.semaphore.signal() }
    }

    func handle(_ message: Message) {
        switch message {
        case .syncReply(let r):
            // Before the reply wakes `sync()`, which then waits for the delegate queue: deadlines up to the
            // server's time have run when it returns.
            inputDispatcher.observeServerTime(r.time, on: delegateQueue)
            resolve(r.request, with: message)
        case .presentationReply(let r): resolve(r.request, with: message)
        case .hitTestReply(let r): resolve(r.request, with: message)
        case .clockState(let r):
            inputDispatcher.observeServerTime(r.time, on: delegateQueue)
            resolve(r.request, with: message)
        case .inspectReply(let r): resolve(r.request, with: message)
        case .screenshotReply(let r): resolve(r.request, with: message)
        case .inputInjected(let r): resolve(r.request, with: message)
        case .touchEvent, .pointerEvent, .keyEvent, .focusChanged, .inputWatched: deliverInput(message)
        case .errorReport(let r): handleErrorReport(r)
        case .animationStarted(let e): animationStarted(e)
        case .animationStopped(let e): animationStopped(e)
        case .transactionCompleted(let e):
            // One the app's close() has already reported is not reported twice.
            guard state.withLock({ $0.pendingCompletions.remove(e.completion) }) != nil else { break }
            if let block = CompletionRegistry.shared.reported(e.completion) { deliver(block) }
        case .commitApplied:
            break
        case .tileRequest(let request): tileRequested(request)
        case .displayChanged(let display): apply(DisplayInfo(display))
        default:
            log.warning("ignored \(message.name) from the server: a client never receives it")
        }
    }

    private func resolve(_ request: UInt32, with result: Result<Message, AnimKitError>) {
        let waiter = state.withLock { s -> Waiter? in
            guard let waiter = s.waiters.removeValue(forKey: request) else { return nil }
            waiter.result = result
            return waiter
        }
        if let waiter {
            waiter.semaphore.signal()
        } else {
            if case .success(let message) = result { for fd in message.fds { Glibc.close(fd) } }
            log.warning("reply to request \(request), which nothing waits for")
        }
    }

    private func resolve(_ request: UInt32, with message: Message) {
        resolve(request, with: .success(message))
    }

    private static let requestOpcodes: Set<UInt16> = [
        PresentationQuery.opcode, HitTestQuery.opcode, Sync.opcode, ClockControl.opcode, InspectRequest.opcode,
        ScreenshotRequest.opcode, OutputControl.opcode, InputInject.opcode,
    ]

    private func handleErrorReport(_ report: ErrorReport) {
        let error = ServerError(report)
        let answersRequest =
            Connection.requestOpcodes.contains(report.opcode) && report.request <= UInt64(UInt32.max)
            && state.withLock { $0.waiters[UInt32(report.request)] != nil }
        if answersRequest {
            resolve(UInt32(report.request), with: .failure(.server(error)))
        } else if !report.fatal {
            let handler = errorHandler
            if let handler {
                deliver { handler(.server(error)) }
            } else {
                log.error("server error: \(error)")
            }
        }
        if report.fatal {
            // Closing tells the error handler, once.
            fail(with: .server(error))
            socket.shutdown()
        }
    }

    private func animationStarted(_ event: AnimationStarted) {
        guard let running = state.withLock({ $0.running[event.animationID] }) else { return }
        guard let delegate = running.delegate else { return }
        let call = UncheckedSendable((delegate, running.object))
        deliver { call.value.0.animationDidStart(call.value.1) }
    }

    private func animationStopped(_ event: AnimationStopped) {
        let running = state.withLock { s -> RunningAnimation? in
            guard let running = s.running.removeValue(forKey: event.animationID) else { return nil }
            if running.removedOnCompletion || !event.finished {
                s.keyed[running.layer]?.removeAll { $0.id == event.animationID }
            }
            return running
        }
        guard let running, let delegate = running.delegate else { return }
        let call = UncheckedSendable((delegate, running.object))
        let finished = event.finished
        deliver { call.value.0.animationDidStop(call.value.1, finished: finished) }
    }
}

/// The reader thread's reference to its connection: weak, so an app that drops the connection closes it.
final class WeakConnection: @unchecked Sendable {
    weak var value: Connection?
    init(_ value: Connection) { self.value = value }
}
