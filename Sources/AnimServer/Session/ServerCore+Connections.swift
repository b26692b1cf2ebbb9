import AnimProtocol

/// What the server says about a connection itself rather than a message: one it will not serve, one that never
/// said Hello, and a message whose descriptors the process could not take.
extension ServerCore {
    /// Connections from `session`'s user, counted by the glue, went over a limit: the client hears
    /// `tooManyConnections` (instead of Welcome) and the glue closes the connection.
    public func refuseConnection(
        _ id: SessionID, field: String, limit: UInt32
    ) -> [Delivery] {
        let what = field == "maxConnections" ? "connections" : "connections from this client's user"
        return reject(
            ProtocolError(
                .tooManyConnections, field: field, value: "\(limit)",
                detail: "the server already serves \(limit) \(what) (\(field)); try again when one has closed"),
            from: id)
    }

    /// `helloTimeout` seconds have passed since `id` connected: a session that has not said Hello is closed with
    /// `notNegotiated`; one that has is left alone.
    public func helloTimedOut(_ id: SessionID) -> [Delivery] {
        guard let session = sessions[id], session.phase == .awaitingHello else { return [] }
        let seconds = configuration.helloTimeout
        return fatal(
            session,
            ProtocolError(
                .notNegotiated, field: "helloTimeout", value: "\(seconds)",
                detail: "no Hello within \(seconds) s of connecting (helloTimeout)"))
    }

    /// A record from `id` arrived whole but its descriptors could not be installed (the process is out of
    /// descriptors). The message is not applied; the client hears `tryAgain` naming it (an ImageUpload's image
    /// as the request) and keeps its connection. A record that does not decode is refused as any other.
    public func descriptorsUnavailable(record: [UInt8], from id: SessionID) -> [Delivery] {
        guard let session = sessions[id], session.phase != .closing else { return [] }
        let opcode = record.withUnsafeBytes { FrameCodec.opcode(of: $0) } ?? 0
        // Decoded with stand-ins for the descriptors it should have carried, only to name the message.
        let standIns = [Int32](repeating: -1, count: Message.fdCount(ofOpcode: opcode))
        let message: Message
        do {
            message = try FrameCodec.decode(record, fds: standIns, maxMessageBytes: Int(configuration.maxMessageBytes))
        } catch {
            return reject(error, from: id)
        }
        guard session.isReady else {
            return fatal(
                session,
                ProtocolError(
                    .notNegotiated, opcode: opcode, field: "opcode", value: message.name,
                    detail: "the first message must be Hello, not \(message.name)"))
        }
        let request: UInt64 =
            switch message {
            case .imageUpload(let upload): UInt64(upload.image)
            default: 0
            }
        return [
            Delivery(
                session: id,
                message: errorReport(
                    ProtocolError(
                        .tryAgain, opcode: opcode, field: "fds", value: "\(standIns.count)",
                        detail:
                            "the server is out of file descriptors and could not receive the \(standIns.count) "
                            + "\(message.name) carried; nothing was applied, send it again later"),
                    request: request))
        ]
    }
}
