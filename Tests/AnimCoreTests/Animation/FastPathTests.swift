import Testing

@testable import AnimCore

/// Every specialised program must give exactly what the general one gives: these run both on the same
/// inputs over several cycles and compare whole layer states.
@Suite("The specialised programs agree with the general evaluator")
struct FastPathTests {
    /// Runs `general` and `fast` from `model` at times across four cycles (before, during, after).
    private func expectSame(
        _ general: any AnimationProgram, _ fast: any AnimationProgram, model: LayerState, _ label: String
    ) {
        for time in stride(from: -0.5, through: 4.5, by: 0.17) {
            var a = model
            var b = model
            var none: TransitionProgress?
            general.apply(parentTime: time, model: model, to: &a, transition: &none, key: nil)
            fast.apply(parentTime: time, model: model, to: &b, transition: &none, key: nil)
            #expect(a == b, "\(label) at \(time)")
            #expect(a.transform.bitPatterns == b.transform.bitPatterns, "\(label) at \(time)")
        }
    }

    private static let transforms: [Transform3D] = [
        .identity,
        Transform3D.rotation(0.7, 0, 0, 1).concatenating(.scale(2, 3, 1)).concatenating(.translation(5, -4, 2)),
        Transform3D.scale(1.5, 1.5, 1),
        // −0 entries compare equal to the identity but must not take its cached decomposition.
        Transform3D(
            m11: 1, m12: -0.0, m13: 0, m14: 0, m21: -0.0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1),
    ]

    @Test(arguments: [
        "transform.scale", "transform.scale.x", "transform.scale.z", "transform.rotation.z",
        "transform.rotation", "transform.rotation.y", "transform.translation.x",
    ])
    func transformComponents(path: String) throws {
        let cases: [(Double?, Double?, Double?, Bool, Bool)] = [
            (0.5, 2, nil, false, false), (0.5, nil, nil, false, false), (nil, 2, nil, true, false),
            (nil, nil, 0.25, false, true), (0.5, nil, 0.25, false, true), (nil, 2, 0.5, false, false),
            (nil, nil, nil, false, false), (0.5, 2, nil, true, true),
        ]
        for base in Self.transforms {
            var model = LayerState()
            model.transform = base
            for (f, t, b, additive, cumulative) in cases {
                let basic = BasicAnimation(
                    keyPath: try AnimKeyPath(path, on: .layer), fromValue: f.map { .number($0) },
                    toValue: t.map { .number($0) }, byValue: b.map { .number($0) }, isAdditive: additive,
                    isCumulative: cumulative)
                for spring in [nil, SpringParameters(damping: 7)] {
                    let general = BasicProgram(
                        basic, capturedValue: .number(0.75), timing: MediaTiming(duration: 1, repeatCount: 3),
                        timingFunction: .easeInEaseOut, spring: spring)
                    let fast = try #require(TransformComponentProgram(general))
                    expectSame(general, fast, model: model, "\(path) on \(base)")
                }
            }
        }
    }

    @Test func transformComponentFastPathLeavesOthersAlone() throws {
        let whole = BasicProgram(
            BasicAnimation(keyPath: try AnimKeyPath("transform", on: .layer), toValue: .transform(.identity)),
            capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        #expect(TransformComponentProgram(whole) == nil)
        let translation = BasicProgram(
            BasicAnimation(
                keyPath: try AnimKeyPath("transform.translation", on: .layer), toValue: .size(Size(width: 1, height: 2))
            ),
            capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        #expect(TransformComponentProgram(translation) == nil)
        let function = BasicProgram(
            BasicAnimation(
                keyPath: try AnimKeyPath("transform", on: .layer), fromValue: .number(0), toValue: .number(1),
                valueFunction: .rotateZ),
            capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        #expect(TransformComponentProgram(function) == nil)
    }

    @Test func identityDecompositionIsCachedOnlyForTheExactIdentity() {
        let cached = Transform3D.identity.componentsDecomposition()
        let computed = Transform3D.identity.decompose(style: .components)
        #expect(cached == computed)
        #expect(Transform3D.identity.isBitwiseIdentity)
        #expect(!Self.transforms[3].isBitwiseIdentity)
        #expect(!Transform3D.scale(1.5, 1.5, 1).isBitwiseIdentity)
        for c in TransformComponent.allCases where c != .translation {
            for v in [-2.0, -0.0, 0, 0.3, 1, 7.5] {
                let viaCache = Transform3D.identity.setting(c, to: v)
                let d = Transform3D.identity.decompose(style: .components)
                #expect(d != nil)
                #expect(viaCache.component(c) == Self.transforms[3].setting(c, to: v).component(c), "\(c) = \(v)")
            }
        }
    }

    @Test func colours() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let pairs: [(Color?, Color?)] = [(red, blue), (red, nil), (nil, blue)]
        for path in ["backgroundColor", "borderColor", "shadowColor"] {
            for (from, to) in pairs {
                for spring in [nil, SpringParameters(damping: 5)] {
                    let general = BasicProgram(
                        BasicAnimation(
                            keyPath: try AnimKeyPath(path, on: .layer), fromValue: .color(from), toValue: .color(to)),
                        capturedValue: nil, timing: MediaTiming(duration: 1, repeatCount: 3, autoreverses: true),
                        timingFunction: .easeOut, spring: spring)
                    let fast = try #require(ColorBasicProgram(general))
                    expectSame(general, fast, model: LayerState(), "\(path) \(String(describing: from))")
                }
            }
        }
    }

    @Test func coloursTheFastPathLeavesToTheGeneralOne() throws {
        func program(
            _ path: String, _ a: PropertyValue?, _ b: PropertyValue?, additive: Bool = false
        )
            throws -> BasicProgram
        {
            BasicProgram(
                BasicAnimation(
                    keyPath: try AnimKeyPath(path, on: .shape), fromValue: a, toValue: b, isAdditive: additive),
                capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        }
        #expect(ColorBasicProgram(try program("backgroundColor", .color(.white), nil)) == nil)
        #expect(ColorBasicProgram(try program("backgroundColor", .color(nil), .color(nil))) == nil)
        #expect(
            ColorBasicProgram(try program("backgroundColor", .color(.white), .color(.black), additive: true)) == nil)
        #expect(ColorBasicProgram(try program("fillColor", .color(.white), .color(.black))) == nil)
    }

    @Test(arguments: [KeyframeAnimation.CalculationMode.linear, .cubic])
    func keyframes(mode: KeyframeAnimation.CalculationMode) throws {
        var model = LayerState()
        model.position = Point(x: 7, y: 8)
        model.bounds = Rect(x: 1, y: 1, width: 50, height: 60)
        let values: [(String, [PropertyValue])] = [
            ("position", (0..<5).map { .point(Point(x: Double($0 * 20), y: Double(($0 * 37) % 50))) }),
            ("opacity", [.number(0), .number(0.8), .number(0.3), .number(1)]),
            ("position.y", [.number(5), .number(-5), .number(12)]),
            (
                "bounds",
                [.rect(Rect(x: 0, y: 0, width: 10, height: 20)), .rect(Rect(x: 5, y: 5, width: 40, height: 10))]
            ),
        ]
        for (path, list) in values {
            let n = list.count
            let uneven = (0..<n).map { i in i == n - 1 ? 1.0 : Double(i * i) / Double((n - 1) * (n - 1)) }
            let variants: [KeyframeAnimation] = [
                KeyframeAnimation(keyPath: try AnimKeyPath(path, on: .layer), values: list, calculationMode: mode),
                KeyframeAnimation(
                    keyPath: try AnimKeyPath(path, on: .layer), values: list, keyTimes: uneven,
                    timingFunctions: [.easeIn, .easeOut], calculationMode: mode,
                    tensionValues: [0, 0.3, -0.2], continuityValues: [0.1, -0.4], biasValues: [0.5],
                    isAdditive: true),
                KeyframeAnimation(
                    keyPath: try AnimKeyPath(path, on: .layer), values: list, calculationMode: mode,
                    isCumulative: true),
            ]
            for k in variants {
                let general = try KeyframeProgram(
                    k, timing: MediaTiming(duration: 1, repeatCount: 3), timingFunction: .easeInEaseOut)
                let fast = try #require(LaneKeyframeProgram(general))
                expectSame(general, fast, model: model, "\(path) \(mode)")
            }
        }
    }

    @Test func keyframesTheFastPathLeavesToTheGeneralOne() throws {
        let numbers: [PropertyValue] = [.number(0), .number(1), .number(0.5)]
        for mode in [KeyframeAnimation.CalculationMode.discrete, .paced, .cubicPaced] {
            let k = KeyframeAnimation(
                keyPath: try AnimKeyPath("opacity", on: .layer), values: numbers, calculationMode: mode)
            #expect(
                LaneKeyframeProgram(try KeyframeProgram(k, timing: MediaTiming(duration: 1), timingFunction: nil))
                    == nil)
        }
        let single = KeyframeAnimation(keyPath: try AnimKeyPath("opacity", on: .layer), values: [.number(1)])
        #expect(
            LaneKeyframeProgram(try KeyframeProgram(single, timing: MediaTiming(duration: 1), timingFunction: nil))
                == nil)
        let colours = KeyframeAnimation(
            keyPath: try AnimKeyPath("backgroundColor", on: .layer), values: [.color(.white), .color(.black)])
        #expect(
            LaneKeyframeProgram(try KeyframeProgram(colours, timing: MediaTiming(duration: 1), timingFunction: nil))
                == nil)
        let path = KeyframeAnimation(
            keyPath: try AnimKeyPath("position", on: .layer),
            path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(
            LaneKeyframeProgram(try KeyframeProgram(path, timing: MediaTiming(duration: 1), timingFunction: nil)) == nil
        )
    }

    @Test func attachingPicksTheFastPaths() throws {
        let model = LayerState()
        let context = AttachedAnimation.Context(attachTime: 0, previousPresentation: model)
        func program(_ a: Animation) throws -> any AnimationProgram {
            try AttachedAnimation(key: nil, animation: a, layerClass: .layer, context: context).program
        }
        let scale = try program(
            Animation(
                .spring(
                    SpringAnimation(
                        basic: BasicAnimation(
                            keyPath: try AnimKeyPath("transform.scale", on: .layer), fromValue: .number(0.5),
                            toValue: .number(1)), spring: SpringParameters()))))
        #expect(scale is TransformComponentProgram)
        let colour = try program(
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try AnimKeyPath("backgroundColor", on: .layer), fromValue: .color(.white),
                        toValue: .color(.black)))))
        #expect(colour is ColorBasicProgram)
        let keyframes = try program(
            Animation(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: try AnimKeyPath("position", on: .layer),
                        values: [.point(.zero), .point(Point(x: 1, y: 1))], calculationMode: .cubic))))
        #expect(keyframes is LaneKeyframeProgram)
    }
}

extension Transform3D {
    /// The entries' bit patterns: tells −0 from 0.
    fileprivate var bitPatterns: [UInt64] { elements.map(\.bitPattern) }
}
