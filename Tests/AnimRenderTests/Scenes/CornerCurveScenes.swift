import AnimCore
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// cornerCurve = continuous in both renderers against a golden (docs/core-animation-rules.md#layer-properties):
/// a circular and a continuous background of the same radius side by side, a continuous border, a continuous
/// masksToBounds clip and the shadow of a continuous layer.
@Suite("Continuous corners: both renderers against a golden and each other")
struct CornerCurveSceneTests {
    static let scene = NamedScene(name: "corner-curve-continuous", size: PixelSize(width: 96, height: 72)) {
        var b = SceneBuilder()
        b.add(layer(4, 4, 40, 30, Palette.blue) { $0.cornerRadius = 12 })
        b.add(
            layer(4, 4, 40, 30, Palette.yellow.withAlpha(0.7)) {
                $0.cornerRadius = 12
                $0.cornerCurve = "continuous"
            })
        b.add(
            layer(52, 4, 40, 30, Palette.grey) {
                $0.cornerRadius = 10
                $0.cornerCurve = "continuous"
                $0.borderWidth = 3
                $0.borderColor = .white
            })
        let image = b.addImage(TestImages.quadrants(width: 32, height: 32), id: 1)
        let clip = b.add(
            layer(6, 38, 30, 30, nil) {
                $0.cornerRadius = 12
                $0.cornerCurve = "continuous"
                $0.masksToBounds = true
            })
        b.add(layer(-1, -1, 32, 32, nil) { $0.contents = image }, to: clip)
        b.add(
            layer(52, 40, 36, 24, Palette.green) {
                $0.cornerRadius = 9
                $0.cornerCurve = "continuous"
                $0.shadowOpacity = 0.8
                $0.shadowRadius = 2
                $0.shadowOffset = Size(width: 2, height: 3)
            })
        return b.scene
    }

    @Test func continuousCornersMatchTheirGoldenInBothRenderers() throws {
        let scene = Self.scene
        let (software, gles) = try TestRenderers.drawBoth(
            DrawListCompiler(outputSize: scene.size).compile([scene.build()]))
        let golden = try GoldenImage.read(
            SceneSuiteTests.goldensFolder.appendingPathComponent("\(scene.name).png"), recording: software)
        try SceneSuiteTests.check(software, against: golden, RenderTolerance.software, label: "\(scene.name)-software")
        try SceneSuiteTests.check(
            gles, against: software, RenderTolerance.gles, label: "\(scene.name)-gles-vs-software")
        try SceneSuiteTests.check(gles, against: golden, RenderTolerance.gles, label: "\(scene.name)-gles")
    }
}
