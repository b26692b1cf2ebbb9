import AnimCore
import AnimImage
import AnimRender
import Logging
import Synchronization
import Testing

@testable import AnimDisplay

@Suite("Splash: shown until the first client commit, then cross-faded")
struct SplashTests {
    static let size = PixelSize(width: 8, height: 8)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A client's scene: one blue layer over the whole output.
    static var scene: StaticScene {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        state.position = Point(x: 4, y: 4)
        state.backgroundColor = blue
        return StaticScene(
            roots: [LayerID(1)], layers: [LayerID(1): SceneLayer(id: LayerID(1), state: state, sublayers: [])])
    }

    /// A 2x1 red splash: fitted into 8x8 it is 8x4, rows 2…5, black above and below.
    static func output() throws -> HeadlessOutput {
        let splash = SplashImage(path: "red.png", image: PNGImage(width: 2, height: 1, fill: red))
        return try HeadlessOutput(
            configuration: OutputConfiguration(size: size, renderer: .software), splash: splash,
            logger: Logger(label: "splash-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func shot(_ output: HeadlessOutput, at time: Double, content: Bool) throws -> PixelBuffer {
        let result = Mutex<Result<Screenshot, ScreenshotError>?>(nil)
        output.screenshotNextFrame([ScreenshotJob(target: .output, completion: { r in result.withLock { $0 = r } })])
        output.submit(DisplayFrame(frame: 1, time: time, scenes: content ? [scene] : []))
        output.waitUntilIdle()
        return try #require(result.withLock { $0 }).get().pixels
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int)) -> Bool {
        abs(Int(p.r) - e.0) <= 1 && abs(Int(p.g) - e.1) <= 1 && abs(Int(p.b) - e.2) <= 1 && p.a == 255
    }

    @Test func fadeIsFullUntilTheFirstContentThenLinearOverAQuarterSecond() {
        var fade = SplashFade()
        #expect(fade.opacity(at: 0, hasContent: false) == 1)
        #expect(fade.opacity(at: 3, hasContent: false) == 1)
        #expect(!fade.isFading)
        #expect(fade.opacity(at: 5, hasContent: true) == 1)
        #expect(fade.fadeStart == 5 && fade.isFading)
        #expect(fade.opacity(at: 4, hasContent: true) == 1)
        #expect(fade.opacity(at: 5.0625, hasContent: true) == 0.75)
        #expect(fade.opacity(at: 5.125, hasContent: false) == 0.5)
        #expect(fade.opacity(at: 5.25, hasContent: true) == nil)
        #expect(fade.finished && !fade.isFading)
        // Once gone it stays gone, even for a clock set back.
        #expect(fade.opacity(at: 5, hasContent: true) == nil)
    }

    @Test func theSplashShowsFromTheStartFittedAndCentredOnBlack() throws {
        let output = try Self.output()
        let before = try Self.shot(output, at: 0, content: false)
        for y in [0, 1, 6, 7] { #expect(Self.near(before.pixel(x: 4, y: y), (0, 0, 0)), "row \(y)") }
        for y in 2...5 { #expect(Self.near(before.pixel(x: 0, y: y), (255, 0, 0)), "row \(y)") }
        #expect(!output.isSplashFading)
    }

    @Test func theFirstCommitFadesTheSplashIntoTheSceneWithNoBlackFrame() throws {
        let output = try Self.output()
        // The first frame with a client's layers still shows the splash whole: never black in between.
        let first = try Self.shot(output, at: 1, content: true)
        #expect(Self.near(first.pixel(x: 4, y: 4), (255, 0, 0)))
        #expect(Self.near(first.pixel(x: 4, y: 0), (0, 0, 0)))
        #expect(output.isSplashFading)
        let middle = try Self.shot(output, at: 1.125, content: true)
        #expect(Self.near(middle.pixel(x: 4, y: 4), (128, 0, 128)), "\(middle.pixel(x: 4, y: 4))")
        #expect(Self.near(middle.pixel(x: 4, y: 0), (0, 0, 128)), "\(middle.pixel(x: 4, y: 0))")
        let after = try Self.shot(output, at: 1.25, content: true)
        for y in [0, 4, 7] { #expect(Self.near(after.pixel(x: 4, y: y), (0, 0, 255)), "row \(y)") }
        #expect(!output.isSplashFading)
    }

    @Test func anUnreadableSplashIsATypedErrorNamingThePath() {
        #expect {
            try SplashImage(path: "/nonexistent/splash.png")
        } throws: { error in
            guard case .unreadable(let path, _) = error as? SplashError else { return false }
            return path == "/nonexistent/splash.png"
        }
    }
}
