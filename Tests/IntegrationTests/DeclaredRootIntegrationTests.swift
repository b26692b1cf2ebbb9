import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Testing

/// A connection that uses `rootLayer` (protocol version 5 declares it, `SetRootLayer`) shows only that layer's
/// tree: a layer removed from its superlayer leaves the screen and takes no input, as in Core Animation; a client
/// of version 4 still has every parentless layer drawn and hit (docs/core-animation-rules.md, "Scenes off screen").
@Suite struct DeclaredRootIntegrationTests {
    @Test func aLayerRemovedFromTheRootLayerLeavesTheScreenAndTakesNoTap() throws {
        let daemon = try DaemonHarness(size: "160x120")
        let app = try connectClient(daemon, name: "root-app")
        let recorder = InputRecorder()
        app.inputHandler = { recorder.record($0) }
        Transaction.begin()
        Transaction.disableActions = true
        let root = app.rootLayer
        root.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let red = AnimKit.Layer()
        red.frame = Rect(x: 100, y: 20, width: 40, height: 40)
        red.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        try root.addSublayer(red)
        Transaction.commit()
        try app.subscribeInput(.all)
        try app.sync()
        func pixel(_ shot: ScreenshotImage, _ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * shot.width + x) * 4
            return Array(shot.pixels[i..<i + 4])
        }
        #expect(pixel(try app.screenshot(nextFrame: true), 120, 40) == [255, 0, 0, 255])

        Transaction.begin()
        red.removeFromSuperlayer()
        Transaction.commit()
        try app.sync()
        let shot = try app.screenshot(nextFrame: true)
        #expect(pixel(shot, 120, 40) == [0, 0, 255, 255], "the removed red layer is still drawn")
        // The red layer still exists on the server, parentless, with its animations: only not shown.
        #expect(try app.inspectTree().roots.contains { $0.id == red.id.rawValue })

        let tap = try daemon.animctl(["input", "tap", "120", "40"])
        #expect(tap.status == 0, "\(tap.standardError)")
        try app.sync()
        #expect(eventually { recorder.touches.count == 2 })
        #expect(
            recorder.touches.map(\.layer) == [root.id.rawValue, root.id.rawValue], "the tap reached \(recorder.touches)"
        )
    }

    @Test func aClientOfVersion4StillHasItsParentlessLayersDrawnAndHit() throws {
        let daemon = try DaemonHarness(size: "160x120")
        let old = try RawClient(daemon, version: 4)
        old.send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [
                        .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                        .setProperty(
                            WireSetProperty(
                                layer: 1, keyPath: "bounds", value: .rect(WireRect(x: 0, y: 0, width: 160, height: 120))
                            )),
                        .setProperty(
                            WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 80, y: 60)))),
                        .createLayer(WireCreateLayer(layer: 2, layerClass: .layer)),
                        .setProperty(
                            WireSetProperty(
                                layer: 2, keyPath: "bounds", value: .rect(WireRect(x: 0, y: 0, width: 40, height: 40)))),
                        .setProperty(
                            WireSetProperty(layer: 2, keyPath: "position", value: .point(WirePoint(x: 120, y: 40)))),
                        .insertSublayer(WireInsertSublayer(parent: 1, layer: 2, index: -1)),
                        .removeFromSuperlayer(2),
                    ])))
        old.send(.inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)))
        old.send(
            .hitTestQuery(HitTestQuery(request: 3, point: WirePoint(x: 120, y: 40), root: nil, presentation: false)))
        let reply = try old.next { if case .hitTestReply = $0 { true } else { false } }
        #expect(reply == .hitTestReply(HitTestReply(request: 3, layer: 2)))
        #expect(try daemon.animctl(["input", "tap", "120", "40"]).status == 0)
        let touch = try old.next { if case .touchEvent = $0 { true } else { false } }
        guard case .touchEvent(let event)? = touch else {
            Issue.record("no touch reached the client of version 4: \(String(describing: touch))")
            return
        }
        #expect(event.layer == 2)
    }
}
