import AnimProtocol

/// Replies larger than a frame (protocol/README.md, "Large replies"): no reply may close a connection. A version 3
/// session gets a long InspectReply in parts, flagged `continued`; an older one, or a document past
/// `maxReplyBytes`, gets a non-fatal `limitExceeded` that names the reply instead.
extension ServerCore {
    /// Bytes an InspectReply frame adds to its json: the header, `request` and the text's byte count.
    static let inspectReplyOverhead = FrameCodec.headerSize + 4 + 4

    /// The largest frame an InspectReply part may fill: `replyPartBytes`, or the client's frame limit when lower.
    var replyPartFrameBytes: Int { min(ProtocolLimits.replyPartBytes, Int(configuration.maxMessageBytes)) }

    /// `messages`, answering `request` from `session`, as deliveries; an InspectReply that does not fit one frame
    /// is split (version 3) or refused.
    func deliveries(_ messages: [Message], answering request: Message, to session: Session) -> [Delivery] {
        var out: [Delivery] = []
        for message in messages {
            guard case .inspectReply(let reply) = message else {
                out.append(Delivery(session: session.id, message: message))
                continue
            }
            out += inspectReplyDeliveries(reply, answering: request.opcode, to: session)
        }
        return out
    }

    private func inspectReplyDeliveries(
        _ reply: InspectReply, answering opcode: UInt16, to session: Session
    ) -> [Delivery] {
        let bytes = reply.json.utf8.count
        let splits = (session.version ?? 0) >= 3
        let frameLimit = splits ? replyPartFrameBytes : Int(configuration.maxMessageBytes)
        if bytes + Self.inspectReplyOverhead <= frameLimit {
            return [Delivery(session: session.id, message: .inspectReply(reply))]
        }
        guard splits, bytes <= ProtocolLimits.maxReplyBytes else {
            let why =
                splits
                ? "more than maxReplyBytes (\(ProtocolLimits.maxReplyBytes))"
                : "more than the frame limit of \(frameLimit) bytes; protocol version 3 sends it in parts"
            logger.notice(
                "reply too large", metadata: ["session": "\(session.id.rawValue)", "bytes": "\(bytes)"])
            return [
                Delivery(
                    session: session.id,
                    message: tooLargeReport(opcode: opcode, request: reply.request, bytes: bytes, why: why))
            ]
        }
        let parts = Self.split(reply.json, maxPartBytes: frameLimit - Self.inspectReplyOverhead)
        return parts.enumerated().map { index, part in
            Delivery(
                session: session.id, message: .inspectReply(InspectReply(request: reply.request, json: part)),
                continued: index < parts.count - 1, largeReplyPart: true)
        }
    }

    /// The non-fatal `limitExceeded` sent in place of a reply of `bytes` bytes of json that cannot be sent.
    func tooLargeReport(opcode: UInt16, request: UInt32, bytes: Int, why: String) -> Message {
        errorReport(
            ProtocolError(
                .limitExceeded, opcode: opcode, field: "InspectReply.json", value: "\(bytes)",
                detail: "the reply's JSON document is \(bytes) bytes, \(why); the connection stays open"),
            request: UInt64(request))
    }

    /// `text` cut into pieces of at most `maxPartBytes` UTF-8 bytes, each ending on a character boundary, so that
    /// every piece is valid UTF-8 and joined they give `text` back.
    static func split(_ text: String, maxPartBytes: Int) -> [String] {
        let utf8 = Array(text.utf8)
        var parts: [String] = []
        var start = 0
        while start < utf8.count {
            var end = min(start + max(maxPartBytes, 1), utf8.count)
            // A continuation byte (10xxxxxx) belongs to the character before it: cut before its lead byte, or
            // after the character when it alone is longer than a piece.
            while end > start && end < utf8.count && utf8[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start {
                end += 1
                while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
            }
            parts.append(String(decoding: utf8[start..<end], as: UTF8.self))
            start = end
        }
        return parts
    }
}
