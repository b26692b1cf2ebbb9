import AnimProtocol

/// Joins the parts of InspectReplies that arrive in several frames (flag `continued`, protocol version 3; see
/// protocol/README.md, "Large replies"): each request's json pieces, in order, up to `maxReplyBytes`.
struct InspectReplyAssembler {
    private var pending: [UInt32: [UInt8]] = [:]

    /// The message to hand on: `frame`'s own, or the whole reply once `frame` is its last part; nil while the
    /// reply goes on. A reply above `maxReplyBytes` is a protocol violation (the server never sends one).
    mutating func add(_ frame: FrameCodec.Frame) throws(AnimKitError) -> Message? {
        guard case .inspectReply(let reply) = frame.message else { return frame.message }
        guard frame.continued || pending[reply.request] != nil else { return frame.message }
        var joined = pending.removeValue(forKey: reply.request) ?? []
        joined += reply.json.utf8
        guard joined.count <= ProtocolLimits.maxReplyBytes else {
            throw .protocolViolation(
                ProtocolError(
                    .limitExceeded, opcode: InspectReply.opcode, field: "InspectReply.json", value: "\(joined.count)",
                    detail: "the parts of reply \(reply.request) exceed maxReplyBytes (\(ProtocolLimits.maxReplyBytes))"
                ))
        }
        if frame.continued {
            pending[reply.request] = joined
            return nil
        }
        return .inspectReply(InspectReply(request: reply.request, json: String(decoding: joined, as: UTF8.self)))
    }
}
