import AnimCore
import Testing

@testable import AnimRender

/// CAReplicatorLayer: its sublayers drawn once per instance, each instance transformed, tinted and delayed
/// (docs/core-animation-rules.md#careplicatorlayer).
@Suite("Compiler: replicator layers")
struct CompileReplicatorTests {
    /// A replicator with frame `frame` (grey background) holding one 10×10 layer at its origin.
    static func scene(
        _ frame: Rect = Rect(x: 10, y: 10, width: 60, height: 20), sublayer: Color = red,
        _ change: (inout ReplicatorLayerProperties) -> Void
    ) -> CompileTestScene {
        var scene = CompileTestScene()
        scene.add(
            1,
            layerState(frame, class: .replicator) {
                $0.backgroundColor = Color(white: 0.5)
                $0.special.modifyReplicator(change)
            }, sublayers: [2], root: true)
        scene.add(2, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = sublayer })
        return scene
    }

    /// The output boxes of the list's rectangles, rounded to 1/1000 pixel.
    static func boxes(_ list: DrawList) -> [Rect] {
        list.items.compactMap { $0.rectDraw?.outputBox }.map {
            func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            return Rect(x: r($0.minX), y: r($0.minY), width: r($0.width), height: r($0.height))
        }
    }

    /// Instance i's sublayers' alpha under an opacity animation from 0 to 1 over `duration`, attached at 0.
    static func fadeIn(_ state: LayerState, duration: Double) throws -> LayerAnimations {
        let animation = Animation(
            .basic(
                BasicAnimation(
                    keyPath: try AnimKeyPath("opacity", on: .layer), fromValue: .number(0), toValue: .number(1))),
            timing: MediaTiming(duration: duration))
        var set = LayerAnimations()
        set.add(
            try AttachedAnimation(
                key: "fade", animation: animation, layerClass: state.layerClass,
                context: AttachedAnimation.Context(attachTime: 0, previousPresentation: state)),
            at: 0)
        return set
    }

    @Test func eachInstanceCompoundsTheInstanceTransformAndTheReplicatorDrawsItsOwnPartsOnce() {
        let list = Self.scene {
            $0.instanceCount = 3
            $0.instanceTransform = .translation(20, 0, 0)
        }.compile()
        #expect(
            Self.boxes(list) == [
                Rect(x: 10, y: 10, width: 60, height: 20), Rect(x: 10, y: 10, width: 10, height: 10),
                Rect(x: 30, y: 10, width: 10, height: 10), Rect(x: 50, y: 10, width: 10, height: 10),
            ])
    }

    @Test func theInstanceTransformTurnsAboutTheCentreOfTheBoundsWhateverTheAnchorPoint() {
        // A 40×40 replicator whose anchor is its top-left corner, at (20, 20); the sublayer is the 10×10 square at
        // the top middle, (15, 0). A quarter turn about the bounds' centre (20, 20) takes its centre (20, 5) to
        // (35, 20): output (55, 40). About the anchor it would land at (15, 40).
        var scene = Self.scene(Rect(x: 20, y: 20, width: 40, height: 40)) {
            $0.instanceCount = 2
            $0.instanceTransform = .rotation(.pi / 2, 0, 0, 1)
        }
        scene.scene.layers[LayerID(1)] = SceneLayer(
            id: LayerID(1),
            state: {
                var s = scene.scene.layers[LayerID(1)]!.state
                s.anchorPoint = Point(x: 0, y: 0)
                s.position = Point(x: 20, y: 20)
                return s
            }(), sublayers: [LayerID(2)])
        scene.add(2, layerState(Rect(x: 15, y: 0, width: 10, height: 10)) { $0.backgroundColor = red })
        #expect(
            Self.boxes(scene.compile()) == [
                Rect(x: 20, y: 20, width: 40, height: 40), Rect(x: 35, y: 20, width: 10, height: 10),
                Rect(x: 50, y: 35, width: 10, height: 10),
            ])
    }

    @Test func instanceColorAndTheOffsetsMultiplyEachInstancesColoursClampedToOne() {
        var scene = Self.scene(sublayer: Color(red: 0.5, green: 1, blue: 1, alpha: 1)) {
            $0.instanceCount = 3
            $0.instanceTransform = .translation(20, 0, 0)
            $0.instanceColor = Color(red: 0.5, green: 1, blue: 1, alpha: 1)
            $0.instanceRedOffset = 0.75
            $0.instanceGreenOffset = -0.5
            $0.instanceAlphaOffset = -0.25
        }
        _ = scene.addImage(9, width: 4, height: 4)
        scene.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 10, height: 10)) {
                $0.backgroundColor = Color(red: 0.5, green: 1, blue: 1, alpha: 1)
                $0.contents = ImageID(9)
            })
        let list = scene.compile()
        let colours = list.items.compactMap { $0.rectDraw?.color }
        #expect(
            colours == [
                Color(white: 0.5), Color(red: 0.25, green: 1, blue: 1, alpha: 1),
                Color(red: 0.5, green: 0.5, blue: 1, alpha: 0.75), Color(red: 0.5, green: 0, blue: 1, alpha: 0.5),
            ])
        let tints = list.items.compactMap { $0.imageDraw?.tint }
        #expect(
            tints == [
                Color(red: 0.5, green: 1, blue: 1, alpha: 1), Color(red: 1, green: 0.5, blue: 1, alpha: 0.75),
                Color(red: 1, green: 0, blue: 1, alpha: 0.5),
            ])
    }

    @Test func instanceDelayEvaluatesInstanceIsAnimationsThatMuchEarlier() throws {
        var scene = Self.scene {
            $0.instanceCount = 3
            $0.instanceTransform = .translation(20, 0, 0)
            $0.instanceDelay = 0.25
        }
        scene.scene.animations[LayerID(2)] = try Self.fadeIn(scene.scene.layers[LayerID(2)]!.state, duration: 1)
        scene.scene.time = 0.5
        let list = scene.compile()
        // Opacity 0.5, 0.25 and 0: the third instance draws nothing.
        #expect(list.items.compactMap { $0.rectDraw?.color.alpha } == [1, 0.5, 0.25])
        #expect(
            Self.boxes(list).dropFirst() == [
                Rect(x: 10, y: 10, width: 10, height: 10), Rect(x: 30, y: 10, width: 10, height: 10),
            ])
    }

    @Test func nestedReplicatorsMultiplyTheirCountsAndColoursAndAddTheirDelays() throws {
        var scene = CompileTestScene()
        scene.add(
            1,
            layerState(Rect(x: 0, y: 0, width: 100, height: 100), class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 2
                    $0.instanceTransform = .translation(0, 20, 0)
                    $0.instanceRedOffset = -1
                    $0.instanceDelay = 0.5
                }
            }, sublayers: [2], root: true)
        scene.add(
            2,
            layerState(Rect(x: 0, y: 0, width: 100, height: 20), class: .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(20, 0, 0)
                    $0.instanceGreenOffset = -0.5
                    $0.instanceDelay = 0.25
                }
            }, sublayers: [3])
        scene.add(3, layerState(Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = .white })
        scene.scene.animations[LayerID(3)] = try Self.fadeIn(scene.scene.layers[LayerID(3)]!.state, duration: 2)
        scene.scene.time = 1.5
        let list = scene.compile()
        #expect(
            Self.boxes(list) == [
                Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10),
                Rect(x: 40, y: 0, width: 10, height: 10), Rect(x: 0, y: 20, width: 10, height: 10),
                Rect(x: 20, y: 20, width: 10, height: 10), Rect(x: 40, y: 20, width: 10, height: 10),
            ])
        // Instance (i, j): red 1 − i, green 1 − j/2, alpha (1.5 − 0.5 i − 0.25 j) / 2.
        #expect(
            list.items.compactMap { $0.rectDraw?.color } == [
                Color(red: 1, green: 1, blue: 1, alpha: 0.75), Color(red: 1, green: 0.5, blue: 1, alpha: 0.625),
                Color(red: 1, green: 0, blue: 1, alpha: 0.5), Color(red: 0, green: 1, blue: 1, alpha: 0.5),
                Color(red: 0, green: 0.5, blue: 1, alpha: 0.375), Color(red: 0, green: 0, blue: 1, alpha: 0.25),
            ])
    }

    @Test func preservesDepthPaintsTheInstancesFarthestFirstWithoutItInInstanceOrder() {
        // Each instance 10 points right and 10 farther away.
        func xs(preservesDepth: Bool) -> [Double] {
            let list = Self.scene {
                $0.instanceCount = 3
                $0.instanceTransform = .translation(10, 0, -10)
                $0.replicatorPreservesDepth = preservesDepth
            }.compile()
            return Self.boxes(list).dropFirst().map(\.minX)
        }
        #expect(xs(preservesDepth: false) == [10, 20, 30])
        #expect(xs(preservesDepth: true) == [30, 20, 10])
    }

    @Test func noInstancesDrawOnlyTheReplicatorsOwnParts() {
        for count in [0, 0.5, -3, .nan] {
            let list = Self.scene { $0.instanceCount = count }.compile()
            #expect(Self.boxes(list) == [Rect(x: 10, y: 10, width: 60, height: 20)], "instanceCount \(count)")
        }
        // A fractional count rounds down; the default, 1, draws the sublayers once.
        #expect(Self.scene { $0.instanceCount = 2.9 }.compile().items.count == 3)
        #expect(Self.scene { _ in }.compile().items.count == 2)
    }

    @Test func aHugeInstanceCountDrawsAtMostTheInstanceLimit() {
        let list = Self.scene { $0.instanceCount = 1e15 }.compile()
        #expect(list.items.count == 1 + DrawListBuilder.maximumInstances)
    }
}
