import AnimCore
import AnimImage
import Foundation
import Testing

@testable import AnimRender

/// The scene suite: every scene drawn by both renderers, each compared with its golden PNG and the two
/// compared with each other.
///
/// Tolerances (stated here and in the README):
/// - software renderer vs its golden: no channel off by more than 2/255 on 99.9 % of pixels (goldens are
///   recorded from the software renderer; pixman's rounding is stable across builds);
/// - GLES (llvmpipe) vs software and vs the golden: no channel off by more than 2/255 on 99 % of pixels, and
///   none off by more than 64/255 anywhere (antialiased edges and bilinear sampling round differently in
///   float shaders and pixman's fixed point).
///
/// `ANIMSERVER_RECORD_GOLDENS=1 swift test --filter SceneSuite` rewrites the goldens from the software renderer.
/// On a failure the actual image and a difference image are written to `$TMPDIR/animserver-scene-failures/`.
@Suite("Scene suite: both renderers against goldens and each other")
struct SceneSuiteTests {
    static let softwareTolerance = PixelComparison.Tolerance(maxChannelDifference: 2, requiredFraction: 0.999)
    static let glesTolerance = PixelComparison.Tolerance(
        maxChannelDifference: 2, requiredFraction: 0.99, worstChannelDifference: 64)

    static let goldensFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")
    static let failuresFolder = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("animserver-scene-failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["ANIMSERVER_RECORD_GOLDENS"] == "1" }

    static func render(_ scene: NamedScene, with renderer: some Renderer) throws -> PixelBuffer {
        let list = DrawListCompiler(outputSize: scene.size).compile([scene.build()])
        _ = try renderer.render(list, damage: .full)
        return try renderer.readPixels(PixelRect(size: scene.size))
    }

    static func write(_ pixels: PixelBuffer, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pixels.pngImage.write(to: url.path)
    }

    /// Checks `actual` against `expected`; on failure writes both and their difference for the bug report.
    static func check(
        _ actual: PixelBuffer, against expected: PixelBuffer, _ tolerance: PixelComparison.Tolerance, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let comparison = PixelComparison(actual: actual, expected: expected, tolerance: tolerance)
        if !comparison.passes {
            try write(actual, to: failuresFolder.appendingPathComponent("\(label)-actual.png"))
            try write(expected, to: failuresFolder.appendingPathComponent("\(label)-expected.png"))
            try write(
                PixelComparison.differenceImage(actual, expected),
                to: failuresFolder.appendingPathComponent("\(label)-diff.png"))
        }
        #expect(
            comparison.passes, "\(label): \(comparison) (images in \(failuresFolder.path))",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: SceneCatalog.all)
    func sceneMatchesItsGoldenInBothRenderers(_ scene: NamedScene) throws {
        let software = try Self.render(scene, with: SoftwareRenderer(size: scene.size))
        let gles = try Self.render(scene, with: GLESRenderer(size: scene.size, maxTextureSize: scene.maxTextureSize))
        let goldenURL = Self.goldensFolder.appendingPathComponent("\(scene.name).png")
        if Self.recording {
            try Self.write(software, to: goldenURL)
        }
        let golden = PixelBuffer(premultiplying: try PNGImage.read(contentsOf: goldenURL.path))
        try #require(golden.size == scene.size, "golden \(scene.name).png is \(golden.size), the scene \(scene.size)")
        try Self.check(software, against: golden, Self.softwareTolerance, label: "\(scene.name)-software")
        try Self.check(gles, against: software, Self.glesTolerance, label: "\(scene.name)-gles-vs-software")
        try Self.check(gles, against: golden, Self.glesTolerance, label: "\(scene.name)-gles")
    }
}
