import AnimDisplay
import AnimProtocol
import Logging

/// The server's control plane: the clock commands, inspection, the outputs and screenshots, and who may use
/// them. `ServerCore` keeps the sessions, commits and frames and routes these messages here; the service reads
/// the sessions and scenes of the core it serves, and tells it when a frame is due.
///
/// Used only on the server's loop thread; not Sendable.
final class ControlService {
    /// The core it serves, which owns it.
    unowned let core: ServerCore
    /// The clock that ClockControl steers.
    let clock: ServerClock
    /// The user the server runs as: it and root may steer the clock, inspect, take screenshots and change
    /// outputs.
    let serverUID: UInt32
    let logger: Logger
    /// Sends what is answered later from another thread (screenshots and output changes, from the render thread):
    /// the glue hops to its loop and sends them. Without it such answers are dropped (and their descriptors
    /// closed).
    var deliverLater: (@Sendable ([Delivery]) -> Void)?
    /// Screenshots waiting for the next frame.
    var pendingScreenshots: [PendingScreenshot] = []

    init(core: ServerCore, clock: ServerClock, serverUID: UInt32, logger: Logger) {
        self.core = core
        self.clock = clock
        self.serverUID = serverUID
        self.logger = logger
    }

    /// Answers a ClockControl, InspectRequest, OutputControl or ScreenshotRequest from `session` (nothing for
    /// any other message).
    func handle(_ message: Message, from session: Session) -> [Message] {
        switch message {
        case .clockControl(let control): return clockControl(control, from: session)
        case .inspectRequest(let request): return inspect(request, from: session)
        case .outputControl(let control): return outputControl(control, from: session)
        case .screenshotRequest(let request): return screenshot(request, from: session)
        default: return []
        }
    }

    // MARK: Privileges

    /// Whether the session's user may use the control service: the server's own user or root.
    func isPrivileged(_ session: Session) -> Bool {
        guard let credentials = session.credentials else { return false }
        return credentials.uid == 0 || credentials.uid == serverUID
    }

    func permissionDenied(_ session: Session, opcode: UInt16, request: UInt32, what: String) -> Message {
        let uid = session.credentials.map { "\($0.uid)" } ?? "unknown"
        return errorReport(
            ProtocolError(
                .permissionDenied, opcode: opcode, field: "uid", value: uid,
                detail: "\(what) is for the server's user (uid \(serverUID)) or root; this client runs as uid \(uid)"),
            request: UInt64(request))
    }

    // MARK: What it reads of the core

    /// The output the core draws into; nil without one.
    var output: (any Output)? { core.output }
    var sessions: [SessionID: Session] { core.sessions }
    var statistics: ServerStatistics { core.statistics }
    var memoryReturn: MemoryReturn { core.memoryReturn }
    /// The frames rendered so far (the number a screenshot of the current time is taken after).
    var frames: UInt64 { core.frames }

    func sceneClient(_ session: Session, at time: Double) -> RenderSnapshot.Client {
        core.sceneClient(session, at: time)
    }

    /// The next frame is due at once (the clock jumped, an output changed, a screenshot waits for it).
    func markChanged() {
        core.markChanged()
    }

    func errorReport(_ error: ProtocolError, request: UInt64) -> Message {
        core.errorReport(error, request: request)
    }
}
