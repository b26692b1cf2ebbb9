import Synchronization

/// The vblanks of a display that does not exist (the headless output): vblank `n` is at `start + n · interval`
/// on CLOCK_MONOTONIC, and a frame is composed at its vblank and evaluated for that vblank's time, however late
/// the loop's timer wakes for it. It paces the server's frames through the same `FramePacer` path as a display's
/// flips do (`DRMFramePacer`), so the loop has one way to schedule a frame.
///
/// Nothing is scanned out, so there is no flip to wait for: a frame is over when it begins, and the next one may
/// be planned at once, for a later vblank.
public final class VirtualVblankPacer: FramePacer, @unchecked Sendable {
    private struct State {
        /// The vblank the last frame was composed for.
        var lastVblank: Int64?
        /// The vblank planned.
        var planned: Int64?
    }

    /// The refresh interval in seconds.
    public let interval: Double
    /// Where vblank 0 is, in CLOCK_MONOTONIC seconds.
    public let start: Double
    private let state = Mutex(State())

    /// A display refreshing every `interval` seconds (> 0), its vblank 0 at `start`.
    public init(interval: Double, start: Double = 0) {
        precondition(interval.isFinite && interval > 0, "a vblank interval is finite and above 0")
        self.interval = interval
        self.start = start
    }

    /// A display refreshing `hertz` times a second; 60 when that is not a refresh rate (1…1000 Hz).
    public convenience init(refreshRate hertz: Double) {
        let interval = FrameSchedulerConfiguration(refreshRate: hertz)?.refreshInterval ?? 1.0 / 60
        self.init(interval: interval)
    }

    /// The time of vblank `n`.
    public func time(ofVblank n: Int64) -> Double {
        start + Double(n) * interval
    }

    /// The vblank a frame wanted at `wanted` is drawn for, never `after` (the last frame's) or an earlier one. A
    /// frame runs a little after its vblank, so the next one is wanted a little after the following vblank:
    /// anything up to half an interval past a vblank belongs to it (rounding up would skip every other one).
    /// Vblanks are compared by number, not time: `last + interval` and `n · interval` can differ in the last bit
    /// for the same vblank, which drew it twice.
    public func vblank(wanted: Double, after last: Int64?) -> Int64 {
        Self.vblank(wanted: wanted - start, interval: interval, after: last)
    }

    /// `vblank(wanted:after:)` for vblank 0 at time 0.
    public static func vblank(wanted: Double, interval: Double, after last: Int64?) -> Int64 {
        let n = Int64(((wanted - interval / 2) / interval).rounded(.up))
        guard let last, n <= last else { return n }
        return last + 1
    }

    /// None: a virtual display has no flips to report.
    public var eventDescriptor: Int32 { -1 }

    public func handleEvents() -> Bool { false }

    /// Composes at the vblank `wanted` belongs to (at once when it has passed), evaluated at that vblank's time.
    public func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision {
        state.withLock { s in
            guard let wanted else {
                s.planned = nil
                return .idle
            }
            let n = vblank(wanted: wanted, after: s.lastVblank)
            s.planned = n
            let vblank = time(ofVblank: n)
            return .compose(start: vblank, presentation: vblank)
        }
    }

    /// The timer fired at `now`, maybe late: the frame is still the planned vblank's, evaluated at its time.
    public func beginFrame(now: Double) -> Double {
        state.withLock { s in
            let n = s.planned ?? vblank(wanted: now, after: s.lastVblank)
            s.planned = nil
            s.lastVblank = n
            return time(ofVblank: n)
        }
    }

    public func commitArrived(at time: Double) {}

    /// Never called back: every frame ends when it begins.
    public func setWake(_ wake: @escaping @Sendable () -> Void) {}

    /// A clock that does not move by itself (manual, paused) has nothing to pace by a virtual display: its due
    /// frames run at once, at the clock's steps.
    public var pacesStillClock: Bool { false }
}
