import AnimCore
import AnimDisplay
import AnimTransport
import CIPC
import Glibc
import Logging

/// The daemon's input devices: a device source (libinput) read on the server's loop, its events turned into
/// `RawInputEvent`s by an `InputDeviceTracker` and handed to `sink`; the cursor the output draws follows the
/// pointer. Closed when the seat is disabled (each device's sequences cancelled) and opened again when it comes
/// back.
///
/// Used on the server's loop thread only (its loop sources and the seat's handlers run there).
public final class InputDevices: @unchecked Sendable {
    /// What the router takes: every event, on the loop thread. Set it before the server starts.
    public var sink: (RawInputEvent) -> Void = { _ in }
    private let source: any DeviceEventSource
    private var tracker: InputDeviceTracker
    private let outputs: () -> [OutputDescription]
    private let cursor: CursorOverlay?
    private let mediaTime: (Double) -> Double
    private let logger: Logger
    /// Wakes the loop when `auto` is due to hide the cursor.
    private let idleTimer: Int32
    private var armedHide: Double?
    /// Events handed to the sink so far (the log's and the kiosk VM's count).
    public private(set) var delivered = 0

    /// `outputs` is read before each batch of events (outputs come, go and turn); `mediaTime` maps a
    /// CLOCK_MONOTONIC time to the server's media time (`Server.inputTime(atMonotonic:)`).
    public init(
        source: any DeviceEventSource, touchOutput: String?, cursorMode: CursorMode,
        absolutePointerAsTouch: Bool = false, cursor: CursorOverlay?,
        outputs: @escaping () -> [OutputDescription], mediaTime: @escaping (Double) -> Double, logger: Logger
    ) throws(InputDeviceError) {
        let timer = timerfd_create(CLOCK_MONOTONIC, IPC_TFD_CLOEXEC | IPC_TFD_NONBLOCK)
        guard timer >= 0 else { throw .timer(call: "timerfd_create", errno: errno) }
        self.source = source
        self.outputs = outputs
        self.cursor = cursor
        self.mediaTime = mediaTime
        self.logger = logger
        idleTimer = timer
        tracker = InputDeviceTracker(
            touchOutput: touchOutput, cursorMode: cursorMode, absolutePointerAsTouch: absolutePointerAsTouch,
            layout: SceneLayout(outputs: outputs()))
        if let touchOutput, !tracker.layout.outputs.contains(where: { $0.name == touchOutput }) {
            logger.warning(
                "touchOutput names no output lit now: touches map to the primary output until it is",
                metadata: [
                    "touchOutput": "\(touchOutput)",
                    "outputs": "\(tracker.layout.outputs.map(\.name).joined(separator: ","))",
                ])
        }
        // libinput queues the devices it found when the seat was assigned without making its descriptor
        // readable: they are read now, before the loop watches it.
        readEvents()
        updateCursor(now: MonotonicClock.now())
    }

    deinit { close(idleTimer) }

    /// The devices plugged in now, by number.
    public var connected: [(id: InputDeviceID, info: DeviceInfo)] { tracker.connected }

    /// The device source's descriptor and the cursor's idle timer, for the server's loop.
    public var loopSources: [LoopSource] {
        var sources = [LoopSource(name: "input-idle", descriptor: idleTimer) { [self] in idleTimerFired() }]
        if let fd = source.descriptor {
            sources.insert(LoopSource(name: "input", descriptor: fd) { [self] in readEvents() }, at: 0)
        }
        return sources
    }

    /// Reads what the devices sent and delivers it; true when the cursor changed (a frame is due).
    @discardableResult
    public func readEvents() -> Bool {
        let events = source.read()
        guard !events.isEmpty else { return false }
        tracker.layout = SceneLayout(outputs: outputs())
        for event in events {
            let raw = tracker.handle(event, mediaTime: mediaTime(event.time))
            switch event.kind {
            case .added(let info):
                if let id = tracker.number(of: event.device) { logDevice(id, info) }
            case .removed:
                if let gone = raw.first {
                    logger.notice("input device removed", metadata: ["device": "\(gone.device)"])
                }
            default:
                break
            }
            deliver(raw)
        }
        return updateCursor(now: MonotonicClock.now())
    }

    /// The seat is being disabled: every device's sequences end (`.deviceGone` for each) and libinput closes the
    /// devices before the disable is acknowledged.
    public func seatPaused() {
        let now = MonotonicClock.now()
        deliver(tracker.suspend(mediaTime: mediaTime(now)))
        source.suspend()
        logger.notice("input devices closed: seat disabled")
        updateCursor(now: now)
    }

    /// The seat is back: libinput opens the devices again, and they are read at once.
    public func seatResumed() {
        source.resume()
        logger.notice("input devices reopened: seat enabled")
        // As at the start, the devices libinput added again wait in its queue with its descriptor quiet.
        readEvents()
    }

    private func deliver(_ events: [RawInputEvent]) {
        for event in events {
            delivered += 1
            logger.debug(
                "input event",
                metadata: ["device": "\(event.device)", "kind": "\(event.kind)", "count": "\(delivered)"])
            sink(event)
        }
    }

    private func idleTimerFired() -> Bool {
        var expirations: UInt64 = 0
        _ = Glibc.read(idleTimer, &expirations, MemoryLayout<UInt64>.size)
        armedHide = nil
        return updateCursor(now: MonotonicClock.now())
    }

    /// Shows, moves or hides the cursor as the tracker says, and arms the timer for `auto`'s hiding; true when
    /// what the cursor draws changed.
    @discardableResult
    private func updateCursor(now: Double) -> Bool {
        let hide = tracker.cursorHideDeadline(now: now)
        if hide != armedHide {
            armedHide = hide
            var spec = itimerspec()
            if let hide {
                let nanoseconds = max(UInt64(hide * 1e9), 1)
                spec.it_value.tv_sec = Int(nanoseconds / 1_000_000_000)
                spec.it_value.tv_nsec = Int(nanoseconds % 1_000_000_000)
            }
            if timerfd_settime(idleTimer, IPC_TFD_TIMER_ABSTIME, &spec, nil) != 0 {
                logger.error("timerfd_settime failed for the cursor's idle timer", metadata: ["errno": "\(errno)"])
            }
        }
        guard let cursor else { return false }
        cursor.update(position: tracker.pointer, visible: tracker.cursorVisible(now: now))
        return cursor.needsFrame
    }

    private func logDevice(_ id: InputDeviceID, _ info: DeviceInfo) {
        logger.notice(
            "input device added",
            metadata: [
                "device": "\(id)", "name": "\(info.name)", "node": "\(info.sysname)",
                "capabilities": "\(info.capabilityList)",
                "calibration": "\(info.calibration)",
            ])
    }
}
