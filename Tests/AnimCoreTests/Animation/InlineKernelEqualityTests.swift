import Testing

@testable import AnimCore

/// The third round of inline fast paths against the general path, bit for bit: the scale setter on the
/// identity and keyframe kernels evaluated from a layer's entries.
@Suite("Identity scale setting and inline keyframe kernels agree with the general path")
struct InlineKernelEqualityTests {
    private static let values: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, -3.25, 1e-300, -1e300, .infinity, -.infinity, .nan, 0.1 + 0.2,
    ]

    @Test(arguments: [TransformComponent.scale, .scaleX, .scaleY, .scaleZ])
    func identityScaleSettingMatchesTheGeneralSetter(component: TransformComponent) throws {
        for v in Self.values {
            let fast = try #require(IdentityScaleSetting.setting(component, to: v, on: .identity))
            let general = Transform3D.identity.setting(component, to: v)
            #expect(fast.elements.map(\.bitPattern) == general.elements.map(\.bitPattern), "\(component) \(v)")
        }
    }

    @Test func identityScaleSettingLeavesOtherCasesToTheGeneralPath() {
        let negativeZero = Transform3D(
            m11: 1, m12: -0.0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        #expect(IdentityScaleSetting.setting(.scale, to: 2, on: negativeZero) == nil)
        #expect(IdentityScaleSetting.setting(.scale, to: 2, on: .scale(2, 2, 1)) == nil)
        for c in [TransformComponent.rotation, .rotationX, .rotationZ, .translationX, .translation] {
            #expect(IdentityScaleSetting.setting(c, to: 2, on: .identity) == nil, "\(c)")
        }
    }

    @Test(arguments: [KeyframeAnimation.CalculationMode.linear, .cubic])
    func keyframeKernelsInTheEntriesMatchTheGeneralProgram(mode: KeyframeAnimation.CalculationMode) throws {
        var model = LayerState()
        model.position = Point(x: 7, y: 8)
        let values: [PropertyValue] = (0..<6).map { .point(Point(x: Double($0 * 20), y: Double(($0 * 37) % 50))) }
        let animations = [
            KeyframeAnimation(
                keyPath: try AnimKeyPath("position", on: .layer), values: values, calculationMode: mode,
                tensionValues: [0, 0.2, -0.2, 0.1, 0, 0]),
            KeyframeAnimation(
                keyPath: try AnimKeyPath("position", on: .layer), values: values,
                keyTimes: [0, 0.05, 0.3, 0.31, 0.8, 1], timingFunctions: [.easeIn, .linear, .default],
                calculationMode: mode, isAdditive: true, isCumulative: true),
        ]
        let timing = MediaTiming(duration: 1, repeatCount: 3)
        for k in animations {
            let attached = try AttachedAnimation(
                key: "k", animation: Animation(.keyframe(k), timing: timing, timingFunction: .easeIn),
                layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
            var set = LayerAnimations()
            set.add(attached, at: 0)
            guard case .laneKeyframe = set.entries[0].kernel else {
                Issue.record("no inline keyframe kernel")
                continue
            }
            let general = try KeyframeProgram(k, timing: attached.animation.timing, timingFunction: .easeIn)
            for time in stride(from: -0.5, through: 3.5, by: 0.07) {
                let viaKernel = PresentationEvaluator.presentation(of: model, animations: set, atLocalTime: time).state
                var viaGeneral = model
                var none: TransitionProgress?
                general.apply(parentTime: time, model: model, to: &viaGeneral, transition: &none, key: nil)
                #expect(viaKernel == viaGeneral, "\(mode) at \(time)")
                #expect(viaKernel.position.x.bitPattern == viaGeneral.position.x.bitPattern)
                #expect(viaKernel.position.y.bitPattern == viaGeneral.position.y.bitPattern)
            }
        }
    }
}
