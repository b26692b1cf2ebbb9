import AnimImage
import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// The real daemon drawing with each renderer on a 160x120 output, read back through screenshots.
@Suite struct RenderingTests {
    /// A red 40x30 layer whose top-left corner is at (20, 10), with a green 10x10 sublayer in its corner.
    private func redScene(_ daemon: DaemonHarness) throws -> (Connection, AnimKit.Layer) {
        let client = try connectClient(daemon, name: "red")
        Transaction.begin()
        let red = AnimKit.Layer(connection: client)
        red.frame = Rect(x: 20, y: 10, width: 40, height: 30)
        red.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let green = AnimKit.Layer(connection: client)
        green.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        green.backgroundColor = Color(red: 0, green: 1, blue: 0)
        try red.addSublayer(green)
        Transaction.commit()
        try client.sync()
        return (client, red)
    }

    private func pixel(_ image: PNGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.pixel(x: x, y: y)
        return [p.r, p.g, p.b, p.a]
    }

    private func pixel(_ shot: ScreenshotImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * shot.width + x) * 4
        return Array(shot.pixels[i..<i + 4])
    }

    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let black: [UInt8] = [0, 0, 0, 255]

    @Test(arguments: TestRenderers.all)
    func aRedLayerIsRedInTheScreenshotAndTheRestIsBlack(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        // The client stays connected while animctl looks: a closed connection's layers are gone.
        let (client, _) = try redScene(daemon)
        let path = daemon.folder.url.appendingPathComponent("out.png").path
        let result = try daemon.animctl(["screenshot", path])
        withExtendedLifetime(client) {}
        #expect(result.status == 0, "\(result.standardError)\n\(daemon.log)")
        #expect(result.standardOutput.contains("160x120"))
        let image = try PNGImage.read(contentsOf: path)
        #expect(image.width == 160 && image.height == 120)
        #expect(pixel(image, 40, 25) == Self.red)
        #expect(pixel(image, 20, 39) == Self.red && pixel(image, 59, 10) == Self.red)
        #expect(pixel(image, 19, 25) == Self.black && pixel(image, 60, 25) == Self.black)
        #expect(pixel(image, 40, 9) == Self.black && pixel(image, 40, 40) == Self.black)
        #expect(pixel(image, 25, 15) == Self.green)
        #expect(pixel(image, 100, 100) == Self.black)
    }

    @Test(arguments: TestRenderers.all)
    func anAnimatedPositionAtTwoManualTimes(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "moving")
        Transaction.begin()
        let square = AnimKit.Layer(connection: client)
        square.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        square.position = Point(x: 120, y: 60)
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let move = AnimKit.BasicAnimation(keyPath: "position", from: .point(Point(x: 40, y: 60)), to: nil)
        move.duration = 1
        move.timingFunction = .linear
        try square.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()
        // At 0.25 s the centre is at x = 60 (covering 50..<70); at 0.75 s at x = 100 (90..<110).
        try moveClock(client, to: 0.25)
        let early = try client.screenshot()
        #expect(early.time == 0.25)
        #expect(pixel(early, 50, 60) == Self.red && pixel(early, 69, 60) == Self.red)
        #expect(pixel(early, 49, 60) == Self.black && pixel(early, 70, 60) == Self.black)
        try moveClock(client, to: 0.75)
        let late = try client.screenshot()
        #expect(pixel(late, 90, 60) == Self.red && pixel(late, 109, 60) == Self.red)
        #expect(pixel(late, 89, 60) == Self.black && pixel(late, 110, 60) == Self.black)
        #expect(pixel(late, 60, 60) == Self.black)
    }

    /// Animations between finite values no client is refused for can present values no client may set: halfway
    /// from x = 1e308 to −1e308 is −∞, and a scale from 1e308 to −1e308 passes through ∞·0. The daemon draws past
    /// them: the layer above stays drawn at every time, and the daemon goes on serving another client.
    @Test(arguments: TestRenderers.all)
    func overflowingAnimationsAreDrawnPast(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "overflow")
        Transaction.begin()
        let wild = AnimKit.Layer(connection: client)
        wild.frame = Rect(x: 20, y: 10, width: 40, height: 30)
        wild.backgroundColor = Color(red: 1, green: 0, blue: 0)
        wild.borderWidth = 2
        wild.cornerRadius = 4
        wild.shadowOpacity = 1
        let sentinel = AnimKit.Layer(connection: client)
        sentinel.frame = Rect(x: 130, y: 90, width: 10, height: 10)
        sentinel.backgroundColor = Color(red: 0, green: 1, blue: 0)
        let move = AnimKit.BasicAnimation(
            keyPath: "position", from: .point(Point(x: 1e308, y: 0)), to: .point(Point(x: -1e308, y: 1e308)))
        let grow = AnimKit.BasicAnimation(keyPath: "transform.scale", from: .number(1e308), to: .number(-1e308))
        for animation in [move, grow] {
            animation.duration = 1
            animation.timingFunction = .linear
        }
        try wild.add(move, forKey: "move")
        try wild.add(grow, forKey: "grow")
        Transaction.commit()
        try client.sync()
        for time in [0.25, 0.5, 0.75] {
            try moveClock(client, to: time)
            let shot = try client.screenshot()
            #expect(pixel(shot, 135, 95) == Self.green, "at \(time)")
        }
        #expect(try wild.presentation().position.x == -.infinity)
        let other = try connectClient(daemon, name: "other")
        Transaction.begin()
        let plain = AnimKit.Layer(connection: other)
        plain.frame = Rect(x: 0, y: 100, width: 10, height: 10)
        plain.backgroundColor = Color(red: 0, green: 0, blue: 1)
        Transaction.commit()
        try other.sync()
        #expect(pixel(try other.screenshot(), 5, 105) == [0, 0, 255, 255])
    }

    @Test(arguments: TestRenderers.all)
    func oneLayerDrawnAlone(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let (client, red) = try redScene(daemon)
        let path = daemon.folder.url.appendingPathComponent("layer.png").path
        let result = try daemon.animctl([
            "screenshot", "--client", "\(client.session)", "--layer", "\(red.id.rawValue)", path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try PNGImage.read(contentsOf: path)
        #expect(image.width == 40 && image.height == 30)
        #expect(pixel(image, 5, 5) == Self.green)
        #expect(pixel(image, 10, 10) == Self.red && pixel(image, 39, 29) == Self.red)
    }

    @Test(arguments: TestRenderers.all)
    func aPNGFileLoadedByTheSDKIsShown(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let file = daemon.folder.url.appendingPathComponent("blue.png").path
        try PNGImage(width: 4, height: 4, fill: Color(red: 0, green: 0, blue: 1)).write(to: file)
        let client = try connectClient(daemon, name: "png")
        let image = try client.uploadImage(contentsOfPNGFile: file)
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        layer.frame = Rect(x: 100, y: 40, width: 40, height: 40)
        layer.contents = image
        Transaction.commit()
        try client.sync()
        let shot = try client.screenshot()
        #expect(pixel(shot, 120, 60) == [0, 0, 255, 255])
        #expect(pixel(shot, 101, 41) == [0, 0, 255, 255])
        #expect(pixel(shot, 99, 60) == Self.black)
    }

    @Test func badScreenshotRequestsGetErrorsAndTheDaemonKeepsServing() throws {
        let daemon = try DaemonHarness()
        let (client, _) = try redScene(daemon)
        let path = daemon.folder.url.appendingPathComponent("bad.png").path
        let layer = try daemon.animctl(["screenshot", "--client", "\(client.session)", "--layer", "999", path])
        #expect(layer.status != 0)
        #expect(layer.standardError.contains("unknownLayer"))
        let stranger = try daemon.animctl(["screenshot", "--client", "4242", "--layer", "1", path])
        #expect(stranger.status != 0)
        #expect(stranger.standardError.contains("unknownClient"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: AnimKitError.self) { try client.screenshot(layer: 1 << 33) }
        let good = try daemon.animctl(["screenshot", path])
        #expect(good.status == 0, "\(good.standardError)")
        #expect(try client.screenshot().width == 160)
    }

    @Test func anIdleSceneDrawsNoFrames() throws {
        let daemon = try DaemonHarness()
        let (client, _) = try redScene(daemon)
        func output() throws -> InspectionDocuments.Output { try #require(try serverStatus(client).output) }
        #expect(try eventually { try output().framesDrawn >= 1 })
        #expect(try waitForRenderThread(client))
        let drawn = try output().framesDrawn
        func notDrawn() throws -> UInt64 {
            let o = try output()
            return o.framesUnchanged + o.framesSkipped
        }
        let idle = try notDrawn()
        for t in [0.5, 1.0, 1.5] { try moveClock(client, to: t) }
        // Each clock change runs a frame; nothing in the scene changed, so none draws: the render thread finds
        // each unchanged, or skips it when a newer one arrives first.
        #expect(try waitForRenderThread(client))
        #expect(try notDrawn() == idle + 3)
        #expect(try output().framesDrawn == drawn)
        let status = try output()
        #expect(status.renderer == "software")
        #expect(status.width == 160 && status.height == 120)
        #expect(status.reason == "--renderer software")
    }

    /// A square moving 40 pixels between two frames redraws its old and its new box (each with the one-pixel
    /// antialiasing margin the damage tracker adds), not the output.
    @Test(arguments: TestRenderers.all)
    func aMovingLayerRedrawsOnlyItsOldAndNewArea(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "mover")
        Transaction.begin()
        let square = AnimKit.Layer(connection: client)
        square.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        square.position = Point(x: 120, y: 60)
        square.backgroundColor = Color(red: 0, green: 0, blue: 1)
        // x = 20 + 100·t: whole-pixel edges at t = 0.1 (20..<40) and t = 0.5 (60..<80).
        let move = AnimKit.BasicAnimation(keyPath: "position", from: .point(Point(x: 20, y: 60)), to: nil)
        move.duration = 1
        move.timingFunction = .linear
        try square.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()
        func output() throws -> InspectionDocuments.Output { try #require(try serverStatus(client).output) }
        try moveClock(client, to: 0.1)
        #expect(try waitForRenderThread(client))
        let before = try output().framesDrawn
        try moveClock(client, to: 0.5)
        #expect(try waitForRenderThread(client))
        #expect(try output().framesDrawn == before + 1)
        // Two disjoint 22x22 boxes: 19..<41 and 59..<81 by 49..<71.
        #expect(try output().pixelsRedrawn == 2 * 22 * 22)
        let shot = try client.screenshot()
        #expect(pixel(shot, 60, 50) == [0, 0, 255, 255] && pixel(shot, 79, 69) == [0, 0, 255, 255])
        #expect(pixel(shot, 30, 60) == Self.black && pixel(shot, 59, 60) == Self.black)
    }

    /// A CATransition added in the same transaction that turns the layer from red to blue: the server keeps
    /// the old red state and draws both, cross-faded at half way and pushed half way.
    @Test(arguments: TestRenderers.all)
    func aTransitionDrawsTheOldAndTheNewState(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "transition")
        Transaction.begin()
        let fading = AnimKit.Layer(connection: client)
        fading.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        fading.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let pushed = AnimKit.Layer(connection: client)
        pushed.frame = Rect(x: 80, y: 10, width: 40, height: 40)
        pushed.backgroundColor = Color(red: 1, green: 0, blue: 0)
        Transaction.commit()
        try client.sync()

        Transaction.begin()
        Transaction.disableActions = true
        let fade = AnimKit.Transition(type: .fade)
        fade.duration = 1
        fade.timingFunction = .linear
        try fading.add(fade, forKey: "transition")
        fading.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let push = AnimKit.Transition(type: .push, subtype: .fromLeft)
        push.duration = 1
        push.timingFunction = .linear
        try pushed.add(push, forKey: "transition")
        pushed.backgroundColor = Color(red: 0, green: 0, blue: 1)
        Transaction.commit()
        try client.sync()

        try moveClock(client, to: 0.5)
        let half = try client.screenshot()
        // Fade: red and blue added at half strength each.
        let mix = pixel(half, 30, 30)
        #expect(abs(Int(mix[0]) - 128) <= 2 && mix[1] == 0 && abs(Int(mix[2]) - 128) <= 2 && mix[3] == 255, "\(mix)")
        // Push from the left: the new blue state has come in 20 points (80..<100), the old red moved right.
        #expect(pixel(half, 90, 30) == [0, 0, 255, 255])
        #expect(pixel(half, 110, 30) == Self.red && pixel(half, 135, 30) == Self.red)
        try moveClock(client, to: 1.5)
        let done = try client.screenshot()
        #expect(pixel(done, 30, 30) == [0, 0, 255, 255] && pixel(done, 110, 30) == [0, 0, 255, 255])
        #expect(pixel(done, 135, 30) == Self.black)
    }

    @Test func recordWritesOneFilePerManualStep() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "record")
        Transaction.begin()
        let square = AnimKit.Layer(connection: client)
        square.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        square.position = Point(x: 110, y: 60)
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let move = AnimKit.BasicAnimation(keyPath: "position", from: .point(Point(x: 30, y: 60)), to: nil)
        move.duration = 1
        move.timingFunction = .linear
        try square.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()
        let folder = daemon.folder.url.appendingPathComponent("frames").path
        let result = try daemon.animctl(["record", "--frames", "3", "--step", "0.5", folder])
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        // The centre moves from x = 30 to 70 to 110 (the animation is over at 1 s).
        for (index, x) in [30, 70, 110].enumerated() {
            let image = try PNGImage.read(contentsOf: "\(folder)/frame-000\(index).png")
            #expect(pixel(image, x, 60) == Self.red, "frame \(index)")
            #expect(pixel(image, x - 11, 60) == Self.black && pixel(image, x + 10, 60) == Self.black, "frame \(index)")
        }
        #expect(try client.clock(.query).time == 1)
    }

    @Test func recordOnTheRealClockTakesTheNextFrames() throws {
        let daemon = try DaemonHarness(clock: "monotonic")
        let (client, _) = try redScene(daemon)
        let folder = daemon.folder.url.appendingPathComponent("live").path
        let result = try daemon.animctl(["record", "--frames", "3", folder])
        withExtendedLifetime(client) {}
        #expect(result.status == 0, "\(result.standardError)")
        // "PATH: frame N at T s", one line per file, each a later frame than the one before.
        let frames = result.standardOutput.split(separator: "\n").compactMap { line in
            line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
        }
        #expect(frames.count == 3)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 < $1 }, "\(frames)")
        let image = try PNGImage.read(contentsOf: "\(folder)/frame-0002.png")
        #expect(pixel(image, 40, 25) == Self.red)
    }

    @Test func autoExplainsItsChoiceAndGLESShowsTheForcedTextureLimit() throws {
        let auto = try DaemonHarness(renderer: "auto")
        let client = try connectClient(auto, name: "auto")
        let output = try #require(try serverStatus(client).output)
        let reason = output.reason
        switch output.renderer {
        case "software":
            // EGL here is a CPU rasterizer (Mesa llvmpipe) or missing.
            #expect(reason.hasPrefix("EGL reports ") || reason.hasPrefix("EGL is unavailable: "), "\(reason)")
        case "gles":
            #expect(reason.hasPrefix("EGL came up on a hardware GPU"), "\(reason)")
        case let other:
            Issue.record("unexpected renderer \(other)")
        }
        #expect(auto.log.contains("renderer chosen"))

        let gles = try DaemonHarness(renderer: "gles", arguments: ["--max-texture-size", "1024"])
        let glesClient = try connectClient(gles, name: "gles")
        let glesOutput = try #require(try serverStatus(glesClient).output)
        #expect(glesOutput.renderer == "gles")
        #expect(glesOutput.maxTextureSize == 1024)
        #expect(glesOutput.reason.hasPrefix("--renderer gles"))
    }

    @Test func badOutputOptionsAreStartErrors() throws {
        let size = try BuiltProgram.run("animserverd", ["--socket", "/nonexistent/x.sock", "--size", "0x120"])
        #expect(size.status != 0)
        #expect(size.standardError.contains("--size 0x120"))
        let limit = try BuiltProgram.run(
            "animserverd", ["--socket", "/nonexistent/x.sock"], environment: ["ANIMSERVER_MAX_TEXTURE_SIZE": "big"])
        #expect(limit.status != 0)
        #expect(limit.standardError.contains("ANIMSERVER_MAX_TEXTURE_SIZE=big"))
    }
}
