/// How the server's one loop thread shares its time between clients, so that one client sending large commits
/// flat out cannot starve the frames or the other clients (docs/architecture.md, "Fair reading").
///
/// Before each record the loop would read from a client, `decide` says whether to read it now, to end the
/// client's turn (the others ready get theirs first, then it is read again) or to pause the client until a
/// given time. Three limits, all in loop time measured per record (`charge`):
/// - a turn: after `turnSlice` seconds of records the client yields, so another client's Sync waits for at most
///   one turn of each client, not for a backlog;
/// - a frame: a client that used `frameShare` seconds since the last frame is paused until the next one;
/// - the frame's deadline: a record expected (from the client's last record) to run past the next frame's
///   start is not begun; the client resumes after the frame, and is then read at least once.
///
/// Each slice of a large commit (`SlicedCommit`) is decided and charged as a record of its own, read on a turn
/// of its own.
///
/// Times are `MonotonicClock` seconds, passed in, so tests drive it with a fake clock.
struct ClientTurns {
    enum Decision: Equatable {
        case read
        /// End this client's turn; it is read again after the others'.
        case yield
        /// Read nothing from this client until `until` (or the next frame, if that comes first).
        case pause(until: Double)
    }

    struct Usage {
        /// What the client's last record cost: the estimate of its next one.
        var lastCost = 0.0
        var turnSpent = 0.0
        var frameSpent = 0.0
        /// Its next record waited for a frame's deadline once: it is read after that frame even if it cannot end
        /// before the next one, or a client whose records cost more than the time between frames would never be
        /// read.
        var deferred = false
    }

    let frameInterval: Double
    let turnSlice: Double
    let frameShare: Double
    private(set) var usage: [SessionID: Usage] = [:]
    private var windowStart: Double

    /// `turnSlice` defaults to half a millisecond: other clients' small records wait behind at most that much of
    /// a flooder's records (plus the one record it is in). `frameShare` defaults to half the frame interval, so
    /// the frame and the other clients keep the rest.
    init(frameInterval: Double, turnSlice: Double = 0.000_5, frameShare: Double? = nil, now: Double) {
        self.frameInterval = frameInterval
        self.turnSlice = turnSlice
        self.frameShare = frameShare ?? frameInterval / 2
        windowStart = now
    }

    /// Whether to read `client`'s next record at `now`, having read `readThisTurn` in this turn. `frameDeadline`
    /// is when the next frame is composed, nil when none is timed (the frame runs at once, or none is due).
    mutating func decide(
        _ client: SessionID, readThisTurn: Int, now: Double, frameDeadline: Double?
    ) -> Decision {
        // Without frames (a manual or paused clock, nothing animating) the budget still renews every interval.
        if now - windowStart >= frameInterval { frameRan(at: now) }
        var used = usage[client] ?? Usage()
        if readThisTurn == 0 { used.turnSpent = 0 }
        usage[client] = used
        if let frameDeadline, now + used.lastCost > frameDeadline, !used.deferred || used.frameSpent > 0 {
            usage[client]?.deferred = true
            return .pause(until: frameDeadline)
        }
        if used.frameSpent >= frameShare { return .pause(until: windowStart + frameInterval) }
        if readThisTurn > 0, used.turnSpent + used.lastCost > turnSlice { return .yield }
        return .read
    }

    /// `client`'s record took `cost` seconds of loop time.
    mutating func charge(_ client: SessionID, cost: Double) {
        guard var used = usage[client] else { return }
        used.lastCost = cost
        used.deferred = false
        used.turnSpent += cost
        used.frameSpent += cost
        usage[client] = used
    }

    /// A frame ran: every client's frame budget starts over.
    mutating func frameRan(at now: Double) {
        windowStart = now
        for client in usage.keys { usage[client]?.frameSpent = 0 }
    }

    mutating func forget(_ client: SessionID) {
        usage[client] = nil
    }
}
