import Foundation
import Logging
import Synchronization

/// The frame scheduler fed by a DRM device's page-flip events, shared by the server's loop thread (plans,
/// flip events) and the render thread (frames composed).
public final class DRMFramePacer: FramePacer, @unchecked Sendable {
    private struct State {
        var scheduler: FrameScheduler
        var wake: (@Sendable () -> Void)?
    }

    private let device: any DRMDevice
    private let state: Mutex<State>
    private let logger: Logger

    public init(device: any DRMDevice, configuration: FrameSchedulerConfiguration, logger: Logger) {
        self.device = device
        self.logger = logger
        state = Mutex(State(scheduler: FrameScheduler(configuration: configuration)))
    }

    public var eventDescriptor: Int32 { device.fd }

    public func handleEvents() -> Bool {
        let flips: [DRMFlipEvent]
        do throws(DRMError) {
            flips = try device.readFlips()
        } catch {
            logger.error("reading DRM events failed", metadata: ["error": "\(error)"])
            return false
        }
        guard !flips.isEmpty else { return false }
        state.withLock { s in
            for flip in flips { s.scheduler.flipCompleted(timestamp: flip.timestamp, sequence: flip.sequence) }
        }
        return true
    }

    public func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision {
        state.withLock { $0.scheduler.plan(wanted: wanted, now: now) }
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

    /// The render thread is about to queue the flip of the frame begun last: the frame is marked as waiting
    /// for its flip first, so a completion the loop reads before the queuing call returns is not dropped.
    func flipQueuing(now: Double) {
        state.withLock { $0.scheduler.frameComposed(now: now, flipped: true) }
    }

    /// The flip announced by `flipQueuing` could not be queued: the frame is over, and the loop (which waits
    /// for that flip) is woken to plan the next one.
    func flipFailed() {
        let wake = state.withLock { s in
            s.scheduler.frameAbandoned()
            return s.wake
        }
        wake?()
    }

    public var statistics: PacingStatistics { state.withLock { $0.scheduler.statistics } }
}
