import AnimCore
import AnimRender
import Foundation
import Logging
import Synchronization

/// An output without a display: frames are drawn into the renderer's buffer on a render thread of their own,
/// where screenshots read them. The DRM output (`DRMOutput`) is this with a scan-out: each frame drawn is then
/// also shown on the display.
///
/// The server's loop hands each frame over with `submit` and never waits: a frame the render thread has not
/// started yet is replaced by a newer one (counted as skipped, its pending screenshots move to the newer
/// frame). The renderer is created on the render thread and used only there (GL contexts are thread-affine).
public final class HeadlessOutput: Output, @unchecked Sendable {
    public let configuration: OutputConfiguration
    /// The virtual vblanks at the configured refresh rate that pace the frames of an output without a display.
    public let framePacer: any FramePacer
    /// The headless output watches nothing but its timer.
    public var loopSources: [LoopSource] { [] }
    /// The renderer the output draws with and why.
    public let decision: RendererDecision
    public let rendererInfo: RendererInfo
    private let queue: RenderQueue
    private let setup: SetupResult
    /// The display each frame is also shown on (the DRM output's buffers); nil without one.
    private let scanout: (any Scanout)?
    /// Shown until the first client commit, then faded out (`--splash`); nil without one.
    public let splash: SplashImage?
    private let splashFade = Mutex(SplashFade())
    /// The pointer's cursor, drawn over every frame while the input devices show it.
    public let cursor = CursorOverlay()

    /// Starts the render thread, chooses and creates the renderer there and returns once it is ready. Logs
    /// the choice and its reason at notice level.
    /// With a `splash`, the first frame (drawn before this returns) is the splash alone.
    public convenience init(
        configuration: OutputConfiguration, factory: RendererFactory = .standard, splash: SplashImage? = nil,
        logger: Logger
    ) throws(OutputStartError) {
        try self.init(configuration: configuration, factory: factory, scanout: nil, splash: splash, logger: logger)
    }

    /// The same with frames shown on `scanout` too (the DRM output).
    init(
        configuration: OutputConfiguration, factory: RendererFactory, scanout: (any Scanout)?,
        splash: SplashImage? = nil,
        logger: Logger
    ) throws(OutputStartError) {
        let size = configuration.size
        guard (1...OutputConfiguration.maximumSide).contains(size.width),
            (1...OutputConfiguration.maximumSide).contains(size.height)
        else { throw .invalidSize(size) }
        let queue = RenderQueue()
        let setup = SetupResult()
        let thread = Thread {
            RenderThread.run(
                queue: queue, configuration: configuration, factory: factory, logger: logger, scanout: scanout,
                setup: setup)
        }
        thread.name = Thread.renderThreadName
        // The compiler walks deep layer trees recursively; a thread's default stack on Linux is smaller than the
        // main thread's.
        thread.stackSize = 8 << 20
        thread.start()
        let ready = try setup.wait()
        self.configuration = configuration
        framePacer = VirtualVblankPacer(refreshRate: configuration.refresh)
        self.queue = queue
        self.setup = setup
        self.scanout = scanout
        self.splash = splash
        decision = ready.decision
        rendererInfo = ready.info
        logger.notice(
            "renderer chosen",
            metadata: [
                "renderer": "\(ready.decision.kind.rawValue)", "device": "\(ready.info.device)",
                "reason": "\(ready.decision.reason)", "size": "\(size)",
                "maxTextureSize": "\(ready.info.maxTextureSize == Int.max ? "none" : "\(ready.info.maxTextureSize)")",
            ])
        if let splash {
            // Shown from the moment the display lights, before any client connects.
            submit(DisplayFrame(frame: 0, time: 0, scenes: []))
            logger.notice("splash shown", metadata: ["path": "\(splash.path)", "size": "\(splash.size)"])
        }
    }

    deinit { stop() }

    /// Hands a frame to the render thread; returns at once. An earlier frame not yet started is dropped.
    public func submit(_ frame: DisplayFrame) {
        queue.submit(withCursor(withSplash(frame), taking: true))
    }

    /// Screenshots of the next frame submitted (taken after it is drawn).
    public func screenshotNextFrame(_ jobs: [ScreenshotJob]) {
        queue.withLock { $0.nextFrameShots += jobs }
    }

    /// Draws `frame` (a snapshot of the current time) for a screenshot, after whatever is queued before it.
    /// A whole-output screenshot draws it into the output (it is what the next frame would show anyway).
    public func screenshot(of frame: DisplayFrame, _ job: ScreenshotJob) {
        queue.enqueue(.capture(withCursor(withSplash(frame), taking: false), job))
    }

    /// The splash is fading into the scene: the server keeps making frames until it is gone.
    public var isSplashFading: Bool { splash != nil && splashFade.withLock { $0.isFading } }

    /// The display was lit again after a hotplug and shows nothing of the scene yet: a frame is due at once,
    /// though the scene may be still.
    public var needsRedraw: Bool { queue.withLock { $0.redrawWanted } || cursor.needsFrame }

    /// udev reported a change of the card: the render thread re-probes its connectors after the jobs queued.
    func connectorsChanged() {
        queue.enqueue(.reprobe)
    }

    /// The seat came back (VT switched back): the render thread relights the display after the jobs queued.
    func seatResumed() {
        queue.enqueue(.seatResumed)
    }

    /// `frame` with the cursor drawn over everything while it shows; a frame submitted (`taking`) takes the
    /// cursor's change, a screenshot of the current time leaves it for the next frame.
    private func withCursor(_ frame: DisplayFrame, taking: Bool) -> DisplayFrame {
        guard let scene = taking ? cursor.takeScene() : cursor.currentScene() else { return frame }
        return DisplayFrame(frame: frame.frame, time: frame.time, scenes: frame.scenes + [scene])
    }

    /// `frame` with the splash drawn over it while the splash shows.
    private func withSplash(_ frame: DisplayFrame) -> DisplayFrame {
        guard let splash else { return frame }
        let hasContent = frame.scenes.contains { !$0.roots.isEmpty }
        guard let opacity = splashFade.withLock({ $0.opacity(at: frame.time, hasContent: hasContent) }) else {
            return frame
        }
        // The size is the render thread's after a mode change: the scene picks it up from the statistics.
        let size = queue.withLock { $0.statistics?.size } ?? configuration.size
        return DisplayFrame(
            frame: frame.frame, time: frame.time, scenes: frame.scenes + [splash.scene(size: size, opacity: opacity)])
    }

    public var statistics: OutputStatistics {
        var statistics =
            queue.withLock { $0.statistics }
            ?? OutputStatistics(
                size: configuration.size, refresh: configuration.refresh, renderer: rendererInfo,
                reason: decision.reason)
        statistics.pacing = scanout?.pacing
        statistics.session = scanout?.session
        return statistics
    }

    /// Changes the display named `output` (its connector; `""`: the first) — mode, rotation, power — after the
    /// jobs queued before; `completion` runs on the render thread with every output after the change. The
    /// headless output takes only another size (a mode without a refresh, or its own): it has no display.
    public func control(
        _ change: OutputChange, output: String = "",
        completion: @escaping @Sendable (Result<[OutputDescription], OutputControlError>) -> Void
    ) {
        queue.enqueue(.control(change, output, completion))
    }

    /// What `animctl output` lists: each display's connector, mode and place in the scene, or the headless
    /// output's size.
    public var outputDescriptions: [OutputDescription] {
        // The size is the render thread's after a resize (`control`).
        scanout?.outputDescriptions ?? [
            OutputDescription(
                name: "headless", sceneSize: queue.withLock { $0.statistics?.size } ?? configuration.size)
        ]
    }

    /// Asks the server for a frame though the scene may be still (a display has something of it to catch up on).
    func requestRedraw() {
        queue.withLock { $0.redrawWanted = true }
    }

    /// Blocks until every frame and screenshot handed over so far is done.
    public func waitUntilIdle() {
        queue.waitUntilIdle()
    }

    /// Stops the render thread once it finishes the job in hand; screenshots still queued fail with
    /// `outputStopped`. Safe more than once and from any thread. With a display, waits until the render thread
    /// has given the display back (the console's picture and text mode), so the process may exit right after.
    public func stop() {
        queue.stop()
        if scanout != nil, !Thread.current.isRenderThread { setup.waitUntilStopped() }
    }
}

/// What the render thread reports once it has (or has not) created its renderer.
final class SetupResult: @unchecked Sendable {
    struct Ready {
        var decision: RendererDecision
        var info: RendererInfo
    }

    private let done = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private var result: Result<Ready, OutputStartError>?

    /// The render thread has ended (after its scan-out stopped).
    func finishStopping() {
        stopped.signal()
    }

    /// Waits for `finishStopping`; every waiter passes once it happened.
    func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    func finish(_ result: Result<Ready, OutputStartError>) {
        self.result = result
        done.signal()
    }

    func wait() throws(OutputStartError) -> Ready {
        done.wait()
        // The semaphore orders the write on the render thread before this read.
        guard let result else { throw .threadFailed("the render thread reported nothing") }
        return try result.get()
    }
}

extension Thread {
    static let renderThreadName = "animserverd render"

    /// Whether this is an output's render thread (which must not wait for itself to stop).
    var isRenderThread: Bool { name == Thread.renderThreadName }
}
