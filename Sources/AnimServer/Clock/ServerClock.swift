import AnimProtocol
import AnimTransport

/// The server's media time, the clock every animation runs on (CACurrentMediaTime on the server).
///
/// Media time follows a source of real time: CLOCK_MONOTONIC seconds in `.monotonic` mode, or a value that
/// only `set` and `advance` move in `.manual` mode (tests, `animserverd --clock manual`). It advances `rate`
/// times as fast as its source, stands still while paused, and is continuous across pause, resume and rate
/// changes: each of them re-anchors media time at its current value.
///
/// Used only on the server's loop thread.
public final class ServerClock {
    public enum Mode: String, Hashable, Sendable {
        case monotonic, manual
    }

    public let mode: Mode
    public private(set) var isPaused = false
    /// How many seconds of media time pass per second of source time; finite and > 0.
    public private(set) var rate: Double = 1

    private let monotonicSource: () -> Double
    /// The manual source's current value (unused in monotonic mode).
    private var manualSource: Double
    /// Media time at `sourceAnchor`; media time moves from here at `rate` unless paused.
    private var mediaAnchor: Double
    private var sourceAnchor: Double

    /// A monotonic clock whose media time starts at the monotonic time itself (so it equals the clients'
    /// CACurrentMediaTime until someone pauses, sets or scales it).
    public static func monotonic() -> ServerClock {
        ServerClock(mode: .monotonic, start: nil, source: MonotonicClock.now)
    }

    /// A manual clock standing at `start` until it is set or advanced.
    public static func manual(start: Double = 0) -> ServerClock {
        ServerClock(mode: .manual, start: start, source: { 0 })
    }

    /// `source` is read in monotonic mode only; there a nil `start` is the source's own time, read once, so that
    /// media time is the source's time exactly (a vblank's time maps to itself).
    init(mode: Mode, start: Double?, source: @escaping () -> Double) {
        self.mode = mode
        self.monotonicSource = source
        self.manualSource = 0
        self.sourceAnchor = mode == .monotonic ? source() : 0
        self.mediaAnchor = start ?? sourceAnchor
    }

    private var source: Double { mode == .monotonic ? monotonicSource() : manualSource }

    /// The media time now.
    public func now() -> Double {
        isPaused ? mediaAnchor : mediaAnchor + (source - sourceAnchor) * rate
    }

    /// Freezes media time (a second pause does nothing).
    public func pause() {
        guard !isPaused else { return }
        reanchor()
        isPaused = true
    }

    /// Lets media time run again from where it stood.
    public func resume() {
        guard isPaused else { return }
        sourceAnchor = source
        isPaused = false
    }

    /// Changes the time scale from now on.
    public func setRate(_ newRate: Double) throws(ClockError) {
        guard newRate.isFinite, newRate > 0 else {
            throw ClockError(field: "rate", value: newRate, reason: "the rate must be a finite number above 0")
        }
        reanchor()
        rate = newRate
    }

    /// Puts media time at `t` (manual mode only).
    public func set(_ t: Double) throws(ClockError) {
        try requireManual(field: "set", value: t)
        guard t.isFinite else { throw ClockError(field: "set", value: t, reason: "the time must be finite") }
        mediaAnchor = t
        sourceAnchor = manualSource
    }

    /// Moves the manual source forward by `dt` seconds; media time follows at `rate` unless paused.
    public func advance(_ dt: Double) throws(ClockError) {
        try requireManual(field: "advance", value: dt)
        guard dt.isFinite, dt >= 0 else {
            throw ClockError(field: "advance", value: dt, reason: "the step must be finite and not negative")
        }
        manualSource += dt
        if isPaused { sourceAnchor = manualSource }
    }

    /// The CLOCK_MONOTONIC time at which media time reaches `mediaTime`, for the loop's timer; nil when
    /// only a control message can get there (manual mode, paused).
    public func monotonicTime(forMediaTime mediaTime: Double) -> Double? {
        guard mode == .monotonic, !isPaused else { return nil }
        return sourceAnchor + (mediaTime - mediaAnchor) / rate
    }

    /// The media time at CLOCK_MONOTONIC time `monotonic` (a vblank's), at the current rate; nil when media time
    /// does not follow CLOCK_MONOTONIC (manual mode, paused).
    public func mediaTime(atMonotonic monotonic: Double) -> Double? {
        guard mode == .monotonic, !isPaused else { return nil }
        return mediaAnchor + (monotonic - sourceAnchor) * rate
    }

    public var wireMode: WireClockMode { mode == .monotonic ? .monotonic : .manual }

    private func reanchor() {
        let current = now()
        sourceAnchor = source
        mediaAnchor = current
    }

    private func requireManual(field: String, value: Double) throws(ClockError) {
        guard mode == .manual else {
            throw ClockError(
                field: field, value: value,
                reason: "the server clock is monotonic; \(field) needs a server started with --clock manual")
        }
    }
}

/// A clock operation that was refused, naming the operation and the value.
public struct ClockError: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var value: Double
    public var reason: String

    public var description: String { "clock \(field) \(value): \(reason)" }
}
