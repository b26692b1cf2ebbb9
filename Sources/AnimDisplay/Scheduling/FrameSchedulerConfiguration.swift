/// How the frame scheduler places its repaint window.
public struct FrameSchedulerConfiguration: Hashable, Sendable {
    /// The mode's refresh interval in seconds (1 / refresh rate): the prediction until flips measure it.
    public var refreshInterval: Double
    /// The shortest repaint window: composition never starts later than this before the vblank.
    public var repaintFloor: Double
    /// Added to the predicted cost (the 90th percentile of the recent frames) to absorb wake-up latency.
    public var costMargin: Double
    /// How many recent frame costs the prediction looks at.
    public var costWindow: Int

    public init(refreshInterval: Double, repaintFloor: Double = 0.004, costMargin: Double = 0.001, costWindow: Int = 16)
    {
        self.refreshInterval = refreshInterval
        self.repaintFloor = repaintFloor
        self.costMargin = costMargin
        self.costWindow = Swift.max(1, costWindow)
    }

    /// A configuration for `hertz` (e.g. a mode's vrefresh); nil unless 1…1000 Hz.
    public init?(refreshRate hertz: Double) {
        guard hertz.isFinite, hertz >= 1, hertz <= 1000 else { return nil }
        self.init(refreshInterval: 1 / hertz)
    }
}
