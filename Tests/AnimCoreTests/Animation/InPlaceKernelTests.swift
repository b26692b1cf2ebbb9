import Testing

@testable import AnimCore

/// The evaluator reads each kernel where it lies, through the address of the entry (or group child) that
/// holds it and the enum's payload at offset 0: these fail if a layout change moves either.
@Suite("Kernels are evaluated in place")
struct InPlaceKernelTests {
    @Test func kernelsSitAtOffsetZero() {
        #expect(MemoryLayout<LayerAnimations.Entry>.offset(of: \.kernel) == 0)
        #expect(MemoryLayout<GroupKernel.Child>.offset(of: \.kernel) == 0)
    }

    /// Every kind of kernel, alone and in a group, read in place from the entries against the same kernel
    /// called through its program object.
    @Test func everyKindReadInPlaceMatchesItsProgram() throws {
        var model = LayerState()
        model.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        let basics: [Animation] = [
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try AnimKeyPath("position", on: .layer), fromValue: .point(.zero),
                        toValue: .point(Point(x: 100, y: 50)))),
                timing: MediaTiming(duration: 3, repeatCount: 2, autoreverses: true), timingFunction: .default),
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try AnimKeyPath("transform.scale", on: .layer), fromValue: .number(0.5),
                        toValue: .number(1))),
                timing: MediaTiming(duration: 2)),
            Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try AnimKeyPath("backgroundColor", on: .layer),
                        fromValue: .color(Color(red: 1, green: 0, blue: 0)),
                        toValue: .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))),
                timing: MediaTiming(duration: 2)),
            Animation(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: try AnimKeyPath("bounds.size.width", on: .layer),
                        values: [.number(1), .number(5), .number(2)], calculationMode: .cubic)),
                timing: MediaTiming(duration: 2)),
        ]
        let group = Animation(
            .group(AnimationGroup(animations: basics)), timing: MediaTiming(duration: 2, timeOffset: 0.3))
        for animation in basics + [group] {
            let attached = try AttachedAnimation(
                key: "k", animation: animation, layerClass: .layer,
                context: AttachedAnimation.Context(attachTime: 0, previousPresentation: model))
            var set = LayerAnimations()
            set.add(attached, at: 0)
            if case .program = set.entries[0].kernel { Issue.record("no inline kernel for \(animation)") }
            for time in stride(from: -0.5, through: 4.5, by: 0.09) {
                let viaKernel = PresentationEvaluator.presentation(of: model, animations: set, atLocalTime: time).state
                var viaGeneral = model
                var none: TransitionProgress?
                attached.program.apply(parentTime: time, model: model, to: &viaGeneral, transition: &none, key: "k")
                #expect(viaKernel == viaGeneral, "at \(time)")
            }
        }
    }
}
