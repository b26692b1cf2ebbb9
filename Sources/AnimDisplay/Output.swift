/// What the server needs of an output: where its frames are drawn, the vblanks that pace them, its screenshots,
/// statistics and controls. The headless output (`HeadlessOutput`) and the DRM output (`DRMOutput`) are outputs;
/// the server's core and control service know no more of them than this.
///
/// Called on the server's loop thread; what an output does with a frame happens on its own render thread.
public protocol Output: AnyObject, Sendable {
    /// Paces the frames: the display's flips, or the virtual vblanks of an output without one.
    var framePacer: any FramePacer { get }
    /// The output's other descriptors the server's loop watches (the DRM output's udev monitor and seat), each a
    /// source of its own; the output runs no loop of its own.
    var loopSources: [LoopSource] { get }
    /// Hands a frame over to be drawn; returns at once. An earlier frame not yet started is dropped.
    func submit(_ frame: DisplayFrame)
    /// Screenshots of the next frame submitted (taken after it is drawn).
    func screenshotNextFrame(_ jobs: [ScreenshotJob])
    /// Draws `frame` (a snapshot of the current time) for a screenshot, after whatever is queued before it.
    func screenshot(of frame: DisplayFrame, _ job: ScreenshotJob)
    /// The splash is fading into the scene: the server keeps making frames until it is gone.
    var isSplashFading: Bool { get }
    /// The display has something to catch up on (lit again after a hotplug): a frame is due though the scene
    /// may be still.
    var needsRedraw: Bool { get }
    var statistics: OutputStatistics { get }
    /// What `animctl output` lists: each display's connector, mode and place in the scene.
    var outputDescriptions: [OutputDescription] { get }
    /// Changes the display named `output` (`""`: the first) after the jobs queued before; `completion` runs on
    /// the render thread with every output after the change.
    func control(
        _ change: OutputChange, output: String,
        completion: @escaping @Sendable (Result<[OutputDescription], OutputControlError>) -> Void)
    /// Stops drawing; screenshots still queued fail with `outputStopped`. Safe more than once, from any thread.
    func stop()
}
