import AnimKit
import AnimProtocol
import AnimTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// What the app's input handler heard, in order.
final class InputRecorder: Sendable {
    private let messages = Mutex<[Message]>([])

    func record(_ message: Message) { messages.withLock { $0.append(message) } }
    var all: [Message] { messages.withLock { $0 } }
    var touches: [TouchEvent] {
        all.compactMap {
            if case .touchEvent(let e) = $0 { return e }
            return nil
        }
    }
    var keys: [KeyEvent] {
        all.compactMap {
            if case .keyEvent(let e) = $0 { return e }
            return nil
        }
    }
}

/// Input end to end: the real daemon, an AnimKit client subscribed at the message level, `animctl input`
/// (docs/core-animation-rules.md, "Input").
@Suite struct InputIntegrationTests {
    /// An app with a root layer over the 160 × 120 output and a 20 × 20 card moving from x 10 to 150 (its centre)
    /// over [0, 1] s, linearly, subscribed to every kind of input.
    private func app(_ daemon: DaemonHarness) throws -> (Connection, AnimKit.Layer, InputRecorder) {
        let client = try connectClient(daemon, name: "input-app")
        let recorder = InputRecorder()
        client.inputHandler = { recorder.record($0) }
        Transaction.begin()
        Transaction.disableActions = true
        let root = AnimKit.Layer(connection: client)
        root.bounds = Rect(x: 0, y: 0, width: 160, height: 120)
        root.position = Point(x: 80, y: 60)
        let card = AnimKit.Layer(connection: client)
        card.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        card.position = Point(x: 150, y: 60)
        try root.addSublayer(card)
        let move = AnimKit.BasicAnimation(
            keyPath: "position", from: .point(Point(x: 10, y: 60)), to: .point(Point(x: 150, y: 60)))
        move.duration = 1
        move.timingFunction = .linear
        try card.add(move, forKey: "move")
        Transaction.commit()
        try client.subscribeInput(.all)
        try client.sync()
        return (client, card, recorder)
    }

    @Test(arguments: TestRenderers.all)
    func animctlTapLandsOnTheLayerWhereItsAnimationShowsIt(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let (client, card, recorder) = try app(daemon)
        try moveClock(client, to: 0.5)
        // At 0.5 s the card's centre is at x 80: the tap is 5 points right of it. Its model position (150) is empty.
        let tap = try daemon.animctl(["input", "tap", "85", "60"])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(tap.standardOutput.contains("input: 2 events routed, the last at 0.5 s"), "\(tap.standardOutput)")
        try client.sync()
        #expect(eventually { recorder.touches.count == 2 })
        let touches = recorder.touches
        #expect(touches.map(\.phase) == [.down, .up])
        #expect(touches.map(\.layer) == [card.id.rawValue, card.id.rawValue])
        #expect(touches.first?.layerPoint == WirePoint(x: 15, y: 10))
        #expect(touches.map(\.time) == [0.5, 0.5])
        #expect(recorder.all.contains { if case .focusChanged(let f) = $0 { f.focused } else { false } })
        // The model position holds nothing at 0.5 s: a tap there hits the root.
        #expect(try daemon.animctl(["input", "tap", "150", "60"]).status == 0)
        #expect(eventually { recorder.touches.count == 4 })
        #expect(recorder.touches[2].layer != card.id.rawValue)
    }

    @Test func aSwipeOnTheManualClockPlaysOutAtExactTimesAsTheClockAdvances() throws {
        let daemon = try DaemonHarness()
        let (client, _, recorder) = try app(daemon)
        try moveClock(client, to: 2)
        let result = Mutex<ProgramResult?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let swipe = try? daemon.animctl(["input", "swipe", "10", "100", "70", "100", "--duration", "0.1"])
            result.withLock { $0 = swipe }
            finished.signal()
        }
        // The down is routed at once at 2.0; the six moves wait for the clock.
        #expect(eventually { recorder.touches.count == 1 })
        for step in 1...6 {
            try moveClock(client, to: 2 + Double(step) / 60)
        }
        #expect(finished.wait(timeout: .now() + 20) == .success)
        let swipe = try #require(result.withLock { $0 })
        #expect(swipe.status == 0, "\(swipe.standardError)")
        #expect(eventually { recorder.touches.count == 8 })
        let touches = recorder.touches
        #expect(touches.map(\.phase) == [.down] + Array(repeating: .motion, count: 6) + [.up])
        #expect(touches.first?.time == 2)
        #expect(touches.last?.time == 2 + 6.0 / 60)
        // 60 points in 0.1 s: every move is 10 points after 1/60 s, 600 points per second exactly.
        for (a, b) in zip(touches[0..<6], touches[1..<7]) {
            let velocity = (b.scenePoint.x - a.scenePoint.x) / (b.time - a.time)
            #expect(abs(velocity - 600) < 1e-6, "\(a) → \(b)")
        }
        #expect(Set(touches.map(\.sequence)).count == 1)
    }

    @Test func animctlKeyAndTextReachTheFocusedClient() throws {
        let daemon = try DaemonHarness()
        let (client, _, recorder) = try app(daemon)
        try client.requestFocus()
        try client.sync()
        #expect(try daemon.animctl(["input", "text", "Hi!"]).status == 0)
        #expect(try daemon.animctl(["input", "key", "Return"]).status == 0)
        #expect(eventually { recorder.keys.count == 12 })
        let keys = recorder.keys
        #expect(keys.filter(\.pressed).map(\.text).joined() == "Hi!\r")
        #expect(keys.first { $0.text == "H" }?.modifiers == 1)
        let refused = try daemon.animctl(["input", "key", "NoSuchKey"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("InputInject.events[0].action.keyName.name"), "\(refused.standardError)")
    }

    @Test func animctlInputWatchPrintsEveryRoutedEvent() throws {
        let daemon = try DaemonHarness()
        let (client, card, _) = try app(daemon)
        try moveClock(client, to: 0.5)
        let output = Mutex<ProgramResult?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let watch = try? daemon.animctl(["input", "--watch", "--count", "3"])
            output.withLock { $0 = watch }
            finished.signal()
        }
        // The watcher is connected and subscribed once it shows among the clients and a Sync of its own passed.
        #expect(try eventually { try client.inspectClients().count == 2 })
        usleep(300_000)
        #expect(try daemon.animctl(["input", "tap", "80", "60"]).status == 0)
        #expect(finished.wait(timeout: .now() + 20) == .success)
        let watch = try #require(output.withLock { $0 })
        #expect(watch.status == 0, "\(watch.standardError)")
        let lines = watch.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let session = client.session
        #expect(
            lines.first
                == "client \(session) touch down seq 1 t 0.5 layer \(card.id.rawValue) scene (80, 60) local (10, 10)")
        #expect(lines.contains("client \(session) focus in"))
        #expect(lines.contains { $0.hasPrefix("client \(session) touch up seq 1 t 0.5") })
    }

    /// protocol/examples/input_client.py, written from protocol/README.md alone, gets its own injected tap back.
    @Test func aPythonClientWrittenFromTheSpecReceivesItsTap() throws {
        let daemon = try DaemonHarness()
        let script = BuiltProgram.repositoryRoot.appendingPathComponent("protocol/examples/input_client.py").path
        let result = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, daemon.socketPath])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.split(separator: "\n") == [
                "welcome: version 4",
                "touch down sequence 1 layer 1 scene (10.0, 20.0) local (60.0, 70.0)",
                "touch up sequence 1 layer 1 scene (10.0, 20.0) local (60.0, 70.0)",
                "injected 9",
            ])
    }

    @Test(.enabled(if: getuid() == 0, "needs root to run animctl as another user"))
    func anotherUserMayNotInjectOrWatch() throws {
        let daemon = try DaemonHarness()
        chmod(daemon.socketPath, 0o777)
        chmod(daemon.folder.url.path, 0o755)
        let animctl = BuiltProgram.url("animctl").path
        let tap = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", animctl, "input", "tap", "1", "1", "--socket",
                daemon.socketPath,
            ])
        #expect(tap.status != 0)
        #expect(tap.standardError.contains("permissionDenied"), "\(tap.standardError)")
        let watch = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", animctl, "input", "--watch", "--socket",
                daemon.socketPath,
            ])
        #expect(watch.status != 0)
        #expect(watch.standardError.contains("permissionDenied"), "\(watch.standardError)")
    }
}
