import Testing

@testable import AnimCore

/// Builds a layer with one animation attached at local time 0 and evaluates it.
struct Harness {
    var model: LayerState
    var animations = LayerAnimations()

    init(_ layerClass: LayerClass = .layer, configure: (inout LayerState) -> Void = { _ in }) {
        model = LayerState(layerClass: layerClass)
        configure(&model)
    }

    @discardableResult
    mutating func add(
        _ animation: Animation, key: String? = "a", at time: Double = 0,
        context: AttachedAnimation.Context? = nil
    ) throws -> UInt64 {
        let ctx = context ?? AttachedAnimation.Context(attachTime: time, previousPresentation: model)
        let attached = try AttachedAnimation(key: key, animation: animation, layerClass: model.layerClass, context: ctx)
        return animations.add(attached, at: time).id
    }

    func presentation(at t: Double) -> LayerState {
        PresentationEvaluator.presentation(of: model, animations: animations, atLocalTime: t).state
    }

    func value(_ path: String, at t: Double) throws -> PropertyValue {
        try AnimKeyPath(path, on: model.layerClass).value(in: presentation(at: t))
    }

    func number(_ path: String, at t: Double) throws -> Double {
        guard case .number(let v) = try value(path, at: t) else { return .nan }
        return v
    }
}

func keyPath(_ s: String, _ c: LayerClass = .layer) -> AnimKeyPath {
    // Test key paths are literals known to be valid.
    try! AnimKeyPath(s, on: c)
}

func basic(
    _ path: String, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil,
    timing: MediaTiming = MediaTiming(duration: 1), function: TimingFunction? = nil, removed: Bool = true,
    additive: Bool = false, cumulative: Bool = false
) -> Animation {
    Animation(
        .basic(
            BasicAnimation(
                keyPath: keyPath(path), fromValue: from, toValue: to, byValue: by, isAdditive: additive,
                isCumulative: cumulative)),
        timing: timing, timingFunction: function, removedOnCompletion: removed)
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// The keyframe kernel of `fast` and the general program `general` give the same position, bit for bit, at
/// each of `times` (parent time) from `model`; `label` names the case in a failure.
func expectKernelMatchesGeneral(
    _ fast: LaneKeyframeProgram, _ general: KeyframeProgram, model: LayerState, at times: [Double], _ label: String
) {
    for t in times {
        var viaKernel = model
        var viaGeneral = model
        var none: TransitionProgress?
        fast.kernel.apply(parentTime: t, to: &viaKernel)
        general.apply(parentTime: t, model: model, to: &viaGeneral, transition: &none, key: nil)
        #expect(viaKernel.position.x.bitPattern == viaGeneral.position.x.bitPattern, "\(label) \(t)")
        #expect(viaKernel.position.y.bitPattern == viaGeneral.position.y.bitPattern, "\(label) \(t)")
    }
}
