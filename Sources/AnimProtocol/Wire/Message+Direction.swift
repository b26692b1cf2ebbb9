extension Message {
    /// Throws `.wrongDirection` unless clients send this message. The frame codec decodes both directions (the
    /// SDK and the server share it), so the server calls this on every frame it receives.
    public func requireSentByClient() throws(ProtocolError) {
        guard sender == .client else {
            throw ProtocolError(
                .wrongDirection, opcode: opcode, field: name, value: String(opcode),
                detail: "\(name) (opcode \(opcode)) is sent only by the server")
        }
    }

    /// Throws `.wrongDirection` unless the server sends this message: the SDK's check on what it receives.
    public func requireSentByServer() throws(ProtocolError) {
        guard sender == .server else {
            throw ProtocolError(
                .wrongDirection, opcode: opcode, field: name, value: String(opcode),
                detail: "\(name) (opcode \(opcode)) is sent only by clients")
        }
    }
}
