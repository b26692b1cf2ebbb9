import AnimCore
import AnimDisplay
import AnimRender
import Dispatch
import Glibc
import Testing

@Suite("Headless output: the render thread, frame skipping, screenshots")
struct HeadlessOutputTests {
    static let empty = StaticScene()

    static func frame(_ n: UInt64, _ scenes: [any SceneSource & Sendable] = []) -> DisplayFrame {
        DisplayFrame(frame: n, time: Double(n) / 50, scenes: scenes)
    }

    static func layerScene(width: Double = 3, height: Double = 2) -> StaticScene {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: width, height: height)
        return StaticScene(
            roots: [LayerID(1)], layers: [LayerID(1): SceneLayer(id: LayerID(1), state: state, sublayers: [])])
    }

    @Test func autoOnLlvmpipeDropsGLESAndDrawsWithSoftwareOnTheRenderThread() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(log: log, gles: Fakes.llvmpipe)
        #expect(output.decision.kind == .software)
        #expect(output.rendererInfo == Fakes.software)
        #expect(log.renderersMade == [.gles, .software])
        output.submit(Self.frame(1))
        output.waitUntilIdle()
        let layer = ScreenshotJob(target: .layer(LayerID(1), in: Self.layerScene()), completion: { _ in })
        output.screenshot(of: Self.frame(2), layer)
        output.waitUntilIdle()
        #expect(log.renderedSizes == [PixelSize(width: 8, height: 4), PixelSize(width: 3, height: 2)])
        // Every draw happens on the render thread, never on the caller's.
        let threads = log.renderThreads
        #expect(threads.count == 2 && pthread_equal(threads[0], threads[1]) != 0)
        #expect(pthread_equal(threads[0], pthread_self()) == 0)
        let stats = output.statistics
        #expect(stats.renderer.kind == .software)
        #expect(stats.reason.hasPrefix("EGL reports llvmpipe"))
        #expect(stats.framesDrawn == 1)
        #expect(stats.screenshots == 1)
        #expect(stats.pixelsRedrawnLastFrame == 32)
        #expect(stats.tilesRastered == 2 && stats.tilesCached == 5)
    }

    /// The daemon's probe runs in another process: when it answers a CPU rasterizer or a failure, the GL driver
    /// is never loaded here (no GLES renderer is made); a hardware GPU's answer, or no answer, makes one here.
    @Test func autoWithAnOutOfProcessProbeMakesGLESOnlyForAHardwareGPU() throws {
        let failure = RenderError.graphicsUnavailable(call: "eglInitialize", code: 0x3001, detail: "no display")
        let cases: [(Result<RendererInfo, RenderError>?, RendererKind, [RendererKind], String)] = [
            (.success(Fakes.llvmpipe), .software, [.software], "EGL reports llvmpipe"),
            (.failure(failure), .software, [.software], "EGL is unavailable"),
            (.success(Fakes.gpu), .gles, [.gles], "EGL came up on a hardware GPU"),
            (nil, .gles, [.gles], "EGL came up on a hardware GPU"),
        ]
        for (answer, kind, made, reason) in cases {
            let log = FakeRendererLog()
            let asked = Collected<PixelSize>()
            let output = try HeadlessOutput(
                configuration: OutputConfiguration(size: PixelSize(width: 8, height: 4), renderer: .auto),
                factory: Fakes.factory(
                    log: log,
                    probe: { size, _ in
                        asked.append(size)
                        return answer
                    }),
                logger: Fakes.quiet)
            #expect(output.decision.kind == kind, "\(String(describing: answer))")
            #expect(log.renderersMade == made, "\(String(describing: answer))")
            #expect(output.decision.reason.hasPrefix(reason), "\(output.decision.reason)")
            #expect(asked.all == [PixelSize(width: 8, height: 4)])
            output.stop()
        }
        // A forced choice never asks the probe.
        let log = FakeRendererLog()
        let asked = Collected<PixelSize>()
        let forced = try HeadlessOutput(
            configuration: OutputConfiguration(renderer: .gles),
            factory: Fakes.factory(
                log: log,
                probe: { size, _ in
                    asked.append(size)
                    return .success(Fakes.llvmpipe)
                }),
            logger: Fakes.quiet)
        #expect(forced.decision.kind == .gles && asked.all.isEmpty && log.renderersMade == [.gles])
        forced.stop()
    }

    @Test func forcedGLESThatCannotStartIsAStartError() {
        let log = FakeRendererLog()
        let error = RenderError.graphicsUnavailable(call: "eglInitialize", code: 0x3001, detail: "none")
        #expect(throws: OutputStartError.glesUnavailable(error)) {
            try HeadlessOutput(
                configuration: OutputConfiguration(renderer: .gles),
                factory: Fakes.factory(log: log, glesError: error), logger: Fakes.quiet)
        }
        #expect(throws: OutputStartError.invalidSize(PixelSize(width: 0, height: 10))) {
            try HeadlessOutput(
                configuration: OutputConfiguration(size: PixelSize(width: 0, height: 10)),
                factory: Fakes.factory(log: log), logger: Fakes.quiet)
        }
    }

    @Test func anUnchangedFrameDrawsNothing() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(renderer: .software, log: log)
        for n in 1...3 {
            output.submit(Self.frame(UInt64(n)))
            output.waitUntilIdle()
        }
        let stats = output.statistics
        #expect(log.renderedSizes.count == 1)
        #expect(stats.framesDrawn == 1)
        #expect(stats.framesUnchanged == 2)
        #expect(stats.framesSkipped == 0)
    }

    @Test func aFrameNotYetStartedIsReplacedAndItsScreenshotsMoveToTheNewer() throws {
        let log = FakeRendererLog()
        log.close()
        let output = try Fakes.output(renderer: .software, log: log)
        output.submit(Self.frame(1))
        log.entered.wait()  // frame 1 is being drawn: the next ones queue up
        let shots = Collected<Result<Screenshot, ScreenshotError>>()
        output.screenshotNextFrame([ScreenshotJob(target: .output, completion: { shots.append($0) })])
        output.submit(Self.frame(2))
        output.submit(Self.frame(3))
        log.open()
        output.waitUntilIdle()
        let stats = output.statistics
        #expect(stats.framesSkipped == 1)
        #expect(stats.framesDrawn + stats.framesUnchanged == 2)
        let shot = try #require(shots.all.first).get()
        #expect(shots.all.count == 1)
        #expect(shot.frame == 3)
        #expect(shot.time == 0.06)
        #expect(shot.pixels.size == PixelSize(width: 8, height: 4))
    }

    @Test func aScreenshotOfTheCurrentTimeDrawsIntoTheOutputWithoutCountingAFrame() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(renderer: .software, log: log)
        let shots = Collected<Result<Screenshot, ScreenshotError>>()
        output.screenshot(of: Self.frame(7), ScreenshotJob(target: .output, completion: { shots.append($0) }))
        output.waitUntilIdle()
        let shot = try #require(shots.all.first).get()
        #expect(shot.frame == 7)
        #expect(shot.pixels.pixel(x: 7, y: 3) == (1, 0, 9, 255))
        #expect(output.statistics.framesDrawn == 0)
        #expect(output.statistics.screenshots == 1)
    }

    @Test func aLayerScreenshotUsesARendererOfItsOwnSize() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(renderer: .software, log: log)
        let shots = Collected<Result<Screenshot, ScreenshotError>>()
        let job = ScreenshotJob(target: .layer(LayerID(1), in: Self.layerScene()), completion: { shots.append($0) })
        output.screenshot(of: Self.frame(2), job)
        let missing = ScreenshotJob(target: .layer(LayerID(9), in: Self.layerScene()), completion: { shots.append($0) })
        output.screenshot(of: Self.frame(2), missing)
        output.waitUntilIdle()
        #expect(shots.all.count == 2)
        let shot = try shots.all[0].get()
        #expect(shot.pixels.size == PixelSize(width: 3, height: 2))
        #expect(log.renderersMade == [.software, .software])
        guard case .failure(.unknownLayer(let id)) = shots.all[1] else {
            Issue.record("expected unknownLayer, got \(shots.all[1])")
            return
        }
        #expect(id == LayerID(9))
    }

    @Test func aFailingRendererFailsTheScreenshotAndTheNextFrameRedrawsEverything() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(renderer: .software, log: log)
        log.failure = .drawFailed(call: "glDrawArrays", code: 0x505)
        let shots = Collected<Result<Screenshot, ScreenshotError>>()
        output.screenshotNextFrame([ScreenshotJob(target: .output, completion: { shots.append($0) })])
        output.submit(Self.frame(1))
        output.waitUntilIdle()
        guard case .failure(.renderFailed(.drawFailed(let call, _)))? = shots.all.first else {
            Issue.record("expected renderFailed, got \(shots.all)")
            return
        }
        #expect(call == "glDrawArrays")
        log.failure = nil
        output.submit(Self.frame(2))
        output.waitUntilIdle()
        #expect(output.statistics.renderFailures == 1)
        #expect(output.statistics.framesDrawn == 1)
    }

    @Test func stoppingFailsTheScreenshotsStillWaiting() throws {
        let log = FakeRendererLog()
        let output = try Fakes.output(renderer: .software, log: log)
        let shots = Collected<Result<Screenshot, ScreenshotError>>()
        output.screenshotNextFrame([ScreenshotJob(target: .output, completion: { shots.append($0) })])
        output.stop()
        output.screenshot(of: Self.frame(1), ScreenshotJob(target: .output, completion: { shots.append($0) }))
        #expect(shots.all.count == 2)
        for result in shots.all {
            guard case .failure(.outputStopped) = result else {
                Issue.record("expected outputStopped, got \(result)")
                continue
            }
        }
    }
}
