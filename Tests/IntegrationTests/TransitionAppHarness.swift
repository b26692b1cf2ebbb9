import AnimKit
import AnimProtocol
import AnimRender
import AnimTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// The transition apps (examples/transitions-001, examples/transitions-003) as a user runs them: the built
/// executable against a real daemon on a manual clock, driven by the real `animctl input`, its frames taken by
/// an observer connection and compared with goldens. Each app prints a line when a transition begins (after
/// the server applied its commit) and when it ends ("… finished" or "… cancelled").
final class TransitionAppRun: @unchecked Sendable {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    let daemon: DaemonHarness
    let observer: Connection
    let renderer: String
    private let process = Process()
    private let output = LockedText()
    /// Input events the server routed, as the observer watches them.
    private let routed = RoutedCount()

    /// Starts a daemon of `size` drawn by `renderer` and the app `name` on it at that size, with the manual clock
    /// on a whole second (event times k/64 after it are exact in binary), and waits for the app's "ready".
    init(_ name: String, size: String = "240x160", renderer: String, arguments: [String] = []) throws {
        self.renderer = renderer
        daemon = try DaemonHarness(size: size, renderer: renderer)
        observer = try connectClient(daemon, name: "observer")
        try IntegrationTests.moveClock(observer, to: (try observer.clock(.query).time).rounded(.up) + 1)
        observer.inputHandler = { [routed] message in
            if case .inputWatched = message { routed.count.withLock { $0 += 1 } }
        }
        try observer.subscribeInput([], watchAll: true)
        let pipe = Pipe()
        pipe.fileHandleForReading.readabilityHandler = { [output] handle in
            output.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        process.executableURL = BuiltProgram.url(name)
        process.arguments = ["--socket", daemon.socketPath, "--size", size] + arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        guard expectLine("ready \(size)", timeout: 30) else {
            throw TransitionAppError.notReady(output.text)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What the app printed so far, one entry a line.
    var lines: [String] { output.text.split(separator: "\n").map(String.init) }

    /// Waits until the app has printed `line` (as a whole line) `times` times.
    @discardableResult
    func expectLine(_ line: String, times: Int = 1, timeout: Double = 20) -> Bool {
        eventually(timeout: timeout) { lines.count { $0 == line } >= times }
    }

    var now: Double { get throws { try observer.clock(.query).time } }

    /// Moves the clock on by `step` until the app has printed `line` `times` times (what the server runs after a
    /// gesture's release ends on its clock), at most `limit` times.
    func settle(until line: String, times: Int = 1, step: Double = 0.25, limit: Int = 20) throws -> Bool {
        for _ in 0..<limit {
            if expectLine(line, times: times, timeout: 0.5) { return true }
            try moveClock(to: try now + step)
        }
        return expectLine(line, times: times, timeout: 5)
    }

    func moveClock(to time: Double) throws { try IntegrationTests.moveClock(observer, to: time) }

    /// `animctl input tap X Y`: a touch down and up at once, routed at the current clock time.
    func tap(_ x: Double, _ y: Double) throws {
        let result = try daemon.animctl(["input", "tap", "\(x)", "\(y)"])
        #expect(result.status == 0, "animctl input tap: \(result.standardError)")
    }

    /// `animctl input drag` from (x1, y1) to (x2, y2) in `steps` moves over `steps`/64 s, starting at the current
    /// clock time; the clock is moved on in steps of 1/64 s while it runs (on a manual clock animctl returns once
    /// the clock has reached its last event). Returns the media time of the release.
    /// With `pause`, its action runs once the clock has reached the `step`th move (the drag waits meanwhile).
    @discardableResult
    func drag(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, steps: Int,
        pause: (step: Int, action: () throws -> Void)? = nil
    ) throws -> Double {
        let start = try now
        let before = routed.count.withLock { $0 }
        let duration = Double(steps) / 64
        let done = DispatchSemaphore(value: 0)
        let result = LockedText()
        let daemon = self.daemon
        Thread {
            do {
                let drag = try daemon.animctl([
                    "input", "drag", "\(x1)", "\(y1)", "\(x2)", "\(y2)", "--steps", "\(steps)", "--duration",
                    "\(duration)",
                ])
                result.append(drag.status == 0 ? "ok" : "status \(drag.status): \(drag.standardError)")
            } catch {
                result.append("\(error)")
            }
            done.signal()
        }.start()
        // The clock stays until the press is routed, so the drag starts at `start` however long animctl takes to.
        #expect(eventually(timeout: 20) { routed.count.withLock { $0 } > before }, "the drag's press was not routed")
        var step = 0
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            guard step < steps + 320 else { break }
            step += 1
            try moveClock(to: start + Double(step) / 64)
            if let pause, pause.step == step { try pause.action() }
        }
        #expect(result.text == "ok", "animctl input drag: \(result.text)")
        return start + duration
    }

    /// The output's frame now.
    func frame() throws -> PixelBuffer {
        let shot = try observer.screenshot()
        return PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
    }

    /// The output's frame now, compared with the golden `name`.png (rewritten from the software renderer when
    /// `ANIMSERVER_RECORD_GOLDENS=1`) under `RenderTolerance.golden(renderer:)`.
    @discardableResult
    func expectFrame(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PixelBuffer {
        let actual = try frame()
        let golden = try GoldenImage.read(
            Self.goldens.appendingPathComponent("\(name).png"), recording: renderer == "software" ? actual : nil)
        let comparison = try GoldenImage.compare(
            actual, against: golden, RenderTolerance.golden(renderer: renderer), label: "\(renderer)-\(name)")
        #expect(comparison.passes, "\(comparison.message)", sourceLocation: sourceLocation)
        return actual
    }

    /// The output's frame now is `earlier`, pixel for pixel: a scene back exactly as it was.
    func expectFrame(
        identicalTo earlier: PixelBuffer, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let now = try frame()
        let comparison = try GoldenImage.compare(
            now, against: earlier, .exact,
            label: "\(renderer)-\(label)")
        #expect(comparison.passes, "\(comparison.message)", sourceLocation: sourceLocation)
    }
}

final class RoutedCount: Sendable {
    let count = Mutex(0)
}

enum TransitionAppError: Error {
    case notReady(String)
}
