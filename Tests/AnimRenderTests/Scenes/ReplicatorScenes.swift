import AnimCore
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// CAReplicatorLayer scenes (docs/core-animation-rules.md#careplicatorlayer), drawn by both renderers against
/// goldens as the scene suite's are (`SceneSuiteTests`, same tolerances and recording switch).
enum ReplicatorScenes {
    static let size = PixelSize(width: 96, height: 72)

    static var all: [NamedScene] {
        [rowAndTint, nestedAndDepth] + [1.0, 1.25, 1.5].map(spinner(at:))
    }

    /// Five rounded squares stepping right, fading from white to yellow; five images stepping down-right, each
    /// tinted redder and more transparent.
    static let rowAndTint = NamedScene(name: "replicator-row-tint", size: size) {
        var b = SceneBuilder()
        let row = b.add(
            layer(4, 4, 88, 24, Palette.grey.withAlpha(0.3), class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 5
                    $0.instanceTransform = .translation(17, 0, 0)
                    $0.instanceBlueOffset = -0.2
                }
            })
        b.add(
            layer(3, 5, 14, 14, .white) {
                $0.cornerRadius = 4
                $0.borderWidth = 1
                $0.borderColor = Palette.blue
            }, to: row)
        let image = b.addImage(TestImages.quadrants(), id: 1)
        let diagonal = b.add(
            layer(4, 32, 88, 36, nil, class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 5
                    $0.instanceTransform = .translation(16, 4, 0)
                    $0.instanceGreenOffset = -0.25
                    $0.instanceBlueOffset = -0.25
                    $0.instanceAlphaOffset = -0.15
                }
            })
        b.add(layer(2, 2, 16, 16, nil) { $0.contents = image }, to: diagonal)
        return b.scene
    }

    /// Left: a replicator of replicators, a 3×3 grid whose colours multiply. Right: three planes turned about y in
    /// perspective, which with preservesDepth are painted farthest first.
    static let nestedAndDepth = NamedScene(name: "replicator-nested-depth", size: size) {
        var b = SceneBuilder()
        let rows = b.add(
            layer(4, 4, 40, 64, nil, class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(0, 21, 0)
                    $0.instanceRedOffset = -0.4
                }
            })
        let columns = b.add(
            layer(0, 0, 40, 20, nil, class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(13, 0, 0)
                    $0.instanceColor = Color(red: 1, green: 1, blue: 0.2)
                    $0.instanceGreenOffset = -0.4
                }
            }, to: rows)
        b.add(layer(1, 1, 11, 18, .white), to: columns)
        let stage = b.add(
            layer(48, 0, 48, 72, nil) {
                var p = Transform3D.identity
                p.m34 = -1.0 / 120
                $0.sublayerTransform = p
            })
        let depth = b.add(
            layer(4, 16, 40, 40, nil, class: .replicator) {
                $0.transform = .rotation(.pi / 4, 0, 1, 0)
                $0.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(6, 6, 18)
                    $0.instanceRedOffset = -0.45
                    $0.instanceBlueOffset = 0.45
                    $0.replicatorPreservesDepth = true
                }
            }, to: stage)
        // The first instance is the farthest; the later ones come nearer and cover it.
        b.add(layer(0, 0, 26, 26, Palette.red), to: depth)
        return b.scene
    }

    /// An activity spinner: twelve bars a twelfth of a turn apart, each fading from opaque to 0.15 over one second,
    /// repeating, every bar a twelfth of a second behind the one before it.
    static func spinner(at time: Double) -> NamedScene {
        NamedScene(name: "replicator-spinner-\(Int((time * 100).rounded()))", size: size) {
            var b = SceneBuilder()
            b.add(layer(0, 0, 96, 72, Color(white: 0.12)))
            let replicator = b.add(
                layer(18, 6, 60, 60, nil, class: .replicator) {
                    $0.special.modifyReplicator {
                        $0.instanceCount = 12
                        $0.instanceTransform = .rotation(.pi / 6, 0, 0, 1)
                        $0.instanceDelay = 1.0 / 12
                    }
                })
            let bar = b.add(layer(27, 3, 6, 16, .white) { $0.cornerRadius = 3 }, to: replicator)
            var scene = b.scene
            let animation = Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("opacity", on: .layer), fromValue: .number(1),
                        toValue: .number(0.15))),
                timing: MediaTiming(duration: 1, repeatCount: .infinity))
            var fade = LayerAnimations()
            fade.add(
                try! AttachedAnimation(
                    key: "fade", animation: animation, layerClass: .layer,
                    context: AttachedAnimation.Context(attachTime: 0)),
                at: 0)
            scene.animations[bar] = fade
            scene.time = time
            return scene
        }
    }
}

@Suite("Replicator scenes: both renderers against goldens and each other")
struct ReplicatorSceneTests {
    @Test(arguments: ReplicatorScenes.all)
    func sceneMatchesItsGoldenInBothRenderers(_ scene: NamedScene) throws {
        let (software, gles) = try TestRenderers.drawBoth(
            DrawListCompiler(outputSize: scene.size).compile([scene.build()]))
        let golden = try GoldenImage.read(
            SceneSuiteTests.goldensFolder.appendingPathComponent("\(scene.name).png"), recording: software)
        try #require(golden.size == scene.size, "golden \(scene.name).png is \(golden.size), the scene \(scene.size)")
        try SceneSuiteTests.check(software, against: golden, RenderTolerance.software, label: "\(scene.name)-software")
        try SceneSuiteTests.check(
            gles, against: software, RenderTolerance.gles, label: "\(scene.name)-gles-vs-software")
        try SceneSuiteTests.check(gles, against: golden, RenderTolerance.gles, label: "\(scene.name)-gles")
    }
}
