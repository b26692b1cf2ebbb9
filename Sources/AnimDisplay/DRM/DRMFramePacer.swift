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
        /// The seat is disabled (VT switched away): no frame is planned; the animations keep their clock.
        var seatPaused = false
    }

    private let device: any DRMDevice
    private let state: Mutex<State>
    private let logger: Logger
    /// Connector hotplug events of the card; nil: hotplug is not watched.
    private let udev: UdevMonitor?
    /// The session the device was opened through; its events (VT switches) are dispatched on the loop thread.
    private let seat: (any SeatSession)?
    /// The descriptors (the card's, udev's, the seat's) as one the loop watches; -1 with the card's alone.
    private let epoll: Int32
    private let hotplug = Mutex<(@Sendable () -> Void)?>(nil)
    private let seatHandlers = Mutex<(paused: @Sendable () -> Void, resumed: @Sendable () -> Void)?>(nil)

    /// With `udev`, the loop watches it too and `setHotplug`'s handler runs when the card's connectors may have
    /// changed; with a `seat` that has events, `setSeatHandlers`' handlers run when it is disabled and enabled.
    init(
        device: any DRMDevice, configuration: FrameSchedulerConfiguration, udev: UdevMonitor? = nil,
        seat: (any SeatSession)? = nil, logger: Logger
    ) {
        self.device = device
        self.logger = logger
        state = Mutex(State(scheduler: FrameScheduler(configuration: configuration)))
        let watched = [device.fd] + [udev?.fd, seat?.eventDescriptor].compactMap { $0 }
        var epoll: Int32 = -1
        if watched.count > 1 {
            epoll = epoll_create1(Int32(O_CLOEXEC))  // EPOLL_CLOEXEC is O_CLOEXEC
            for fd in watched where epoll >= 0 {
                var event = epoll_event()
                event.events = EPOLLIN.rawValue
                event.data.fd = fd
                if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0 {
                    logger.warning(
                        "hotplug and VT switches not watched", metadata: ["call": "epoll_ctl", "errno": "\(errno)"])
                    close(epoll)
                    epoll = -1
                }
            }
        }
        self.epoll = epoll
        self.udev = epoll >= 0 ? udev : nil
        self.seat = epoll >= 0 ? seat : nil
        session = seat?.description
    }

    /// The session the device was opened through (nil: opened without one, in tests).
    public let session: SeatSessionDescription?

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

    /// Runs on the loop thread: `paused` when the seat is disabled (it must return once the scan-out makes no
    /// more ioctls; the disable is acknowledged after it), `resumed` when it is enabled again.
    func setSeatHandlers(paused: @escaping @Sendable () -> Void, resumed: @escaping @Sendable () -> Void) {
        seatHandlers.withLock { $0 = (paused, resumed) }
    }

    public func handleEvents() -> Bool {
        let seatChanged = handleSeatEvents()
        if let udev, UdevMonitor.concerns(udev.receive(), card: device.path) {
            logger.notice("connectors changed", metadata: ["device": "\(device.path)"])
            hotplug.withLock { $0 }?()
        }
        let flips: [DRMFlipEvent]
        do throws(DRMError) {
            flips = try device.readFlips()
        } catch {
            logger.error("reading DRM events failed", metadata: ["error": "\(error)"])
            return seatChanged
        }
        guard !flips.isEmpty else { return seatChanged }
        state.withLock { s in
            for flip in flips { s.scheduler.flipCompleted(timestamp: flip.timestamp, sequence: flip.sequence) }
        }
        return true
    }

    public func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision {
        state.withLock { $0.seatPaused ? .idle : $0.scheduler.plan(wanted: wanted, now: now) }
    }

    /// The seat is disabled: set before the scan-out is paused, cleared before it is asked to resume.
    var isSeatPaused: Bool { state.withLock { $0.seatPaused } }

    /// The seat's events, in order: a disable stops the scan-out, then is acknowledged; an enable has the
    /// display relit. True when the loop must plan again.
    private func handleSeatEvents() -> Bool {
        guard let seat else { return false }
        let events: [SeatEvent]
        do throws(SeatError) {
            events = try seat.dispatch()
        } catch {
            logger.error("reading seat events failed", metadata: ["error": "\(error)"])
            return false
        }
        let handlers = seatHandlers.withLock { $0 }
        for event in events {
            switch event {
            case .disabled:
                // The frame in flight may never see its flip: it is over.
                state.withLock { s in
                    s.seatPaused = true
                    s.scheduler.frameAbandoned()
                }
                handlers?.paused()
                do throws(SeatError) {
                    try seat.acknowledgeDisable()
                } catch {
                    logger.error("seat disable not acknowledged", metadata: ["error": "\(error)"])
                }
                logger.notice("seat disabled (VT switched away): frames paused", metadata: ["device": "\(device.path)"])
            case .enabled:
                // logind may say it twice (the session active again, the card resumed): one relight is enough.
                let wasPaused = state.withLock { s in
                    let was = s.seatPaused
                    s.seatPaused = false
                    return was
                }
                guard wasPaused else { continue }
                logger.notice("seat enabled: relighting the display", metadata: ["device": "\(device.path)"])
                handlers?.resumed()
            }
        }
        return !events.isEmpty
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
