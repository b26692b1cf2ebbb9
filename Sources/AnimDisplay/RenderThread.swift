import AnimCore
import AnimRender
import Foundation
import Logging

/// The render thread's side: it owns the renderers, the compiler and the damage tracker, and draws the jobs
/// of its queue in order.
final class RenderThread {
    private let queue: RenderQueue
    private let logger: Logger
    private let factory: RendererFactory
    private let kind: RendererKind
    private let renderer: any Renderer
    private var compiler: DrawListCompiler
    private var tracker = DamageTracker()
    private var configuration: OutputConfiguration
    /// Draws layer screenshots, whose size is not the output's; made on first use.
    private var layerRenderer: (any Renderer)?
    private var renderTimes = FrameTimeSamples()
    /// The display the frames are shown on (DRM), if any.
    private let scanout: (any Scanout)?
    /// What the renderer redrew since the scan-out last showed its pixels (screenshots of the current time draw
    /// too); nil when nothing.
    private var undisplayed: Damage?

    private init(
        queue: RenderQueue, logger: Logger, factory: RendererFactory, kind: RendererKind, renderer: any Renderer,
        configuration: OutputConfiguration, scanout: (any Scanout)?
    ) {
        self.queue = queue
        self.scanout = scanout
        self.logger = logger
        self.factory = factory
        self.kind = kind
        self.renderer = renderer
        self.configuration = configuration
        compiler = DrawListCompiler(outputSize: configuration.size, clearColor: configuration.clearColor)
    }

    /// The thread's body: chooses and creates the renderer, reports to `setup`, then draws until stopped.
    static func run(
        queue: RenderQueue, configuration: OutputConfiguration, factory: RendererFactory, logger: Logger,
        scanout: (any Scanout)?, setup: SetupResult
    ) {
        let size = configuration.size
        var gles: (any Renderer)?
        // auto asks another process first: only a hardware GPU's answer loads the GL driver here.
        var probe = configuration.renderer == .auto ? factory.probe?(size, configuration.maxTextureSize) : nil
        if case .success(let info)? = probe, !info.isSoftwareRasterizer { probe = nil }
        if RendererSelection.needsGLESProbe(configuration.renderer), probe == nil {
            do throws(RenderError) {
                let made = try factory.gles(size, configuration.maxTextureSize)
                gles = made
                probe = .success(made.info)
            } catch {
                probe = .failure(error)
            }
        }
        let decision: RendererDecision
        do throws(OutputStartError) {
            decision = try RendererSelection.decide(configuration.renderer, probe: probe)
        } catch {
            setup.finish(.failure(error))
            return
        }
        let renderer: any Renderer
        if decision.kind == .gles, let gles {
            renderer = gles
        } else {
            // Dropping the GLES renderer here releases its EGL context on the thread that made it.
            gles = nil
            renderer = factory.software(size)
        }
        var configuration = configuration
        if let scanout {
            do throws(DRMError) {
                configuration.size = try scanout.start(renderer: renderer)
            } catch {
                scanout.stop()
                setup.finish(.failure(.drm(error)))
                return
            }
        }
        let thread = RenderThread(
            queue: queue, logger: logger, factory: factory, kind: decision.kind, renderer: renderer,
            configuration: configuration, scanout: scanout)
        queue.withLock {
            $0.statistics = OutputStatistics(
                size: configuration.size, refresh: configuration.refresh, renderer: renderer.info,
                reason: decision.reason)
        }
        setup.finish(.success(SetupResult.Ready(decision: decision, info: renderer.info)))
        thread.loop()
        scanout?.stop()
        setup.finishStopping()
    }

    private func loop() {
        while let job = queue.take() {
            switch job {
            case .frame(let frame, let shots):
                let drawn = draw(frame, countAsFrame: true)
                if let scanout {
                    scanout.present(renderer, damage: undisplayed)
                    undisplayed = nil
                }
                for shot in shots { take(shot, of: frame, outputDrawn: drawn) }
            case .capture(let frame, let shot):
                let drawn: Result<Void, RenderError>
                if case .output = shot.target {
                    drawn = draw(frame, countAsFrame: false)
                } else {
                    drawn = .success(())
                }
                take(shot, of: frame, outputDrawn: drawn)
            case .control(let change, let name, let completion):
                completion(control(change, output: name))
            case .reprobe:
                reprobe()
            case .seatResumed:
                resumeSeat()
            }
            queue.finished()
        }
    }

    /// Makes a display change; a new scene size gets a new compiler and a whole redraw at the next frame.
    private func control(_ change: OutputChange, output: String) -> Result<[OutputDescription], OutputControlError> {
        guard let scanout else { return resizeHeadless(change) }
        let size: PixelSize
        do throws(DRMError) {
            size = try scanout.apply(change, output: output)
        } catch {
            logger.error("output change refused", metadata: ["change": "\(change)", "error": "\(error)"])
            return .failure(.drm(error))
        }
        relit(size: size)
        logger.notice("output changed", metadata: ["output": "\(output)", "change": "\(change)", "size": "\(size)"])
        return .success(scanout.outputDescriptions)
    }

    /// The headless output takes another size (`animctl output --mode WIDTHxHEIGHT`, its frame rate unchanged), as
    /// a display takes another mode: clients hear of it as of a display's (protocol/README.md, "Display"). It has
    /// no rotation or power to change, nor another frame rate.
    private func resizeHeadless(_ change: OutputChange) -> Result<[OutputDescription], OutputControlError> {
        guard case .mode(let request) = change, request.refresh == nil || request.refresh == configuration.refresh,
            (1...OutputConfiguration.maximumSide).contains(request.width),
            (1...OutputConfiguration.maximumSide).contains(request.height)
        else { return .failure(.notADisplay(change)) }
        let size = PixelSize(width: request.width, height: request.height)
        relit(size: size)
        logger.notice("headless output resized", metadata: ["size": "\(size)"])
        return .success([OutputDescription(name: "headless", sceneSize: size)])
    }

    /// The display was relit with a blank picture: the next frame redraws and shows everything.
    private func relit(size: PixelSize) {
        tracker = DamageTracker()
        undisplayed = .full
        if size != configuration.size {
            configuration.size = size
            compiler = DrawListCompiler(outputSize: size, clearColor: configuration.clearColor)
            queue.withLock { $0.statistics?.size = size }
        }
    }

    /// A connector came or went: the scan-out darkens or lights the display, and a display lit again asks the
    /// server for a frame (a still scene would otherwise leave it blank).
    private func reprobe() {
        guard let scanout else { return }
        let size: PixelSize?
        do throws(DRMError) {
            size = try scanout.connectorsChanged()
        } catch {
            logger.error("connectors not re-probed", metadata: ["error": "\(error)"])
            return
        }
        guard let size else { return }
        relit(size: size)
        queue.withLock { $0.redrawWanted = true }
        scanout.wantFrame()
    }

    /// The seat came back: the scan-out relights the display, which shows nothing of the scene until the next
    /// frame redraws all of it (the server is asked for one, though the scene may be still).
    private func resumeSeat() {
        guard let scanout else { return }
        let size: PixelSize
        do throws(DRMError) {
            size = try scanout.seatResumed()
        } catch {
            logger.error("display not lit again after the seat came back", metadata: ["error": "\(error)"])
            return
        }
        relit(size: size)
        queue.withLock { $0.redrawWanted = true }
        scanout.wantFrame()
    }

    /// Compiles `frame` and redraws what changed since the last list drawn into the output.
    private func draw(_ frame: DisplayFrame, countAsFrame: Bool) -> Result<Void, RenderError> {
        let began = ContinuousClock.now
        let list = compiler.compile(frame.scenes)
        let damage = tracker.damage(for: list)
        guard !damage.isEmpty else {
            if countAsFrame { queue.withLock { $0.statistics?.framesUnchanged += 1 } }
            return .success(())
        }
        let stats: RenderStats
        do throws(RenderError) {
            stats = try renderer.render(list, damage: damage)
        } catch {
            // The tracker believes the list was drawn: the next frame must redraw everything.
            tracker = DamageTracker()
            queue.withLock { $0.statistics?.renderFailures += 1 }
            logger.error("frame not drawn", metadata: ["frame": "\(frame.frame)", "error": "\(error)"])
            return .failure(error)
        }
        if scanout != nil { undisplayed = Self.union(undisplayed, damage) }
        let seconds = Self.seconds(ContinuousClock.now - began)
        if countAsFrame { renderTimes.record(seconds) }
        let summary = renderTimes.summary
        queue.withLock { s in
            guard var statistics = s.statistics else { return }
            if countAsFrame {
                statistics.framesDrawn += 1
                statistics.lastRenderTime = seconds
                statistics.renderTime = summary
            }
            statistics.pixelsRedrawnLastFrame = stats.pixelsRedrawn
            statistics.tilesRastered += stats.tilesRastered
            statistics.tilesCached = stats.tilesCached
            statistics.tileCacheBytes = stats.tileCacheBytes
            s.statistics = statistics
        }
        return .success(())
    }

    private func take(_ shot: ScreenshotJob, of frame: DisplayFrame, outputDrawn: Result<Void, RenderError>) {
        let result: Result<Screenshot, ScreenshotError>
        switch shot.target {
        case .output:
            switch outputDrawn {
            case .success:
                result = Result { () throws(ScreenshotError) in
                    do throws(RenderError) {
                        let pixels = try renderer.readPixels(PixelRect(size: configuration.size))
                        return Screenshot(pixels: pixels, frame: frame.frame, time: frame.time)
                    } catch {
                        throw .renderFailed(error)
                    }
                }
            case .failure(let error):
                result = .failure(.renderFailed(error))
            }
        case .layer(let id, let scene):
            result = Result { () throws(ScreenshotError) in
                Screenshot(pixels: try drawLayer(id, in: scene), frame: frame.frame, time: frame.time)
            }
        }
        if case .success = result { queue.withLock { $0.statistics?.screenshots += 1 } }
        shot.completion(result)
    }

    /// `id`'s subtree alone, drawn by a renderer of the same kind as the output's.
    private func drawLayer(_ id: LayerID, in scene: any SceneSource) throws(ScreenshotError) -> PixelBuffer {
        guard let list = compiler.compileLayer(id, in: scene) else { throw .unknownLayer(id) }
        let limit = OutputConfiguration.maximumSide
        guard list.size.width <= limit, list.size.height <= limit else {
            throw .renderFailed(.unsupported("a layer screenshot of \(list.size) pixels (each side at most \(limit))"))
        }
        do throws(RenderError) {
            let drawer: any Renderer
            if let layerRenderer {
                drawer = layerRenderer
            } else {
                drawer =
                    kind == .gles
                    ? try factory.gles(list.size, configuration.maxTextureSize) : factory.software(list.size)
                layerRenderer = drawer
            }
            _ = try drawer.render(list, damage: .full)
            return try drawer.readPixels(PixelRect(size: list.size))
        } catch {
            throw .renderFailed(error)
        }
    }

    private static func union(_ a: Damage?, _ b: Damage) -> Damage {
        switch (a, b) {
        case (nil, _): b
        case (.full?, _), (_, .full): .full
        case (.region(let first)?, .region(let second)): .region(first + second)
        }
    }

    private static func seconds(_ d: Duration) -> Double {
        let (s, attoseconds) = d.components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
