/// The evaluable form of an animation, built once when it is attached: one immutable object per
/// animation holding its timing and everything its kind needs, so a frame touches one object per
/// animation (the frame loop is bound by memory traffic, not arithmetic).
protocol AnimationProgram: AnyObject, Sendable {
    var timing: MediaTiming { get }
    /// The program's data to hold inline in the layer's entry, or `.program` to call `apply` on it.
    var evaluationKernel: EvaluationKernel { get }
    /// Writes this animation's contribution at `parentTime` into `state`.
    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?)
    /// For an animation on exactly `keyPath`: what it makes of the running value `running` at parent time `t`
    /// (`running` itself while it has no effect), computed on the key path's own value rather than through
    /// the layer's property, so that a transform component keeps the value animated (a 0 → 2π turn is not
    /// folded into (−π, π]). nil for any other animation. See `PresentationEvaluator.value(of:…)`.
    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue?
}

extension AnimationProgram {
    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        nil
    }
}

/// The additive order of docs/core-animation-rules.md#decisions-on-open-points: a non-additive animation replaces the
/// running value, an additive one adds.
@inline(__always)
func compose(_ v: PropertyValue, at keyPath: AnimKeyPath, additive: Bool, into state: inout LayerState) {
    if additive {
        keyPath.setUnchecked(keyPath.value(in: state).adding(v), in: &state)
    } else {
        keyPath.setUnchecked(v, in: &state)
    }
}

/// CAAnimationGroup: the group's curve warps its children's time
/// (docs/core-animation-rules.md#decisions-on-open-points); they are clipped to its active time.
final class GroupProgram: AnimationProgram {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    let children: [any AnimationProgram]
    /// The group's curve (linear when it has none), read by `kernel`.
    let curveOwner: SharedTimingFunction
    /// The children's kernels and unowned programs, allocated once and freed with the group.
    /// Written only in init (hence safe to share).
    nonisolated(unsafe) private let childBlock: UnsafeMutableBufferPointer<GroupKernel.Child>
    let kernel: GroupKernel
    /// false: evaluated through `children`'s objects (`applyThroughChildren`), the reference path the kernel must
    /// equal (`AttachedAnimation`'s `fastPaths: false`).
    let usesKernel: Bool

    init(
        timing: MediaTiming, timingFunction: TimingFunction?, children: [any AnimationProgram], usesKernel: Bool = true
    ) {
        self.usesKernel = usesKernel
        self.timing = timing
        self.timingFunction = timingFunction
        self.children = children
        curveOwner = SharedTimingFunction.of(timingFunction)
        childBlock = .allocate(capacity: children.count)
        _ = childBlock.initialize(from: children.map { GroupKernel.Child(kernel: $0.evaluationKernel, program: $0) })
        kernel = GroupKernel(
            timing: FrameTiming(timing), duration: timing.resolvedDuration, curve: curveOwner.function,
            children: UnsafeBufferPointer(childBlock))
    }

    deinit {
        childBlock.deallocate()
    }

    var evaluationKernel: EvaluationKernel { usesKernel ? .group(kernel) : .program }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        guard usesKernel else {
            applyThroughChildren(parentTime: t, model: model, to: &state, transition: &transition, key: key)
            return
        }
        kernel.apply(parentTime: t, model: model, to: &state, transition: &transition, key: key)
    }

    /// The group from its fields and its children's objects: the curve warps the children's time, clipped to the
    /// group's active time.
    func applyThroughChildren(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        guard let f = timing.resolve(parentTime: t).fraction else { return }
        let local = (timingFunction?.evaluate(f) ?? f) * timing.resolvedDuration
        for child in children {
            child.apply(parentTime: local, model: model, to: &state, transition: &transition, key: key)
        }
    }
}

/// CATransition: only a progress value; the renderer draws the old snapshot and the new state.
final class TransitionProgram: AnimationProgram {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    let transitionAnimation: TransitionAnimation

    init(timing: MediaTiming, timingFunction: TimingFunction?, transition: TransitionAnimation) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.transitionAnimation = transition
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        guard let f = timing.resolve(parentTime: t).fraction else { return }
        let g = timingFunction?.evaluate(f) ?? f
        let tr = transitionAnimation
        transition = TransitionProgress(
            type: tr.type, subtype: tr.effectiveSubtype,
            progress: tr.startProgress + (tr.endProgress - tr.startProgress) * g,
            key: key)
    }
}
