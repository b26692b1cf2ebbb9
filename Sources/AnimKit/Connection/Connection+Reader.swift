import AnimCore
import AnimProtocol
import AnimTransport
import Foundation
import Glibc

/// The reader thread: it decodes each record from the server and answers the waiting request, or hands
/// the event to the delegate queue.
extension Connection {
    /// The next message, or nil when the server closed the connection. Blocks. An InspectReply that comes in
    /// parts (protocol version 3) is returned whole once its last part arrived; `parts` holds the others.
    static func receiveMessage(
        on socket: SeqPacketSocket, parts: inout InspectReplyAssembler
    ) throws(AnimKitError) -> Message? {
        while true {
            let result: ReceiveResult
            do {
                result = try socket.receive(
                    maxBytes: ProtocolLimits.maxMessageBytes, maxFDs: ProtocolLimits.maxFDsPerMessage)
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
                log.error("connection closed: \(error)")
                weakSelf.value?.fail(with: error)
                socket.shutdown()
            }
        }
        thread.name = "AnimKit.Connection \(session)"
        thread.start()
    }

    /// Closes the connection for `reason`: every waiting request fails with it, and so does every later one.
    func fail(with reason: AnimKitError) {
        let waiters = state.withLock { s -> [Waiter] in
            if s.closeReason == nil { s.closeReason = reason }
            let all = Array(s.waiters.values)
            s.waiters = [:]
            for waiter in all { waiter.result = .failure(s.closeReason ?? reason) }
            return all
        }
        for waiter in waiters { waiter.semaphore.signal() }
    }

    func handle(_ message: Message) {
        switch message {
        case .syncReply(let r): resolve(r.request, with: message)
        case .presentationReply(let r): resolve(r.request, with: message)
        case .hitTestReply(let r): resolve(r.request, with: message)
        case .clockState(let r): resolve(r.request, with: message)
        case .inspectReply(let r): resolve(r.request, with: message)
        case .screenshotReply(let r): resolve(r.request, with: message)
        case .errorReport(let r): handleErrorReport(r)
        case .animationStarted(let e): animationStarted(e)
        case .animationStopped(let e): animationStopped(e)
        case .transactionCompleted(let e):
            if let block = CompletionRegistry.shared.reported(e.completion) { deliver(block) }
        case .commitApplied:
            break
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
        ScreenshotRequest.opcode, OutputControl.opcode,
    ]

    private func handleErrorReport(_ report: ErrorReport) {
        let error = ServerError(report)
        let answersRequest =
            Connection.requestOpcodes.contains(report.opcode) && report.request <= UInt64(UInt32.max)
            && state.withLock { $0.waiters[UInt32(report.request)] != nil }
        if answersRequest {
            resolve(UInt32(report.request), with: .failure(.server(error)))
        } else {
            let handler = errorHandler
            if let handler {
                deliver { handler(error) }
            } else {
                log.error("server error: \(error)")
            }
        }
        if report.fatal {
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
