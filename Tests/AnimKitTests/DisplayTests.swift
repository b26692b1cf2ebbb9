import AnimCore
import AnimKit
import AnimProtocol
import Foundation
import Synchronization
import Testing

/// `connection.display` and `connection.rootLayer` against a server whose outputs change (a hotplug, a mode
/// change): the root layer follows the display's bounds at once, and the handler is told.
@Suite struct DisplayTests {
    /// The outputs the fake server reports, changed by the test.
    final class Outputs: Sendable {
        private let entries: Mutex<[InspectionDocuments.OutputEntry]>
        init(_ entries: [InspectionDocuments.OutputEntry]) { self.entries = Mutex(entries) }
        var json: String { (try? InspectionJSON.text(entries.withLock { $0 })) ?? "[]" }
        func set(_ new: [InspectionDocuments.OutputEntry]) { entries.withLock { $0 = new } }
    }

    static func output(
        _ name: String, x: Int, width: Int, height: Int, refresh: Double
    ) -> InspectionDocuments.OutputEntry {
        let mode = "\(width)x\(height)@\(refresh)"
        return InspectionDocuments.OutputEntry(
            name: name, device: "/dev/dri/card0", x: x, y: 0, width: width, height: height, mode: mode,
            modes: [mode], rotation: 0, rotatedBy: "plane", power: "on", modesetting: "atomic")
    }

    /// A server whose `outputs` document (and OutputControl's answer) is `outputs`'s current value.
    static func server(_ outputs: Outputs) throws -> FakeServer {
        let server = try FakeServer()
        server.respond { message in
            let json = outputs.json
            switch message {
            case .inspectRequest(let r):
                guard case .outputs = r.query else { return nil }
                return .inspectReply(InspectReply(request: r.request, json: json))
            case .outputControl(let c):
                return .inspectReply(InspectReply(request: c.request, json: json))
            default:
                return nil
            }
        }
        return server
    }

    @Test func theDisplayIsEveryOutputTogetherInPointsAtScaleOne() throws {
        let outputs = Outputs([
            Self.output("HDMI-A-1", x: 0, width: 1280, height: 720, refresh: 60),
            Self.output("DP-1", x: 1280, width: 800, height: 600, refresh: 75),
        ])
        let server = try Self.server(outputs)
        let display = try #require(server.connection.display)
        #expect(display.bounds == Rect(x: 0, y: 0, width: 2080, height: 720))
        #expect(display.size == Size(width: 2080, height: 720))
        #expect(display.scale == 1)
        #expect(display.pixelSize == Size(width: 2080, height: 720))
        #expect(display.refreshRate == 60)
        #expect(
            display.outputs == [
                DisplayInfo.Output(
                    name: "HDMI-A-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720), rotation: 0, refreshRate: 60),
                DisplayInfo.Output(
                    name: "DP-1", frame: Rect(x: 1280, y: 0, width: 800, height: 600), rotation: 0, refreshRate: 75),
            ])
    }

    @Test func theRootLayerFollowsTheDisplayWhenItChangesWithoutAnimationAndTheHandlerIsTold() throws {
        let outputs = Outputs([Self.output("HDMI-A-1", x: 0, width: 1280, height: 720, refresh: 60)])
        let server = try Self.server(outputs)
        let told = Mutex<[DisplayInfo]>([])
        server.connection.displayHandler = { info in told.withLock { $0.append(info) } }
        let root = server.connection.rootLayer
        #expect(server.connection.rootLayer === root)
        #expect(root.frame == Rect(x: 0, y: 0, width: 1280, height: 720))
        Transaction.flush()
        let created = try server.commitOperations()
        #expect(created.first == .createLayer(WireCreateLayer(layer: root.id.rawValue, layerClass: .layer)))
        #expect(
            created.contains(
                .setProperty(
                    WireSetProperty(
                        layer: root.id.rawValue, keyPath: "bounds",
                        value: .rect(WireRect(x: 0, y: 0, width: 1280, height: 720))))))

        // A hotplug: the app asks again, the root follows at once (no implicit animation), the handler hears it.
        outputs.set([Self.output("HDMI-A-1", x: 0, width: 1920, height: 1080, refresh: 60)])
        let updated = try #require(try server.connection.updateDisplay())
        #expect(updated.size == Size(width: 1920, height: 1080))
        #expect(server.connection.display == updated)
        #expect(root.bounds == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(
            try server.commitOperations() == [
                .setProperty(
                    WireSetProperty(
                        layer: root.id.rawValue, keyPath: "bounds",
                        value: .rect(WireRect(x: 0, y: 0, width: 1920, height: 1080))))
            ])
        #expect(told.withLock { $0 } == [updated])

        // A mode change made through the connection is taken from OutputControl's answer.
        outputs.set([Self.output("HDMI-A-1", x: 0, width: 800, height: 600, refresh: 60)])
        _ = try server.connection.outputControl(
            output: "", action: WireOutputAction.mode(WireOutputMode(width: 800, height: 600, refresh: 60)))
        #expect(root.bounds == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(server.connection.display?.size == Size(width: 800, height: 600))
        #expect(
            try server.commitOperations() == [
                .setProperty(
                    WireSetProperty(
                        layer: root.id.rawValue, keyPath: "bounds",
                        value: .rect(WireRect(x: 0, y: 0, width: 800, height: 600))))
            ])

        // Asking again with nothing changed changes nothing and tells no one.
        try server.connection.updateDisplay()
        #expect(try server.drain().isEmpty)
        try server.connection.sync()
        #expect(told.withLock { $0.map(\.size) } == [Size(width: 1920, height: 1080), Size(width: 800, height: 600)])
    }
}

/// From protocol version 5 the server tells the display (DisplayChanged) right after Welcome and after each
/// change: the SDK asks nothing, and the root layer and the handler follow each message.
@Suite struct DisplayChangedTests {
    static func display(width: UInt32, height: UInt32, rotation: UInt32 = 0) -> DisplayChanged {
        DisplayChanged(
            bounds: WireRect(x: 0, y: 0, width: Double(width), height: Double(height)), scale: 1,
            outputs: [
                WireDisplayOutput(
                    name: "headless", x: 0, y: 0, width: width, height: height, refresh: 50, rotation: rotation)
            ])
    }

    @Test func theDisplayComesWithWelcomeWithoutInspectionAndEachChangeMovesTheRootLayer() throws {
        let server = try FakeServer(version: 5, display: Self.display(width: 640, height: 480))
        let display = try #require(server.connection.display)
        #expect(
            display
                == DisplayInfo(
                    bounds: Rect(x: 0, y: 0, width: 640, height: 480), scale: 1, refreshRate: 50,
                    outputs: [
                        DisplayInfo.Output(
                            name: "headless", frame: Rect(x: 0, y: 0, width: 640, height: 480), rotation: 0,
                            refreshRate: 50)
                    ]))
        #expect(try server.drain().allSatisfy { $0.name != "InspectRequest" })

        let told = Mutex<[DisplayInfo]>([])
        server.connection.displayHandler = { info in told.withLock { $0.append(info) } }
        let root = server.connection.rootLayer
        #expect(root.frame == Rect(x: 0, y: 0, width: 640, height: 480))
        Transaction.flush()
        _ = try server.drain()

        // The server's output turned: the root layer follows without animation, the handler hears it.
        try server.send(.displayChanged(Self.display(width: 480, height: 640, rotation: 90)))
        try server.connection.sync()
        #expect(root.bounds == Rect(x: 0, y: 0, width: 480, height: 640))
        #expect(
            try server.commitOperations() == [
                .setProperty(
                    WireSetProperty(
                        layer: root.id.rawValue, keyPath: "bounds",
                        value: .rect(WireRect(x: 0, y: 0, width: 480, height: 640))))
            ])
        #expect(told.withLock { $0.map(\.size) } == [Size(width: 480, height: 640)])
        #expect(server.connection.display?.outputs.first?.rotation == 90)
        // Asking is a round trip that changes nothing more.
        #expect(try server.connection.updateDisplay()?.size == Size(width: 480, height: 640))
        #expect(told.withLock { $0.count } == 1)
    }
}
