/// Paces the server's frames by a display's vblanks (the DRM output's flips, the headless output's virtual
/// vblanks): the server's loop asks it when to compose and for which presentation time, and watches its
/// descriptor for flip completions.
public protocol FramePacer: AnyObject, Sendable {
    /// The descriptor the loop watches; `handleEvents()` runs on the loop thread when it is readable. -1: none
    /// (a virtual display has no flips to report).
    var eventDescriptor: Int32 { get }
    /// Reads what arrived; true when a flip completed (the loop plans its next frame).
    func handleEvents() -> Bool
    /// The next frame given the CLOCK_MONOTONIC time the server wants one at (nil: nothing changes by itself).
    func plan(wanted: Double?, now: Double) -> FrameScheduler.Decision
    /// The composition starts at `now`: the CLOCK_MONOTONIC vblank time the frame is evaluated for.
    func beginFrame(now: Double) -> Double
    /// A client commit arrived at `time` (for the commit-to-photon histogram).
    func commitArrived(at time: Double)
    /// Set by the server: called from any thread when a frame ended without a flip, so the loop plans again.
    func setWake(_ wake: @escaping @Sendable () -> Void)
    /// Whether the frames of a clock that does not move by itself (manual, paused) wait for this pacer's
    /// vblanks: a display's do (one flip at a time); a virtual display's run at once, at the clock's steps.
    var pacesStillClock: Bool { get }
}

extension FramePacer {
    public var pacesStillClock: Bool { true }
}
