import Logging
import Synchronization

/// The seat's events as a source of the server's loop: a disable stops the scan-out, then is acknowledged; an
/// enable has the display relit. Its descriptor is the session's (`SeatSession.eventDescriptor`); a session
/// without one (the process opened the device itself) has no source and never switches away.
final class SeatWatch: Sendable {
    private let seat: any SeatSession
    private let logger: Logger
    private let handlers = Mutex<[(paused: @Sendable () -> Void, resumed: @Sendable () -> Void)]>([])
    /// The seat's last event was a disable: set before the scan-out is paused, cleared before it is asked to
    /// resume (a resume that finds it set again does nothing).
    private let disabled = Mutex(false)

    init(seat: any SeatSession, logger: Logger) {
        self.seat = seat
        self.logger = logger
    }

    /// The session the device was opened through.
    var session: SeatSessionDescription { seat.description }

    var isDisabled: Bool { disabled.withLock { $0 } }

    /// Runs on the loop thread: `paused` when the seat is disabled (it must return once the scan-out makes no
    /// more ioctls; the disable is acknowledged after it), `resumed` when it is enabled again.
    func setHandlers(paused: @escaping @Sendable () -> Void, resumed: @escaping @Sendable () -> Void) {
        handlers.withLock { $0 = [(paused, resumed)] }
    }

    /// Another pair of handlers, run after those set before (the input devices close theirs on a disable too,
    /// before it is acknowledged).
    func addHandlers(paused: @escaping @Sendable () -> Void, resumed: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.append((paused, resumed)) }
    }

    /// The seat's events, in order; true when the loop must plan again.
    func handleEvents() -> Bool {
        let events: [SeatEvent]
        do throws(SeatError) {
            events = try seat.dispatch()
        } catch {
            logger.error("reading seat events failed", metadata: ["error": "\(error)"])
            return false
        }
        let handlers = handlers.withLock { $0 }
        for event in events {
            switch event {
            case .disabled:
                disabled.withLock { $0 = true }
                // The scan-out waits for its ioctls in progress, then pauses the pacer: no frame is planned, and a
                // flip in flight may never complete, so it is not waited for.
                for handler in handlers { handler.paused() }
                do throws(SeatError) {
                    try seat.acknowledgeDisable()
                } catch {
                    logger.error("seat disable not acknowledged", metadata: ["error": "\(error)"])
                }
                logger.notice("seat disabled (VT switched away): frames paused")
            case .enabled:
                // logind may say it twice (the session active again, the card resumed): one relight is enough.
                let wasDisabled = disabled.withLock { was in
                    defer { was = false }
                    return was
                }
                guard wasDisabled else { continue }
                logger.notice("seat enabled: relighting the display")
                for handler in handlers { handler.resumed() }
            }
        }
        return !events.isEmpty
    }

    /// Nil when the session has no events.
    var loopSource: LoopSource? {
        seat.eventDescriptor.map { fd in LoopSource(name: "seat", descriptor: fd) { [self] in handleEvents() } }
    }
}
