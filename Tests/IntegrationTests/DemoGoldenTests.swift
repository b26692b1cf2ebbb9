import AnimImage
import AnimKit
import AnimRender
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// The demo client's scene (seed 002: a sprite on a curve that shrinks and fades, a spinner turning twice)
/// drawn by the real daemon at fixed manual-clock times, compared with golden PNGs.
///
/// Tolerance (`RenderTolerance.golden(renderer:)`): the software renderer within 2/255 on 99.9 % of pixels; GLES
/// (llvmpipe) within 2/255 on 99 % of pixels and never more than 64/255 (edges and bilinear sampling of the
/// rotated image round differently). `ANIMSERVER_RECORD_GOLDENS=1` rewrites the goldens from the software renderer.
@Suite struct DemoGoldenTests {
    static let times = [0.0, 0.25, 0.5, 0.75, 1.5]
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// The golden's file name at `t` without ".png".
    static func goldenStem(_ t: Double) -> String { "demo-\(Int((t * 1000).rounded()))ms" }

    @Test(arguments: TestRenderers.all)
    func theDemoSceneMatchesItsGoldensAtFixedTimes(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let observer = try connectClient(daemon, name: "observer")
        let start = try observer.clock(.query).time
        let demo = Process()
        demo.executableURL = BuiltProgram.url("animdemo")
        demo.arguments = ["--socket", daemon.socketPath, "--scale", "0.25", "--timeout", "60"]
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        #expect(try eventually(timeout: 30) { try serverStatus(observer).layers == 3 })

        for t in Self.times {
            try moveClock(observer, to: start + t)
            let shot = try observer.screenshot()
            #expect(shot.time == start + t)
            let actual = PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
            let golden = try GoldenImage.read(
                Self.goldens.appendingPathComponent("\(Self.goldenStem(t)).png"),
                recording: renderer == "software" ? actual : nil)
            let comparison = try GoldenImage.compare(
                actual, against: golden, RenderTolerance.golden(renderer: renderer),
                label: "\(renderer)-\(Self.goldenStem(t))")
            #expect(comparison.passes, "\(renderer) at \(t) s: \(comparison.message)")
        }

        // Past the end every animation has stopped: the demo's completion block runs and it exits by itself.
        try moveClock(observer, to: start + 5)
        #expect(eventually(timeout: 30) { !demo.isRunning })
        demo.waitUntilExit()
        #expect(demo.terminationStatus == 0)
    }
}
