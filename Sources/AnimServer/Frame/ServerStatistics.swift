import AnimDisplay

/// A snapshot of the server's counters (for `animctl status` and the watchdog's status line).
public struct ServerStatistics: Hashable, Sendable {
    /// Seconds since the core was created (real time, not media time).
    public var uptime: Double
    public var sessions: Int
    public var layers: Int
    public var animations: Int
    public var images: Int
    public var imageBytes: Int
    /// Frames rendered since start.
    public var frames: UInt64
    /// How long evaluating a frame took, over the recent frames.
    public var frameTime: FrameTimeSummary
}
