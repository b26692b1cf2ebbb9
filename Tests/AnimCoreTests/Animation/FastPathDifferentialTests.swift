import AnimTestSupport
import Testing

@testable import AnimCore

/// The differential check of the evaluation fast paths (`Sources/AnimCore/Kernels/`): seeded random animations
/// (basic, spring and keyframe ones, groups of them, on lane, transform-component, colour and whole-transform key
/// paths, with random timings and timing functions) are attached twice, once as the server attaches them (fast
/// paths, evaluated from the kernels inline in the layer's entries) and once with the reference programs only
/// (`BasicProgram`, `KeyframeProgram`, `GroupProgram`), and must give the same presentation at every sampled time.
@Suite("The fast paths give the reference programs' results on seeded random animations")
struct FastPathDifferentialTests {
    private static let numberPaths = [
        "opacity", "zPosition", "cornerRadius", "position.x", "position.y", "bounds.size.width", "anchorPointZ",
        "borderWidth", "shadowOpacity", "shadowRadius",
    ]
    private static let pointPaths = ["position", "anchorPoint"]
    private static let sizePaths = ["bounds.size", "shadowOffset"]
    private static let rectPaths = ["bounds"]
    private static let componentPaths = [
        "transform.scale", "transform.scale.x", "transform.scale.z", "transform.rotation.z", "transform.rotation",
        "transform.translation.x", "transform.translation.y",
    ]
    private static let colorPaths = ["backgroundColor", "borderColor", "shadowColor"]

    @Test func seededAnimationsGiveTheReferenceResult() throws {
        var random = SeededGenerator(seed: 0x17)
        var kernels: [String: Int] = [:]
        var compared = 0
        for index in 0..<300 {
            let model = Self.model(&random)
            let animations = try (0...random.below(3)).map { _ in try Self.animation(&random, depth: 0) }
            let fast = try Self.attach(animations, model: model, fastPaths: true)
            let reference = try Self.attach(animations, model: model, fastPaths: false)
            for entry in fast.entries { kernels[Self.name(entry.kernel), default: 0] += 1 }
            #expect(reference.entries.allSatisfy { Self.name($0.kernel) == "program" })
            for step in 0...40 {
                let t = -0.3 + Double(step) * 0.11 + random.unit() * 0.01
                let a = PresentationEvaluator.presentation(of: model, animations: fast, atLocalTime: t).state
                let b = PresentationEvaluator.presentation(of: model, animations: reference, atLocalTime: t).state
                #expect(a == b, "case \(index) at \(t): \(animations)")
                #expect(
                    a.transform.elements.map(\.bitPattern) == b.transform.elements.map(\.bitPattern),
                    "case \(index) at \(t)")
                compared += 1
            }
        }
        // Every kind of fast path was taken, many times: the comparison is not of the reference with itself.
        for kind in ["lane", "component", "color", "keyframe", "group"] {
            #expect(kernels[kind, default: 0] >= 10, "\(kind): \(kernels)")
        }
        #expect(compared == 300 * 41)
    }

    private static func attach(
        _ animations: [Animation], model: LayerState, fastPaths: Bool
    ) throws -> LayerAnimations {
        var set = LayerAnimations()
        for (n, animation) in animations.enumerated() {
            let attached = try AttachedAnimation(
                key: "k\(n)", animation: animation, layerClass: .layer,
                context: AttachedAnimation.Context(attachTime: 0, previousPresentation: model), fastPaths: fastPaths)
            set.add(attached, at: 0)
        }
        return set
    }

    private static func name(_ kernel: EvaluationKernel) -> String {
        switch kernel {
        case .laneBasic: "lane"
        case .transformComponent: "component"
        case .colorBasic: "color"
        case .laneKeyframe: "keyframe"
        case .group: "group"
        case .program: "program"
        }
    }

    private static func model(_ random: inout SeededGenerator) -> LayerState {
        var model = LayerState()
        model.position = Point(x: random.number(), y: random.number())
        model.bounds = Rect(x: 0, y: 0, width: abs(random.number()), height: abs(random.number()))
        model.opacity = random.unit()
        model.zPosition = random.number()
        if random.below(2) == 0 {
            model.transform = Transform3D.rotation(random.number() / 50, 0, 0, 1)
                .concatenating(.scale(1 + random.unit(), 1 + random.unit(), 1))
        }
        return model
    }

    private static func timing(_ random: inout SeededGenerator) -> MediaTiming {
        MediaTiming(
            beginTime: random.below(4) == 0 ? random.unit() : 0, duration: 0.2 + random.unit() * 1.5,
            speed: random.pick([1, 1, 2, 0.5, -1]), timeOffset: random.below(4) == 0 ? random.unit() : 0,
            repeatCount: random.pick([0, 0, 2, 2.5]), autoreverses: random.below(3) == 0,
            fillMode: random.pick([.removed, .forwards, .backwards, .both]))
    }

    private static func function(_ random: inout SeededGenerator) -> TimingFunction? {
        switch random.below(7) {
        case 0, 1: nil
        case 2: .linear
        case 3: .easeIn
        case 4: .easeInEaseOut
        case 5: .default
        default: TimingFunction(controlPoints: random.unit(), random.unit() * 2 - 0.5, random.unit(), 1.2)
        }
    }

    private static func animation(_ random: inout SeededGenerator, depth: Int) throws -> Animation {
        let timing = timing(&random)
        let function = function(&random)
        switch random.below(depth == 0 ? 5 : 4) {
        case 0, 1:
            return Animation(.basic(try basic(&random)), timing: timing, timingFunction: function)
        case 2:
            let spring = SpringParameters(
                mass: 0.5 + random.unit(), stiffness: 50 + random.unit() * 200, damping: 2 + random.unit() * 20,
                initialVelocity: random.number() / 10)
            return Animation(.spring(SpringAnimation(basic: try basic(&random), spring: spring)), timing: timing)
        case 3:
            return Animation(.keyframe(try keyframes(&random)), timing: timing, timingFunction: function)
        default:
            let children = try (0...random.below(3)).map { _ in try animation(&random, depth: depth + 1) }
            return Animation(.group(AnimationGroup(animations: children)), timing: timing, timingFunction: function)
        }
    }

    /// A key path and a value maker for its kind: the four lane kinds, transform components, colours and (for the
    /// general path beside them) the whole transform.
    private static func target(
        _ random: inout SeededGenerator
    ) throws -> (AnimKeyPath, (inout SeededGenerator) -> PropertyValue) {
        switch random.below(7) {
        case 0: (try AnimKeyPath(random.pick(numberPaths), on: .layer), { .number($0.number()) })
        case 1:
            (try AnimKeyPath(random.pick(pointPaths), on: .layer), { .point(Point(x: $0.number(), y: $0.number())) })
        case 2:
            (
                try AnimKeyPath(random.pick(sizePaths), on: .layer),
                { .size(Size(width: $0.number(), height: $0.number())) }
            )
        case 3:
            (
                try AnimKeyPath(random.pick(rectPaths), on: .layer),
                { .rect(Rect(x: $0.number(), y: $0.number(), width: abs($0.number()), height: abs($0.number()))) }
            )
        case 4: (try AnimKeyPath(random.pick(componentPaths), on: .layer), { .number($0.number() / 20) })
        case 5:
            (
                try AnimKeyPath(random.pick(colorPaths), on: .layer),
                { .color(Color(red: $0.unit(), green: $0.unit(), blue: $0.unit(), alpha: $0.unit())) }
            )
        default:
            (
                try AnimKeyPath("transform", on: .layer),
                {
                    .transform(
                        Transform3D.scale(1 + $0.unit(), 1 + $0.unit(), 1).concatenating(
                            .translation($0.number(), 0, 0)))
                }
            )
        }
    }

    private static func basic(_ random: inout SeededGenerator) throws -> BasicAnimation {
        let (keyPath, value) = try target(&random)
        let isColor = keyPath.valueKind == .color
        // Colours take no byValue; every other combination of ends is one of the eight of docs/core-animation-rules.md.
        let ends = random.below(8)
        return BasicAnimation(
            keyPath: keyPath, fromValue: ends & 1 != 0 ? value(&random) : nil,
            toValue: ends & 2 != 0 || (isColor && ends & 1 == 0) ? value(&random) : nil,
            byValue: ends & 4 != 0 && !isColor ? value(&random) : nil, isAdditive: random.below(3) == 0 && !isColor,
            isCumulative: random.below(3) == 0 && !isColor)
    }

    private static func keyframes(_ random: inout SeededGenerator) throws -> KeyframeAnimation {
        var (keyPath, value) = try target(&random)
        if keyPath.valueKind == .color {
            (keyPath, value) = (try AnimKeyPath("opacity", on: .layer), { .number($0.unit()) })
        }
        let count = 2 + random.below(6)
        let values = (0..<count).map { _ in value(&random) }
        let mode: KeyframeAnimation.CalculationMode = random.pick([.linear, .linear, .cubic, .cubic, .discrete, .paced])
        var keyTimes: [Double]?
        switch random.below(4) {
        case 0: keyTimes = nil
        case 1: keyTimes = (0..<count).map { Double($0) / Double(count - 1) }
        default:
            // Uneven, sometimes repeated key times from 0 to 1.
            var times = (0..<count).map { _ in random.below(3) == 0 ? 0.5 : random.unit() }.sorted()
            times[0] = 0
            times[count - 1] = 1
            keyTimes = times
        }
        if mode == .discrete, keyTimes != nil, random.below(2) == 0 { keyTimes?[count - 1] = 0.9 }
        let functions: [TimingFunction]? =
            random.below(2) == 0 ? nil : (0..<count - 1).map { _ in function(&random) ?? .linear }
        return KeyframeAnimation(
            keyPath: keyPath, values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode,
            tensionValues: random.below(3) == 0 ? (0..<count).map { _ in random.unit() - 0.5 } : nil,
            isAdditive: random.below(4) == 0, isCumulative: random.below(4) == 0)
    }
}

extension SeededGenerator {
    /// A number in [0, 1).
    fileprivate mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in [−100, 100), now and then 0 or −0.
    fileprivate mutating func number() -> Double {
        switch below(16) {
        case 0: 0
        case 1: -0.0
        default: unit() * 200 - 100
        }
    }

    fileprivate mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
