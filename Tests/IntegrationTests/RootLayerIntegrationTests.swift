import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// The SDK as an iOS developer starts with it, against the real daemon: the display's size, the connection's root
/// layer, a tree built before it is attached, and a command-line program with no main-queue turn.
@Suite struct RootLayerIntegrationTests {
    /// Runs the built `example-hello-layer --print` (top-level code on the main thread, never a main-queue turn),
    /// killed if it has not exited in `timeout` seconds: a wait on the main queue would hang it.
    static func runHelloLayer(_ daemon: DaemonHarness, timeout: Double = 60) throws -> (status: Int32, lines: [String])
    {
        let scratch = try TemporaryFolder(prefix: "hello-layer")
        let outputURL = scratch.url.appendingPathComponent("stdout")
        try Data().write(to: outputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let program = Process()
        program.executableURL = BuiltProgram.url("example-hello-layer")
        program.arguments = ["--socket", daemon.socketPath, "--print"]
        program.standardOutput = output
        program.standardError = FileHandle.nullDevice
        program.standardInput = FileHandle.nullDevice
        try program.run()
        let deadline = Date().addingTimeInterval(timeout)
        while program.isRunning && Date() < deadline { usleep(20_000) }
        if program.isRunning { kill(program.processIdentifier, SIGKILL) }
        program.waitUntilExit()
        try output.close()
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        return (program.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    @Test func aCommandLineProgramsImplicitChangesReachTheServerAtSync() throws {
        let daemon = try DaemonHarness(size: "320x240")
        let (status, lines) = try Self.runHelloLayer(daemon)
        #expect(status == 0, "example-hello-layer exited with \(status) (a hang is killed: 9)")
        try #require(lines.count == 2, "expected the tree and the animations, got \(lines)")
        let tree = try InspectionJSON.decode(InspectionDocuments.Tree.self, from: lines[0])
        let root = try #require(tree.roots.first { $0.properties["name"] == .string("rootLayer") })
        #expect(root.properties["bounds"] == .rect(Rect(x: 0, y: 0, width: 320, height: 240)))
        #expect(root.properties["position"] == .point(Point(x: 0, y: 0)))
        #expect(root.properties["anchorPoint"] == .point(Point(x: 0, y: 0)))
        let card = try #require(root.sublayers.first)
        #expect(root.sublayers.count == 1)
        #expect(card.properties["bounds"] == .rect(Rect(x: 0, y: 0, width: 160, height: 120)))
        #expect(card.properties["position"] == .point(Point(x: 160, y: 120)))
        #expect(card.properties["cornerRadius"] == .number(12))
        #expect(card.properties["backgroundColor"] == .color(Color(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)))
        #expect(card.sublayers.count == 1)
        #expect(card.sublayers.first?.properties["bounds"] == .rect(Rect(x: 0, y: 0, width: 40, height: 40)))
        let animations = try InspectionJSON.decode(Array<InspectionDocuments.Animation>.self, from: lines[1])
        #expect(animations.map(\.key) == ["spin"])
        #expect(animations.first?.layer == card.id)
        #expect(animations.first?.class == "CABasicAnimation")
        #expect(animations.first?.duration == 4)
    }

    @Test func theDisplayIsTheOutputAndTheRootLayerCoversItAndShowsItsSublayers() throws {
        let daemon = try DaemonHarness(size: "320x240")
        let connection = try connectClient(daemon)
        let refresh = try #require(try connection.inspectStatus().output?.refresh)
        let display = try #require(connection.display)
        #expect(display.bounds == Rect(x: 0, y: 0, width: 320, height: 240))
        #expect(display.size == Size(width: 320, height: 240))
        #expect(display.scale == 1)
        #expect(display.pixelSize == Size(width: 320, height: 240))
        #expect(display.refreshRate == refresh)
        #expect(display.outputs.map(\.name) == ["headless"])

        let root = connection.rootLayer
        #expect(connection.rootLayer === root)
        #expect(root.frame == Rect(x: 0, y: 0, width: 320, height: 240))
        root.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        let red = Layer()
        red.frame = Rect(x: 200, y: 20, width: 100, height: 80)
        red.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        try root.addSublayer(red)
        try connection.sync()

        let shot = try connection.screenshot(nextFrame: true)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * shot.width + x) * 4
            return Array(shot.pixels[i..<i + 4])
        }
        #expect(shot.width == 320 && shot.height == 240)
        #expect(pixel(250, 60) == [255, 0, 0, 255])
        #expect(pixel(10, 230) == [0, 0, 255, 255])
    }

    @Test func aTreeBuiltWithoutAConnectionShowsWithItsValuesAndItsAnimationRuns() throws {
        let daemon = try DaemonHarness(size: "320x240")
        let connection = try connectClient(daemon)
        let card = Layer()
        card.frame = Rect(x: 20, y: 30, width: 100, height: 50)
        card.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        let badge = TextLayer()
        badge.frame = Rect(x: 5, y: 5, width: 40, height: 20)
        try card.addSublayer(badge)
        let fade = BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
        fade.duration = 2
        fade.timingFunction = .linear
        try card.add(fade, forKey: "fade")
        // Read before it is attached, from the local model.
        #expect(card.frame == Rect(x: 20, y: 30, width: 100, height: 50))
        #expect(card.sublayers.count == 1)
        #expect(card.animationKeys == ["fade"])

        let start = try connection.clock(.query).time
        Transaction.begin()
        try connection.rootLayer.addSublayer(card)
        Transaction.commit()
        try connection.sync()

        let tree = try connection.inspectTree()
        let root = try #require(tree.roots.first { $0.id == connection.rootLayer.id.rawValue })
        let sent = try #require(root.sublayers.first)
        #expect(sent.id == card.id.rawValue)
        #expect(sent.properties["bounds"] == .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(sent.properties["position"] == .point(Point(x: 70, y: 55)))
        #expect(sent.properties["backgroundColor"] == .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))
        #expect(sent.sublayers.map(\.class) == ["CATextLayer"])
        #expect(sent.sublayers.first?.properties["position"] == .point(Point(x: 25, y: 15)))
        // The animation began at the commit that attached it, on the server clock.
        #expect(abs(try card.presentation(at: start + 0.5).opacity - 0.25) < 1e-6)
        #expect(abs(try card.presentation(at: start + 1.5).opacity - 0.75) < 1e-6)
        #expect(try connection.inspectAnimations().map(\.key) == ["fade"])
    }
}
