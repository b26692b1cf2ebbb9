import AnimProtocol

/// The input messages of a ready session (protocol/README.md, "Input").
extension ServerCore {
    func input(_ message: Message, from session: Session) -> [Delivery] {
        []
    }
}
