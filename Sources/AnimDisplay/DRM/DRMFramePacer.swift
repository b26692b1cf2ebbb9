import Logging
import Synchronization

/// The frame scheduler fed by a DRM device's page-flip events, shared by the server's loop thread (plans,
/// flip events) and the render thread (frames composed).
///
/// With several connectors lit, one frame clock: the flips of the primary's CRTC (`setPrimary`) drive the
/// scheduler; the others' only end their own pending flip. Each CRTC has at most one flip queued: the render
/// thread asks `isFlipPending` before queuing one on a secondary, and a secondary that skipped a frame for it
/// (`owe`) gets a redraw asked for when its flip completes.
///
/// The presenter queues flips on the render thread (`flipQueuing` first); the server's loop watches the card's
/// descriptor as one of its sources and hands each completion here (`handleEvents`), so the two threads meet
/// only under this object's lock and frames are paced as the flips complete, with no loop of the output's own.
public final class DRMFramePacer: FramePacer, @unchecked Sendable {
    private struct State {
        var scheduler: FrameScheduler
        var wake: (@Sendable () -> Void)?
        /// The CRTC whose flips drive the frame clock; nil: every flip does (nothing lit yet).
        var primary: UInt32?
        /// CRTCs with a flip queued and not completed.
        var pending: Set<UInt32> = []
        /// The scheduler's frame waits for the primary's flip.
        var primaryFlipPending = false
        /// CRTCs that skipped a frame while their flip was pending: their next completion asks for a redraw.
        var owing: Set<UInt32> = []
        /// The seat is paused (VT switched away): no frames are planned.
        var paused = false
        var redraw: (@Sendable () -> Void)?
    }

    private let device: any DRMDevice
    private let state: Mutex<State>
    private let logger: Logger

    public init(device: any DRMDevice, configuration: FrameSchedulerConfiguration, logger: Logger) {
        self.device = device
        self.logger = logger
        state = Mutex(State(scheduler: FrameScheduler(configuration: configuration)))
    }

    /// The card's descriptor: the server's loop watches it and hands its page-flip events to `handleEvents`.
    public var eventDescriptor: Int32 { device.fd }

    /// Reads the card's page-flip events (on the loop thread); true when a flip completed.
    public func handleEvents() -> Bool {
        let flips: [DRMFlipEvent]
        do throws(DRMError) {
            flips = try device.readFlips()
        } catch {
            logger.error("reading DRM events failed", metadata: ["error": "\(error)"])
            return false
        }
        guard !flips.isEmpty else { return false }
        let redraw = state.withLock { s in
            var caughtUp = false
            for event in flips {
                // Kernels before 4.12 name no CRTC (0): the flip is taken for the primary's.
                let crtc = event.crtc == 0 ? s.primary ?? 0 : event.crtc
                s.pending.remove(crtc)
                if s.owing.remove(crtc) != nil { caughtUp = true }
                guard s.primary == nil || s.primary == crtc else { continue }
                s.primaryFlipPending = false
                s.scheduler.flipCompleted(timestamp: event.timestamp, sequence: event.sequence)
            }
            return caughtUp ? s.redraw : nil
        }
        redraw?()
        return true
    }

    public func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision {
        state.withLock { s in s.paused ? .idle : s.scheduler.plan(wanted: wanted, now: now) }
    }

    public func beginFrame(now: Double) -> Double {
        state.withLock { $0.scheduler.beginFrame(now: now) }
    }

    public func commitArrived(at time: Double) {
        state.withLock { $0.scheduler.commitArrived(at: time) }
    }

    public func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// The render thread finished a frame: `flipped` when it queued a flip. A frame without one wakes the loop,
    /// which would otherwise wait for a flip that never comes.
    func frameComposed(now: Double, flipped: Bool) {
        let wake = state.withLock { s in
            s.scheduler.frameComposed(now: now, flipped: flipped)
            return flipped ? nil : s.wake
        }
        wake?()
    }

    /// The render thread is about to queue a flip on `crtc`: it is marked pending first (and, on the primary,
    /// the frame begun last as waiting for it), so a completion the loop reads before the queuing call returns
    /// is not dropped.
    func flipQueuing(now: Double, crtc: UInt32) {
        state.withLock { s in
            s.pending.insert(crtc)
            guard s.primary == nil || s.primary == crtc else { return }
            s.primaryFlipPending = true
            s.scheduler.frameComposed(now: now, flipped: true)
        }
    }

    /// The flip announced by `flipQueuing` could not be queued. On the primary the frame is over, and the loop
    /// (which waits for that flip) is woken to plan the next one.
    func flipFailed(crtc: UInt32) {
        let wake = state.withLock { s in
            s.pending.remove(crtc)
            guard s.primary == nil || s.primary == crtc else { return nil as (@Sendable () -> Void)? }
            s.primaryFlipPending = false
            s.scheduler.frameAbandoned()
            return s.wake
        }
        wake?()
    }

    /// Whether a flip queued on `crtc` has not completed yet.
    func isFlipPending(crtc: UInt32) -> Bool {
        state.withLock { $0.pending.contains(crtc) }
    }

    /// `crtc` skipped a frame for its pending flip: when that flip completes, a redraw is asked for so the
    /// damage it kept is shown even if the scene stands still.
    func owe(crtc: UInt32) {
        state.withLock { _ = $0.owing.insert(crtc) }
    }

    /// `crtc` went dark (unplugged): a flip of it still pending will not be waited for.
    func forget(crtc: UInt32) {
        state.withLock { s in
            s.pending.remove(crtc)
            s.owing.remove(crtc)
        }
    }

    /// The CRTC whose flips drive the frame clock (the first lit connector's) and its mode's refresh rate; nil
    /// while none is lit. When the primary changes while the frame waits for its flip, that frame is over (its
    /// flip may never complete: the connector went dark) and the loop is woken to plan the next one on the new
    /// primary. Another primary or another refresh rate resets the scheduler's vblank prediction to that mode.
    func setPrimary(_ crtc: UInt32?, refresh: Double? = nil) {
        let wake = state.withLock { s in
            let interval = refresh.flatMap(FrameSchedulerConfiguration.init(refreshRate:))?.refreshInterval
            if let crtc,
                s.primary != crtc || (interval.map { $0 != s.scheduler.configuration.refreshInterval } ?? false)
            {
                s.scheduler.followMode(refreshInterval: interval ?? s.scheduler.configuration.refreshInterval)
            }
            guard s.primary != crtc else { return nil as (@Sendable () -> Void)? }
            s.primary = crtc
            guard s.primaryFlipPending else { return nil }
            s.primaryFlipPending = false
            s.scheduler.frameAbandoned()
            return s.wake
        }
        wake?()
    }

    var primary: UInt32? { state.withLock { $0.primary } }

    /// Called (on the loop thread) when a secondary caught up after a skipped frame: asks the output for a frame.
    func setRedraw(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.redraw = handler }
    }

    /// Seat paused: no frame is planned and no flip is waited for (the device is not ours; its flips may never
    /// complete). Resumed: the loop is woken and a redraw asked for.
    func setPaused(_ paused: Bool) {
        let (wake, redraw) = state.withLock { s in
            s.paused = paused
            if paused {
                s.pending = []
                s.owing = []
                if s.primaryFlipPending { s.scheduler.frameAbandoned() }
                s.primaryFlipPending = false
                return (nil as (@Sendable () -> Void)?, nil as (@Sendable () -> Void)?)
            }
            return (s.wake, s.redraw)
        }
        redraw?()
        wake?()
    }

    /// Asks the loop to plan a frame (the display was lit again after a hotplug).
    func wakeLoop() {
        state.withLock { $0.wake }?()
    }

    public var statistics: PacingStatistics { state.withLock { $0.scheduler.statistics } }
}
