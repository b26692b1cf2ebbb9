import Testing

@testable import AnimCore

/// The evaluator runs fast-path programs from the copy of their data inline in each layer's entries
/// (`EvaluationKernel`); these check that copy gives exactly what the program objects give, that the
/// right animations get one, and that shared timing functions evaluate as their own copies would.
@Suite("Inline evaluation kernels agree with the program objects")
struct EvaluationKernelTests {
    private static func attach(_ animations: [Animation], model: LayerState) throws -> LayerAnimations {
        var set = LayerAnimations()
        for (n, animation) in animations.enumerated() {
            let attached = try AttachedAnimation(
                key: "k\(n)", animation: animation, layerClass: .layer,
                context: AttachedAnimation.Context(attachTime: 0, previousPresentation: model))
            set.add(attached, at: 0)
        }
        return set
    }

    private static func basic(
        _ path: String, _ from: PropertyValue?, _ to: PropertyValue?, by: PropertyValue? = nil, additive: Bool = false,
        cumulative: Bool = false, timing: MediaTiming, function: TimingFunction? = nil
    ) throws -> Animation {
        Animation(
            .basic(
                BasicAnimation(
                    keyPath: try AnimKeyPath(path, on: .layer), fromValue: from, toValue: to, byValue: by,
                    isAdditive: additive, isCumulative: cumulative)),
            timing: timing, timingFunction: function)
    }

    @Test func evaluatorMatchesTheProgramObjects() throws {
        var model = LayerState()
        model.position = Point(x: 7, y: 8)
        model.bounds = Rect(x: 1, y: 1, width: 50, height: 60)
        model.transform = .scale(1.5, 1.5, 1)
        let repeating = MediaTiming(duration: 1, repeatCount: 3)
        let animations: [Animation] = [
            try Self.basic(
                "opacity", .number(0.2), .number(0.9), timing: repeating,
                function: TimingFunction(controlPoints: 0.3, 0.1, 0.7, 1.2)),
            try Self.basic("position", nil, nil, by: .point(Point(x: 5, y: -3)), cumulative: true, timing: repeating),
            try Self.basic("position.x", .number(3), nil, additive: true, timing: repeating, function: .easeIn),
            try Self.basic(
                "transform.scale", .number(0.5), .number(2), timing: MediaTiming(duration: 1, autoreverses: true),
                function: .default),
            try Self.basic("transform.rotation.z", nil, .number(1), by: .number(0.5), timing: repeating),
            try Self.basic(
                "backgroundColor", .color(Color(red: 1, green: 0, blue: 0)),
                .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
                timing: repeating, function: .easeInEaseOut),
            Animation(
                .spring(
                    SpringAnimation(
                        basic: BasicAnimation(
                            keyPath: try AnimKeyPath("bounds.size.width", on: .layer), fromValue: .number(40),
                            toValue: .number(80)), spring: SpringParameters(damping: 7))),
                timing: repeating),
            Animation(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: try AnimKeyPath("position", on: .layer),
                        values: [.point(.zero), .point(Point(x: 10, y: 4)), .point(Point(x: 3, y: 9))],
                        calculationMode: .cubic)),
                timing: repeating),
        ]
        let group = Animation(
            .group(
                AnimationGroup(
                    animations: Array(animations.prefix(7)) + [
                        try Self.basic(
                            "transform", .transform(.identity), .transform(.scale(2, 2, 1)),
                            timing: MediaTiming(duration: 0.5))
                    ])),
            timing: MediaTiming(duration: 2, timeOffset: 0.3, repeatCount: 2), timingFunction: .easeOut)
        let set = try Self.attach(animations + [group], model: model)
        for time in stride(from: -0.5, through: 3.5, by: 0.13) {
            let viaKernels = PresentationEvaluator.presentation(of: model, animations: set, atLocalTime: time).state
            var viaObjects = model
            var none: TransitionProgress?
            for entry in set.entries {
                if let group = entry.program as? GroupProgram {
                    // The group by hand from its fields and its children's objects, not its kernel.
                    guard let f = group.timing.resolve(parentTime: time).fraction else { continue }
                    let local = (group.timingFunction?.evaluate(f) ?? f) * group.timing.resolvedDuration
                    for child in group.children {
                        child.apply(parentTime: local, model: model, to: &viaObjects, transition: &none, key: entry.key)
                    }
                } else {
                    entry.program.apply(
                        parentTime: time, model: model, to: &viaObjects, transition: &none, key: entry.key)
                }
            }
            #expect(viaKernels == viaObjects, "at \(time)")
        }
    }

    @Test func fastPathsGetAnInlineKernel() throws {
        let model = LayerState()
        let timing = MediaTiming(duration: 1)
        let set = try Self.attach(
            [
                try Self.basic("opacity", .number(0), .number(1), timing: timing),
                try Self.basic("transform.scale", .number(0), .number(1), timing: timing),
                try Self.basic("backgroundColor", .color(.white), .color(.black), timing: timing),
                try Self.basic("transform", .transform(.identity), .transform(.scale(2, 2, 1)), timing: timing),
                Animation(
                    .group(
                        AnimationGroup(animations: [try Self.basic("opacity", .number(0), .number(1), timing: timing)])),
                    timing: timing),
            ], model: model)
        let kinds = set.entries.map { entry -> String in
            switch entry.kernel {
            case .laneBasic: "lane"
            case .transformComponent: "component"
            case .colorBasic: "color"
            case .laneKeyframe: "keyframe"
            case .group: "group"
            case .program: "program"
            }
        }
        #expect(kinds == ["lane", "component", "color", "program", "group"])
    }

    @Test func namedFunctionsAreSharedAndEvaluateAsTheirOwnCopy() {
        #expect(SharedTimingFunction.of(.easeIn) === SharedTimingFunction.of(TimingFunction(name: .easeIn)))
        #expect(SharedTimingFunction.of(nil) === SharedTimingFunction.of(.linear))
        let custom = TimingFunction(controlPoints: 0.1, 0.8, 0.2, 0.9)
        let functions: [TimingFunction?] = [nil, .linear, .easeIn, .easeOut, .easeInEaseOut, .default, custom]
        for function in functions {
            let shared = SharedTimingFunction.of(function)
            for x in stride(from: -0.25, through: 1.25, by: 0.01) {
                let expected = function?.evaluate(x) ?? x
                #expect(
                    shared.function.pointee.evaluate(x).bitPattern == expected.bitPattern,
                    "\(String(describing: function)) at \(x)")
            }
        }
    }
}
