import AnimRender

/// What the output has done since it started, for `animctl status`.
public struct OutputStatistics: Hashable, Sendable {
    public var size: PixelSize
    public var refresh: Double
    public var renderer: RendererInfo
    /// Why this renderer was chosen.
    public var reason: String
    /// Frames the renderer drew (their damage was not empty).
    public var framesDrawn: UInt64 = 0
    /// Frames whose draw list did not change: nothing was drawn.
    public var framesUnchanged: UInt64 = 0
    /// Frames replaced by a newer one before the render thread got to them.
    public var framesSkipped: UInt64 = 0
    /// Frames or screenshots the renderer failed to draw.
    public var renderFailures: UInt64 = 0
    public var screenshots: UInt64 = 0
    /// Seconds the last drawn frame took (compile and render).
    public var lastRenderTime: Double = 0
    /// Seconds per drawn frame over the recent frames.
    public var renderTime = FrameTimeSummary(p50: 0, p99: 0, max: 0)
    /// Output pixels the last drawn frame redrew.
    public var pixelsRedrawnLastFrame = 0
    /// CPU tiles rastered since start.
    public var tilesRastered = 0
    /// Tiles in the tile cache after the last frame, and their bytes.
    public var tilesCached = 0
    public var tileCacheBytes = 0
    /// Frame pacing measured from the display's flips (DRM output); nil without a display.
    public var pacing: PacingStatistics?
    /// The session the display's device was opened through (DRM output); nil without a display.
    public var session: SeatSessionDescription?

    public init(size: PixelSize, refresh: Double, renderer: RendererInfo, reason: String) {
        self.size = size
        self.refresh = refresh
        self.renderer = renderer
        self.reason = reason
    }
}
