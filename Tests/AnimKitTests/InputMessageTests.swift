import AnimCore
import AnimKit
import AnimProtocol
import Dispatch
import Testing

/// Input messages from the server to layers' handlers, recognizers, the key and focus handlers, on the
/// delegate queue; the subscription the SDK sends for them.
@Suite struct InputMessageTests {
    private static func touch(
        _ phase: WireTouchPhase, _ time: Double, _ x: Double, _ y: Double, layer: UInt32?, local: Point
    ) -> Message {
        .touchEvent(
            AnimProtocol.TouchEvent(
                phase: phase, sequence: 9, time: time, layer: layer, scenePoint: WirePoint(x: x, y: y),
                layerPoint: local.wire))
    }

    @Test func aRecognizerSubscribesToTouchesAndAPanFollowsTheServersEvents() throws {
        let server = try FakeServer(version: 4)
        let card = Layer(connection: server.connection)
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        card.position = Point(x: 200, y: 200)
        Transaction.flush()
        let recorder = Recorder()
        let key = server.queueKey
        let pan = PanGestureRecognizer { pan in
            let t = pan.translation(in: nil) ?? Point(x: .nan, y: .nan)
            let v = pan.velocity(in: nil) ?? Point(x: .nan, y: .nan)
            recorder.record(
                "\(pan.state) t=\(pan.timestamp) (\(t.x), \(t.y)) v=(\(v.x), \(v.y)) on \(DispatchQueue.getSpecific(key: key) ?? "?")"
            )
        }
        card.addGestureRecognizer(pan)
        let sent = try server.drain()
        #expect(sent.contains { $0 == .inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)) })

        try server.send(Self.touch(.down, 101, 200, 200, layer: card.id.rawValue, local: Point(x: 50, y: 50)))
        for i in 1...4 {
            let x = 200 + 8 * Double(i)
            try server.send(
                Self.touch(
                    .motion, 101 + Double(i) / 64, x, 200, layer: card.id.rawValue, local: Point(x: x - 150, y: 50)))
        }
        try server.send(Self.touch(.up, 101 + 4.0 / 64, 232, 200, layer: card.id.rawValue, local: Point(x: 82, y: 50)))
        try server.connection.sync()
        #expect(
            recorder.all == [
                "began t=101.03125 (16.0, 0.0) v=(512.0, 0.0) on delegates",
                "changed t=101.046875 (24.0, 0.0) v=(512.0, 0.0) on delegates",
                "changed t=101.0625 (32.0, 0.0) v=(512.0, 0.0) on delegates",
                "ended t=101.0625 (32.0, 0.0) v=(512.0, 0.0) on delegates",
            ])
    }

    @Test func theHitLayersPointIsTheServersAndACancelEndsTheSequence() throws {
        let server = try FakeServer(version: 4)
        let root = Layer(connection: server.connection)
        let recorder = Recorder()
        root.onTouch = { event in
            let p = event.location(in: root).map { "(\($0.x), \($0.y))" } ?? "nil"
            recorder.record("\(event.phase) layer \(event.touch.layer === root) at \(p)")
        }
        // The server's point on the presentation tree, not the model's conversion.
        try server.send(Self.touch(.down, 101, 30, 40, layer: root.id.rawValue, local: Point(x: 7, y: 8)))
        try server.send(Self.touch(.cancel, 102, 30, 40, layer: root.id.rawValue, local: Point(x: 7, y: 8)))
        try server.connection.sync()
        #expect(recorder.all == ["began layer true at (7.0, 8.0)", "cancelled layer true at (7.0, 8.0)"])
    }

    @Test func keysAndFocusGoToTheConnectionsHandlers() throws {
        let server = try FakeServer(version: 4)
        let recorder = Recorder()
        server.connection.onFocusChange = { recorder.record("focus \($0)") }
        server.connection.onKey = { key in
            recorder.record("key \(key.keysym) \"\(key.text)\" \(key.modifiers == .shift) pressed \(key.isPressed)")
        }
        // Version 2 and later also say AcknowledgeCommits at the start.
        let sent = try server.drain().filter { if case .acknowledgeCommits = $0 { false } else { true } }
        #expect(
            sent == [
                .inputSubscribe(InputSubscribe(kinds: 8, watchAll: false)),
                .inputSubscribe(InputSubscribe(kinds: 12, watchAll: false)),
            ])
        try server.send(.focusChanged(FocusChanged(focused: true)))
        try server.send(
            .keyEvent(
                AnimProtocol.KeyEvent(
                    time: 101, keycode: 30, keysym: 0x41, text: "A", modifiers: 1, pressed: true, repeated: false)))
        try server.connection.sync()
        #expect(recorder.all == ["focus true", "key 65 \"A\" true pressed true"])
        #expect(server.connection.hasKeyboardFocus)
    }

    @Test func pointerEventsGoToTheNearestHandlerUpTheSuperlayers() throws {
        let server = try FakeServer(version: 4)
        let root = Layer(connection: server.connection)
        let button = Layer(connection: server.connection)
        try root.addSublayer(button)
        Transaction.flush()
        let recorder = Recorder()
        root.onPointer = { e in recorder.record("\(e.phase) \(e.layer === button) \(e.button) \(e.isPressed)") }
        try server.send(
            .pointerEvent(
                AnimProtocol.PointerEvent(
                    phase: .button, time: 101, layer: button.id.rawValue, scenePoint: WirePoint(x: 5, y: 5),
                    layerPoint: WirePoint(x: 5, y: 5), button: 0x110, pressed: true, axis: WirePoint(x: 0, y: 0))))
        try server.connection.sync()
        #expect(recorder.all == ["button true 272 true"])
    }

    @Test func aVersionThreeServerGetsNoSubscription() throws {
        let server = try FakeServer(version: 3)
        let layer = Layer(connection: server.connection)
        layer.onTouch = { _ in }
        Transaction.flush()
        let sent = try server.drain()
        #expect(!sent.contains { if case .inputSubscribe = $0 { true } else { false } })
    }
}
