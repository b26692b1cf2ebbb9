/// The DRM output is drawn by its render thread's output (`output`) and paced by its displays' flips (`pacer`).
extension DRMOutput: Output {
    public var framePacer: any FramePacer { pacer }

    public func submit(_ frame: DisplayFrame) {
        output.submit(frame)
    }

    public func screenshotNextFrame(_ jobs: [ScreenshotJob]) {
        output.screenshotNextFrame(jobs)
    }

    public func screenshot(of frame: DisplayFrame, _ job: ScreenshotJob) {
        output.screenshot(of: frame, job)
    }

    public var isSplashFading: Bool { output.isSplashFading }

    public var needsRedraw: Bool { output.needsRedraw }

    public var statistics: OutputStatistics { output.statistics }

    public var outputDescriptions: [OutputDescription] { output.outputDescriptions }

    public func control(
        _ change: OutputChange, output name: String,
        completion: @escaping @Sendable (Result<[OutputDescription], OutputControlError>) -> Void
    ) {
        output.control(change, output: name, completion: completion)
    }

    public func stop() {
        output.stop()
    }
}
