import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

/// Gestures end to end: synthetic input (InputInject, as `animctl input` sends it) routed by the real daemon
/// to the SDK's recognizers, on a manual clock so that the events' media times, and so the velocities, are exact.
/// These need the server's input routing (wt-input-server) as well as the SDK.
@Suite struct InputGestureIntegrationTests {
    /// Injects `events` from a thread of its own (on a manual clock the call returns once the clock has reached
    /// the last offset) while this thread moves the clock on from `start` in steps of 1/64 s until it returns.
    /// Returns the media time of the first event: the server stamps them from when it received the request.
    static func inject(
        _ events: [WireInjectedInput], from injector: Connection, clock: Connection, start: Double
    )
        throws -> Double
    {
        let done = DispatchSemaphore(value: 0)
        let result = LockedText()
        Thread {
            do { result.append("\(try injector.injectInput(events))") } catch { result.append("error \(error)") }
            done.signal()
        }.start()
        var t = start
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            guard t < start + 10 else { break }
            t += 1.0 / 64
            try moveClock(clock, to: t)
        }
        let last = try #require(Double(result.text), "InputInject: \(result.text)")
        return last - (events.last?.offset ?? 0)
    }

    /// A one-finger drag on the scene from (x1, y1) to (x2, y2) in `steps` moves 1/64 s apart, lifted at the end.
    static func drag(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, steps: Int) -> [WireInjectedInput] {
        var events = [
            WireInjectedInput(offset: 0, action: .touchDown(WireInjectedTouch(slot: 0, point: WirePoint(x: x1, y: y1))))
        ]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let point = WirePoint(x: x1 + (x2 - x1) * f, y: y1 + (y2 - y1) * f)
            events.append(
                WireInjectedInput(
                    offset: Double(i) / 64, action: .touchMotion(WireInjectedTouch(slot: 0, point: point))))
        }
        events.append(WireInjectedInput(offset: Double(steps) / 64, action: .touchUp(0)))
        return events
    }

    static func tap(_ x: Double, _ y: Double) -> [WireInjectedInput] {
        [
            WireInjectedInput(offset: 0, action: .touchDown(WireInjectedTouch(slot: 0, point: WirePoint(x: x, y: y)))),
            WireInjectedInput(offset: 4.0 / 64, action: .touchUp(0)),
        ]
    }

    @Test(arguments: TestRenderers.all)
    func aPanOnTheDemoCardReportsExactTranslationAndVelocityAndATapTogglesIt(renderer: String) throws {
        let daemon = try DaemonHarness(size: "640x480", renderer: renderer)
        let observer = try connectClient(daemon, name: "observer")
        let injector = try connectClient(daemon, name: "injector")
        // A whole second: event times k/64 after it are exact in binary.
        let start = (try observer.clock(.query).time).rounded(.up) + 1
        try moveClock(observer, to: start)
        let demo = Process()
        let output = Pipe()
        let lines = LockedText()
        output.fileHandleForReading.readabilityHandler = { handle in
            lines.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        demo.executableURL = BuiltProgram.url("animdemo")
        demo.arguments = ["--socket", daemon.socketPath, "--card", "--timeout", "60"]
        demo.standardOutput = output
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        #expect(eventually(timeout: 30) { lines.text.contains("card ready") })

        // 8 points every 1/64 s to the right from the card's centre: 512 points per second.
        let base = try Self.inject(
            Self.drag(320, 240, 384, 240, steps: 8), from: injector, clock: observer, start: start)
        #expect(eventually(timeout: 10) { lines.text.contains("pan ended") })
        let pan = lines.text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("pan ") }
        #expect(pan.first == "pan began at t=\(base + 2.0 / 64): translation (16.0, 0.0)")
        // Let go 64 points right of home moving away at 512 pt/s: -8 distances per second.
        let ended =
            "pan ended at t=\(base + 8.0 / 64): translation (64.0, 0.0), velocity (512.0, 0.0), spring back with "
            + "initialVelocity -8.0"
        #expect(pan.last == ended)
        #expect(pan.count == 8)

        let later = (try observer.clock(.query).time).rounded(.up) + 1
        try moveClock(observer, to: later)
        let tapped = try Self.inject(Self.tap(320, 240), from: injector, clock: observer, start: later)
        #expect(eventually(timeout: 10) { lines.text.contains("tap at t=\(tapped + 4.0 / 64): card orange, large") })
    }

    @Test func twoRecognizersOnOneTouchAreResolvedByTheFirstToRecognize() throws {
        let daemon = try DaemonHarness(size: "640x480")
        let app = try connectClient(daemon, name: "app")
        let injector = try connectClient(daemon, name: "injector")
        let start = (try app.clock(.query).time).rounded(.up) + 1
        try moveClock(app, to: start)
        let log = LockedText()
        let card = Layer(connection: app)
        card.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        card.position = Point(x: 320, y: 240)
        card.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        card.addGestureRecognizer(TapGestureRecognizer { log.append("tap \($0.state) t=\($0.timestamp)\n") })
        card.addGestureRecognizer(PanGestureRecognizer { log.append("pan \($0.state) t=\($0.timestamp)\n") })
        Transaction.flush()
        try app.sync()

        let base = try Self.inject(Self.drag(320, 240, 352, 240, steps: 4), from: injector, clock: app, start: start)
        try app.sync()
        let later = (try app.clock(.query).time).rounded(.up) + 1
        try moveClock(app, to: later)
        let tapped = try Self.inject(Self.tap(330, 250), from: injector, clock: app, start: later)
        try app.sync()
        #expect(
            log.text.split(separator: "\n") == [
                "pan began t=\(base + 2.0 / 64)", "pan changed t=\(base + 3.0 / 64)",
                "pan changed t=\(base + 4.0 / 64)",
                "pan ended t=\(base + 4.0 / 64)", "tap ended t=\(tapped + 4.0 / 64)",
            ])
    }
}

/// Text appended from any thread.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""

    func append(_ more: String) {
        lock.lock()
        value += more
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
