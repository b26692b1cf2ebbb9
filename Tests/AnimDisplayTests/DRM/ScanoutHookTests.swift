import AnimCore
import AnimRender
import Logging
import Synchronization
import Testing

@testable import AnimDisplay

/// Records what the render thread asks of its scan-out.
final class RecordingScanout: Scanout, @unchecked Sendable {
    private let calls = Mutex<[String]>([])
    var log: [String] { calls.withLock { $0 } }

    func start(renderer: any Renderer) throws(DRMError) -> PixelSize {
        calls.withLock { $0.append("start \(renderer.info.kind.rawValue)") }
        return PixelSize(width: 8, height: 4)
    }

    func present(_ renderer: any Renderer, damage: Damage?) {
        let text =
            switch damage {
            case nil: "nothing"
            case .full?: "full"
            case .region(let rects)?: rects.map(\.description).joined(separator: " ")
            }
        calls.withLock { $0.append("present \(text)") }
    }

    func stop() {
        calls.withLock { $0.append("stop") }
    }

    /// A quarter turn swaps the 8x4 scene; anything else keeps it.
    func apply(_ change: OutputChange, output: String) throws(DRMError) -> PixelSize {
        calls.withLock { $0.append("apply \(output.isEmpty ? "" : "\(output) ")\(change)") }
        if change == .rotation(.clockwise90) { return PixelSize(width: 4, height: 8) }
        if change == .power(false) { throw .callFailed(call: "drmModeAtomicCommit(ALLOW_MODESET)", errno: 13) }
        return PixelSize(width: 8, height: 4)
    }

    /// The size `connectorsChanged` reports (a display lit again), nil: nothing lit.
    let relitSize = Mutex<PixelSize?>(nil)

    func connectorsChanged() throws(DRMError) -> PixelSize? {
        let size = relitSize.withLock { $0 }
        calls.withLock { $0.append("reprobe \(size.map { "\($0)" } ?? "unchanged")") }
        return size
    }

    func wantFrame() {
        calls.withLock { $0.append("want frame") }
    }

    func seatPaused() {
        calls.withLock { $0.append("seat paused") }
    }

    func seatResumed() throws(DRMError) -> PixelSize {
        calls.withLock { $0.append("seat resumed") }
        return PixelSize(width: 8, height: 4)
    }

    var session: SeatSessionDescription? { SeatSessionDescription(kind: .direct, reason: "recording") }

    var pacing: PacingStatistics { PacingStatistics(refreshInterval: 0.02) }
    var outputDescriptions: [OutputDescription] {
        [OutputDescription(name: "Virtual-1", sceneSize: PixelSize(width: 8, height: 4))]
    }
}

/// A scan-out whose start fails as a modeset refusal would.
final class RefusingScanout: Scanout, @unchecked Sendable {
    let stopped = Mutex(false)
    func start(renderer: any Renderer) throws(DRMError) -> PixelSize {
        throw .modesetRefused(connector: "Virtual-1", mode: "4x2@60.0", errno: 22)
    }
    func present(_ renderer: any Renderer, damage: Damage?) {}
    func stop() { stopped.withLock { $0 = true } }
    func apply(_ change: OutputChange, output: String) throws(DRMError) -> PixelSize { PixelSize(width: 1, height: 1) }
    func connectorsChanged() throws(DRMError) -> PixelSize? { nil }
    func wantFrame() {}
    func seatPaused() {}
    func seatResumed() throws(DRMError) -> PixelSize { PixelSize(width: 1, height: 1) }
    var session: SeatSessionDescription? { nil }
    var pacing: PacingStatistics { PacingStatistics(refreshInterval: 0.02) }
    var outputDescriptions: [OutputDescription] {
        [OutputDescription(name: "x", sceneSize: PixelSize(width: 1, height: 1))]
    }
}

@Suite("Render thread and scan-out")
struct ScanoutHookTests {
    static let logger = Logger(label: "test")
    static let configuration = OutputConfiguration(size: PixelSize(width: 8, height: 4), renderer: .software)

    static func scene(red: Double) -> StaticScene {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        state.position = Point(x: 2, y: 2)
        state.backgroundColor = Color(red: red, green: 0, blue: 0)
        return StaticScene(
            roots: [LayerID(1)], layers: [LayerID(1): SceneLayer(id: LayerID(1), state: state, sublayers: [])])
    }

    static func frame(_ n: UInt64, _ scene: StaticScene) -> DisplayFrame {
        DisplayFrame(frame: n, time: Double(n), scenes: [scene])
    }

    @Test("Each frame is shown; an unchanged one is reported unchanged; a screenshot's draw counts as a change")
    func presents() throws {
        let scanout = RecordingScanout()
        let output = try HeadlessOutput(
            configuration: Self.configuration, factory: .standard, scanout: scanout, logger: Self.logger)
        output.submit(Self.frame(1, Self.scene(red: 1)))
        output.waitUntilIdle()
        output.submit(Self.frame(2, Self.scene(red: 1)))
        output.waitUntilIdle()
        // A screenshot of the current time draws a changed scene into the output...
        output.screenshot(of: Self.frame(2, Self.scene(red: 0.5)), ScreenshotJob(target: .output) { _ in })
        output.waitUntilIdle()
        // ...so the next frame, equal to it, still has pixels the display has not shown.
        output.submit(Self.frame(3, Self.scene(red: 0.5)))
        output.waitUntilIdle()
        // The screenshot redrew the layer's box (0,0)-(4,4) with the tracker's 1-pixel margin, clipped to the
        // output; the frame after it drew nothing more.
        #expect(scanout.log == ["start software", "present full", "present nothing", "present 5x4+0+0"])
        #expect(output.statistics.pacing == PacingStatistics(refreshInterval: 0.02))
        output.stop()
        // stop() returns once the render thread has stopped the scan-out (the console is back before exit).
        #expect(scanout.log.last == "stop")
    }

    @Test("A change runs on the render thread between frames; a new scene size is drawn whole at the next frame")
    func control() throws {
        let scanout = RecordingScanout()
        let output = try HeadlessOutput(
            configuration: Self.configuration, factory: .standard, scanout: scanout, logger: Self.logger)
        defer { output.stop() }
        output.submit(Self.frame(1, Self.scene(red: 1)))
        // (A frame not yet started would be replaced by the next one submitted.)
        output.waitUntilIdle()
        let answers = Mutex<[Result<[OutputDescription], OutputControlError>]>([])
        output.control(.rotation(.clockwise90), output: "Virtual-1") { result in answers.withLock { $0.append(result) }
        }
        output.control(.power(false)) { result in answers.withLock { $0.append(result) } }
        // The same scene after the change: drawn again (whole, at the new size) and shown.
        output.submit(Self.frame(2, Self.scene(red: 1)))
        output.waitUntilIdle()
        #expect(
            scanout.log == [
                "start software", "present full", "apply Virtual-1 rotation 90", "apply power off", "present full",
            ])
        let results = answers.withLock { $0 }
        #expect(results.count == 2)
        #expect((try? results.first?.get())?.map(\.name) == ["Virtual-1"])
        let refused = OutputControlError.drm(.callFailed(call: "drmModeAtomicCommit(ALLOW_MODESET)", errno: 13))
        #expect(results.last.flatMap { if case .failure(let e) = $0 { e } else { nil } } == refused)
        #expect(output.statistics.size == PixelSize(width: 4, height: 8))
        #expect(output.statistics.pixelsRedrawnLastFrame == 32)
    }

    @Test("A display lit again after a hotplug asks for a frame, which redraws it whole")
    func hotplug() throws {
        let scanout = RecordingScanout()
        let output = try HeadlessOutput(
            configuration: Self.configuration, factory: .standard, scanout: scanout, logger: Self.logger)
        defer { output.stop() }
        output.submit(Self.frame(1, Self.scene(red: 1)))
        output.waitUntilIdle()
        output.connectorsChanged()
        output.waitUntilIdle()
        #expect(!output.needsRedraw)
        scanout.relitSize.withLock { $0 = PixelSize(width: 8, height: 4) }
        output.connectorsChanged()
        output.waitUntilIdle()
        #expect(output.needsRedraw)
        output.submit(Self.frame(2, Self.scene(red: 1)))
        output.waitUntilIdle()
        #expect(!output.needsRedraw)
        #expect(
            scanout.log == [
                "start software", "present full", "reprobe unchanged", "reprobe 8x4", "want frame", "present full",
            ])
    }

    @Test("The seat coming back relights the display on the render thread and asks for a frame drawn whole")
    func seatResumed() throws {
        let scanout = RecordingScanout()
        let output = try HeadlessOutput(
            configuration: Self.configuration, factory: .standard, scanout: scanout, logger: Self.logger)
        defer { output.stop() }
        output.submit(Self.frame(1, Self.scene(red: 1)))
        output.waitUntilIdle()
        output.seatResumed()
        output.waitUntilIdle()
        #expect(output.needsRedraw)
        // The same scene: nothing changed, yet all of it is drawn and shown again.
        output.submit(Self.frame(2, Self.scene(red: 1)))
        output.waitUntilIdle()
        #expect(!output.needsRedraw)
        #expect(output.statistics.pixelsRedrawnLastFrame == 32)
        #expect(output.statistics.session?.summary == "direct")
        #expect(
            scanout.log == ["start software", "present full", "seat resumed", "want frame", "present full"])
    }

    @Test("The headless output refuses changes: it has no display")
    func headless() throws {
        let output = try HeadlessOutput(configuration: Self.configuration, factory: .standard, logger: Self.logger)
        defer { output.stop() }
        let answer = Mutex<Result<[OutputDescription], OutputControlError>?>(nil)
        output.control(.power(false)) { result in answer.withLock { $0 = result } }
        output.waitUntilIdle()
        #expect(
            answer.withLock { $0 }.flatMap { if case .failure(let e) = $0 { e } else { nil } }
                == .notADisplay(.power(false)))
        #expect(
            output.outputDescriptions == [
                OutputDescription(name: "headless", sceneSize: PixelSize(width: 8, height: 4))
            ])
    }

    @Test("A scan-out that cannot start is a start error, and it is stopped")
    func startFails() {
        let scanout = RefusingScanout()
        #expect(throws: OutputStartError.drm(.modesetRefused(connector: "Virtual-1", mode: "4x2@60.0", errno: 22))) {
            try HeadlessOutput(
                configuration: Self.configuration, factory: .standard, scanout: scanout, logger: Self.logger)
        }
        #expect(scanout.stopped.withLock { $0 })
    }
}
