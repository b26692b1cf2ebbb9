import Foundation
import CUdev
import Glibc
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
    /// Connector hotplug events of the card; nil: hotplug is not watched.
    private let udev: UdevMonitor?
    /// Both descriptors (the card's and udev's) as one the loop watches; -1 without udev.
    private let epoll: Int32
    private let hotplug = Mutex<(@Sendable () -> Void)?>(nil)

    /// With `udev`, the loop watches it too and `setHotplug`'s handler runs when the card's connectors may have
    /// changed.
    init(
        device: any DRMDevice, configuration: FrameSchedulerConfiguration, udev: UdevMonitor? = nil, logger: Logger
    ) {
        self.device = device
        self.logger = logger
        state = Mutex(State(scheduler: FrameScheduler(configuration: configuration)))
        var epoll: Int32 = -1
        if let udev {
            epoll = epoll_create1(Int32(O_CLOEXEC))  // EPOLL_CLOEXEC is O_CLOEXEC
            for fd in [device.fd, udev.fd] where epoll >= 0 {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.fd = fd
                if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0 {
                    logger.warning("hotplug not watched", metadata: ["call": "epoll_ctl", "errno": "\(errno)"])
                    close(epoll)
                    epoll = -1
                }
            }
        }
        self.epoll = epoll
        self.udev = epoll >= 0 ? udev : nil
    }

    public convenience init(device: any DRMDevice, configuration: FrameSchedulerConfiguration, logger: Logger) {
        self.init(device: device, configuration: configuration, udev: nil, logger: logger)
    }

    deinit {
        if epoll >= 0 { close(epoll) }
    }

    public var eventDescriptor: Int32 { epoll >= 0 ? epoll : device.fd }

    /// Runs on the loop thread when udev reports a change of the card (a connector plugged or unplugged).
    func setHotplug(_ handler: @escaping @Sendable () -> Void) {
        hotplug.withLock { $0 = handler }
    }

    public func handleEvents() -> Bool {
        if let udev, UdevMonitor.concerns(udev.receive(), card: device.path) {
            logger.notice("connectors changed", metadata: ["device": "\(device.path)"])
            hotplug.withLock { $0 }?()
        }
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

    /// Asks the loop to plan a frame (the display was lit again after a hotplug).
    func wakeLoop() {
        state.withLock { $0.wake }?()
    }

    public var statistics: PacingStatistics { state.withLock { $0.scheduler.statistics } }
}
