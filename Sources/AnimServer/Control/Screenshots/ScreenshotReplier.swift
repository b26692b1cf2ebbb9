import AnimDisplay
import AnimProtocol
import AnimRender
import AnimTransport

/// Answers one ScreenshotRequest: the pixels in a sealed memfd, or an ErrorReport naming the request. Runs
/// on the render thread; the answer goes through the core's `deliverLater`.
struct ScreenshotReplier: Sendable {
    let session: SessionID
    let request: UInt32
    let deliver: (@Sendable ([Delivery]) -> Void)?

    /// The render thread's result, sent.
    var finish: @Sendable (Result<Screenshot, ScreenshotError>) -> Void {
        { result in send([reply(to: result)]) }
    }

    func send(_ messages: [Message]) {
        let deliveries = messages.map { Delivery(session: session, message: $0) }
        guard let deliver else {
            for message in messages { FileDescriptor.close(message.fds) }
            return
        }
        deliver(deliveries)
    }

    func reply(to result: Result<Screenshot, ScreenshotError>) -> Message {
        switch result {
        case .success(let shot):
            do {
                return try pixelsReply(shot)
            } catch {
                return self.error(.renderFailed, field: "", value: "", "cannot pass the pixels in a memfd: \(error)")
            }
        case .failure(.unknownLayer(let id)):
            return self.error(
                .unknownLayer, field: "layer", value: "\(id.rawValue)", "\(id) went away before the frame")
        case .failure(let failure):
            return self.error(.renderFailed, field: "", value: "", "\(failure)")
        }
    }

    /// A sealed memfd holding the premultiplied RGBA8 rows, top row first, without padding.
    private func pixelsReply(_ shot: Screenshot) throws(TransportError) -> Message {
        let size = shot.pixels.size
        let created = try SharedMemory.create(name: "animserverd-screenshot", size: shot.pixels.bytes.count)
        if let target = created.memory.mutableBytes {
            shot.pixels.bytes.withUnsafeBytes { target.copyMemory(from: $0) }
        }
        do {
            try SharedMemory.seal(fd: created.fd)
        } catch {
            FileDescriptor.close(created.fd)
            throw error
        }
        return .screenshotReply(
            ScreenshotReply(
                request: request, width: UInt32(size.width), height: UInt32(size.height),
                stride: UInt32(size.width * 4), format: .rgba8Premultiplied, frame: shot.frame, time: shot.time,
                fds: [created.fd]))
    }

    func error(_ code: WireErrorCode, field: String, value: String, _ detail: String) -> Message {
        .errorReport(
            ErrorReport(
                code: code.rawValue, opcode: ScreenshotRequest.opcode, request: UInt64(request),
                field: ProtocolError(code, opcode: ScreenshotRequest.opcode, field: field, detail: "").reportedField,
                value: value, message: detail, fatal: false))
    }
}
