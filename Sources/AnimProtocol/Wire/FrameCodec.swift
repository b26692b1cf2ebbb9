/// Frames: `[length u32][opcode u16][flags u16][payload]`, little-endian, one per SOCK_SEQPACKET record.
public enum FrameCodec {
    public static let headerSize = WireLayout.FrameHeader.size
    /// Flags bit 0 (protocol version 3): the InspectReply's json goes on in the next InspectReply of the same
    /// request. The only flag there is; see protocol/README.md, "Large replies".
    public static let continuedFlag: UInt16 = 1

    /// A frame's message and whether it is continued (`continuedFlag`).
    public struct Frame: Sendable {
        public var message: Message
        public var continued: Bool
    }

    /// The opcode in `record`'s header, read without decoding the rest (to name a record that is refused before
    /// it is decoded); nil when the record is shorter than a header.
    public static func opcode(of record: UnsafeRawBufferPointer) -> UInt16? {
        guard record.count >= headerSize else { return nil }
        var header = WireReader(record, offset: WireLayout.FrameHeader.opcode)
        return try? header.u16()
    }

    /// The whole frame, header included. The message's file descriptors (`message.fds`) travel beside it.
    public static func encode(_ message: Message) -> [UInt8] {
        encode(message, continued: false)
    }

    /// `encode`, with `continuedFlag` set when `continued` (only an InspectReply may carry it).
    public static func encode(_ message: Message, continued: Bool) -> [UInt8] {
        var w = WireWriter(capacity: 64)
        w.u32(0)
        w.u16(message.opcode)
        w.u16(continued ? continuedFlag : 0)
        message.encodePayload(to: &w)
        w.patchU32(UInt32(truncatingIfNeeded: w.bytes.count), at: 0)
        return w.bytes
    }

    /// Decodes one record. `fds` are the descriptors that arrived with it (the caller owns and closes them);
    /// their count must be the message's. Every flag is refused: a continued frame is decoded by
    /// `decodeFrame`, by a client that speaks version 3.
    public static func decode(
        _ frame: UnsafeRawBufferPointer, fds: [Int32] = [], maxMessageBytes: Int = ProtocolLimits.maxMessageBytes
    ) throws(ProtocolError) -> Message {
        try decodeFrame(frame, fds: fds, maxMessageBytes: maxMessageBytes, allowingContinued: false).message
    }

    /// Decodes one record like `decode`, and lets an InspectReply carry `continuedFlag` when
    /// `allowingContinued` (a client of protocol version 3 reading the server's frames).
    public static func decodeFrame(
        _ frame: UnsafeRawBufferPointer, fds: [Int32] = [], maxMessageBytes: Int = ProtocolLimits.maxMessageBytes,
        allowingContinued: Bool
    ) throws(ProtocolError) -> Frame {
        guard frame.count >= headerSize else {
            throw ProtocolError(
                .malformedFrame, detail: "record of \(frame.count) bytes is shorter than the 8-byte header")
        }
        var header = WireReader(frame)
        let length = Int(try header.u32())
        let opcode = try header.u16()
        let flags = try header.u16()
        guard frame.count <= maxMessageBytes else {
            throw ProtocolError(
                .limitExceeded, opcode: opcode,
                detail: "frame of \(frame.count) bytes exceeds the limit of \(maxMessageBytes)")
        }
        guard length == frame.count else {
            throw ProtocolError(
                .malformedFrame, opcode: opcode,
                detail: "length field says \(length) bytes but the record has \(frame.count)")
        }
        let continued = allowingContinued && opcode == InspectReply.opcode && flags == continuedFlag
        guard flags == 0 || continued else {
            throw ProtocolError(
                .malformedFrame, opcode: opcode, field: "flags", value: "\(flags)",
                detail: opcode == InspectReply.opcode && allowingContinued
                    ? "flags are \(flags); only bit 0 (continued) is defined"
                    : "flags are \(flags), must be 0 (only an InspectReply of version 3 may set bit 0, continued)")
        }
        guard let name = Message.name(ofOpcode: opcode) else {
            throw ProtocolError(.unknownOpcode, opcode: opcode, detail: "no message has opcode \(opcode)")
        }
        let expectedFDs = Message.fdCount(ofOpcode: opcode)
        guard fds.count == expectedFDs else {
            throw ProtocolError(
                .fileDescriptorMismatch, opcode: opcode, field: name,
                detail: "\(name) carries \(expectedFDs) file descriptors but the record had \(fds.count)")
        }
        var reader = WireReader(frame, offset: headerSize)
        let message: Message
        do {
            message = try Message.decodePayload(opcode: opcode, from: &reader, fds: fds)
        } catch {
            var located = error.at(name)
            located.opcode = opcode
            throw located
        }
        guard reader.remaining == 0 else {
            throw ProtocolError(
                .trailingBytes, opcode: opcode, field: name,
                detail: "\(reader.remaining) bytes follow the last field of \(name)")
        }
        return Frame(message: message, continued: continued)
    }

    public static func decode(
        _ frame: [UInt8], fds: [Int32] = [], maxMessageBytes: Int = ProtocolLimits.maxMessageBytes
    ) throws(ProtocolError) -> Message {
        // withUnsafeBytes rethrows untyped errors, so the typed error travels out inside a Result.
        let result = frame.withUnsafeBytes { buffer in
            Result { () throws(ProtocolError) -> Message in
                try decode(buffer, fds: fds, maxMessageBytes: maxMessageBytes)
            }
        }
        return try result.get()
    }

    /// `decodeFrame` for a record held in an array.
    public static func decodeFrame(
        _ frame: [UInt8], fds: [Int32] = [], maxMessageBytes: Int = ProtocolLimits.maxMessageBytes,
        allowingContinued: Bool
    ) throws(ProtocolError) -> Frame {
        let result = frame.withUnsafeBytes { buffer in
            Result { () throws(ProtocolError) -> Frame in
                try decodeFrame(
                    buffer, fds: fds, maxMessageBytes: maxMessageBytes, allowingContinued: allowingContinued)
            }
        }
        return try result.get()
    }
}
