import Logging

/// `--session`: how the DRM output gets its device nodes.
public enum SessionChoice: String, CaseIterable, Hashable, Sendable {
    /// libseat when it opens a seat (logind, seatd, or builtin as root), else a direct open.
    case auto
    /// libseat or a start error.
    case libseat
    /// open(2) by the process itself (root, or the video and render groups); VT switches are not noticed.
    case direct

    /// Opens the session chosen and logs which and why at notice level.
    public func open(logger: Logger) throws(SeatError) -> any SeatSession {
        let session: any SeatSession
        switch self {
        case .direct:
            session = DirectSession(reason: "--session direct")
        case .libseat:
            session = try LibseatSession(reason: "--session libseat", logger: logger)
        case .auto:
            do throws(SeatError) {
                session = try LibseatSession(reason: "--session auto: libseat opened a seat", logger: logger)
            } catch {
                session = DirectSession(reason: "--session auto: \(error); opening devices directly")
            }
        }
        let d = session.description
        logger.notice(
            "session chosen",
            metadata: [
                "session": "\(d.kind.rawValue)", "backend": "\(d.backend ?? "none")", "seat": "\(d.seat ?? "none")",
                "reason": "\(d.reason)",
            ])
        return session
    }
}
