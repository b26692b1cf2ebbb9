import AnimCore
import AnimImage
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// The scene suite: every scene drawn by both renderers, each compared with its golden PNG and the two
/// compared with each other.
///
/// Tolerances (`RenderTolerance`, stated there and in the README):
/// - software renderer vs its golden: `RenderTolerance.software`, 2/255 on 99.9 % of pixels;
/// - GLES (llvmpipe) vs software and vs the golden: `RenderTolerance.gles`, 2/255 on 99 % of pixels and never
///   more than 64/255.
///
/// `ANIMSERVER_RECORD_GOLDENS=1 swift test --filter SceneSuite` rewrites the goldens from the software renderer.
/// On a failure the actual image and a difference image are written to `GoldenImage.failuresFolder`.
@Suite("Scene suite: both renderers against goldens and each other")
struct SceneSuiteTests {
    static let goldensFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Checks `actual` against `expected`; on failure `GoldenImage` keeps both and their difference.
    static func check(
        _ actual: PixelBuffer, against expected: PixelBuffer, _ tolerance: PixelComparison.Tolerance, label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let comparison = try GoldenImage.compare(actual, against: expected, tolerance, label: label)
        #expect(comparison.passes, "\(comparison.message)", sourceLocation: sourceLocation)
    }

    @Test(arguments: SceneCatalog.all)
    func sceneMatchesItsGoldenInBothRenderers(_ scene: NamedScene) throws {
        let (software, gles) = try TestRenderers.drawBoth(
            DrawListCompiler(outputSize: scene.size).compile([scene.build()]),
            gles: GLESRenderer(size: scene.size, maxTextureSize: scene.maxTextureSize))
        let golden = try GoldenImage.read(
            Self.goldensFolder.appendingPathComponent("\(scene.name).png"), recording: software)
        try #require(golden.size == scene.size, "golden \(scene.name).png is \(golden.size), the scene \(scene.size)")
        try Self.check(software, against: golden, RenderTolerance.software, label: "\(scene.name)-software")
        let glesTolerance = scene.glesTolerance ?? RenderTolerance.gles
        try Self.check(gles, against: software, glesTolerance, label: "\(scene.name)-gles-vs-software")
        try Self.check(gles, against: golden, glesTolerance, label: "\(scene.name)-gles")
    }
}
