import AnimCore

/// 10,000 layers, each with the same kind of animation, and a reusable presentation buffer per layer:
/// the shape of the server's frame loop.
struct EvaluationScene {
    static let layerCount = 10_000

    var models: [LayerState]
    var animations: [LayerAnimations]
    var presentations: [LayerState]
    /// How many properties each layer's animations drive: the divisor for the per-property cost.
    let animatedPropertiesPerLayer: Int

    init(animatedPropertiesPerLayer: Int, make: (Int) throws -> [Animation]) rethrows {
        var models: [LayerState] = []
        var sets: [LayerAnimations] = []
        for i in 0..<Self.layerCount {
            var model = LayerState()
            model.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            model.position = Point(x: Double(i % 100) * 10, y: Double(i / 100) * 10)
            var set = LayerAnimations()
            for (n, animation) in try make(i).enumerated() {
                // Every animation here is valid; a failure is a bug in the benchmark itself.
                let attached = try! AttachedAnimation(
                    key: "a\(n)", animation: animation, layerClass: .layer,
                    context: AttachedAnimation.Context(attachTime: 0, previousPresentation: model))
                set.add(attached, at: 0)
            }
            models.append(model)
            sets.append(set)
        }
        self.models = models
        self.animations = sets
        self.presentations = models
        self.animatedPropertiesPerLayer = animatedPropertiesPerLayer
    }

    /// One frame: every layer evaluated at `t` into its presentation buffer.
    mutating func evaluateFrame(at t: Double) {
        for i in 0..<models.count {
            presentations[i] = models[i]
            PresentationEvaluator.evaluate(
                model: models[i], animations: animations[i], atLocalTime: t, into: &presentations[i])
        }
    }

    var animatedPropertyCount: Int { models.count * animatedPropertiesPerLayer }

    static func basic(_ i: Int) -> [Animation] {
        let phase = Double(i % 7) * 0.1
        return [
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("opacity", on: .layer), fromValue: .number(0), toValue: .number(1))),
                timing: MediaTiming(duration: 2, timeOffset: phase, repeatCount: .infinity),
                timingFunction: .easeInEaseOut),
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("position", on: .layer), fromValue: .point(.zero),
                        toValue: .point(Point(x: 100, y: 50)))),
                timing: MediaTiming(duration: 3, repeatCount: .infinity, autoreverses: true),
                timingFunction: .default),
        ]
    }

    static func cubicKeyframe(_ i: Int) -> [Animation] {
        let values: [PropertyValue] = (0..<6).map { .point(Point(x: Double($0 * 20), y: Double(($0 * 37 + i) % 50))) }
        return [
            Animation(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: try! AnimKeyPath("position", on: .layer), values: values, calculationMode: .cubic,
                        tensionValues: [0, 0.2, -0.2, 0.1, 0, 0])),
                timing: MediaTiming(duration: 4, repeatCount: .infinity), timingFunction: .easeIn)
        ]
    }

    static func spring(_ i: Int) -> [Animation] {
        [
            Animation(
                .spring(
                    SpringAnimation(
                        basic: BasicAnimation(
                            keyPath: try! AnimKeyPath("transform.scale", on: .layer), fromValue: .number(0.5),
                            toValue: .number(1)),
                        spring: SpringParameters(damping: 6 + Double(i % 5)))),
                timing: MediaTiming(duration: 3, repeatCount: .infinity))
        ]
    }

    static func group(_ i: Int) -> [Animation] {
        let children: [Animation] = [
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("opacity", on: .layer), fromValue: .number(1), toValue: .number(0.2))),
                timing: MediaTiming(duration: 2)),
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("bounds.size.width", on: .layer), fromValue: .number(40),
                        toValue: .number(80))),
                timing: MediaTiming(beginTime: 0.5, duration: 1.5), timingFunction: .easeOut),
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try! AnimKeyPath("backgroundColor", on: .layer),
                        fromValue: .color(Color(red: 1, green: 0, blue: 0)),
                        toValue: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))),
                timing: MediaTiming(duration: 2)),
        ]
        return [
            Animation(
                .group(AnimationGroup(animations: children)),
                timing: MediaTiming(duration: 2, timeOffset: Double(i % 10) * 0.05, repeatCount: .infinity))
        ]
    }
}
