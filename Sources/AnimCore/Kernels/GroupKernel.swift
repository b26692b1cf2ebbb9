// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `GroupProgram.applyThroughChildren` (the group through its children's objects).
// Checked by: EvaluationKernelTests, InPlaceKernelTests, FastPathDifferentialTests.

/// A group's evaluation data inline in its layer's entry (see `EvaluationKernel`): its timing, its curve
/// and its children's kernels in one block the group program owns, so a frame reads the entry and that
/// block instead of the group object, its child array and one object per child.
///
/// Plain pointers keep `EvaluationKernel` trivially copyable (no retain or release when the evaluator
/// reads it); the `GroupProgram` the entry also holds keeps what they point at alive.
struct GroupKernel: @unchecked Sendable {
    /// A child's kernel, and its program for `.program` (kept alive by `GroupProgram.children`).
    struct Child {
        /// First, at offset 0: read in place (see `EvaluationKernel.apply(at:…)`).
        let kernel: EvaluationKernel
        unowned(unsafe) let program: any AnimationProgram
    }

    let timing: FrameTiming
    let duration: Double
    let curve: UnsafePointer<TimingFunction>
    let children: UnsafeBufferPointer<Child>

    /// `GroupProgram.apply`: the group's curve warps its children's time; they are clipped to its active
    /// time.
    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: @autoclosure () -> String?
    ) {
        guard let f = timing.resolve(parentTime: t).fraction else { return }
        let local = curve.pointee.evaluate(f) * duration
        guard let base = children.baseAddress else { return }
        for i in children.indices {
            // The kernel sits at the child's offset 0 (see `Child.kernel`).
            EvaluationKernel.apply(
                at: UnsafeRawPointer(base + i), parentTime: local, model: model, to: &state, transition: &transition,
                key: key(), program: base[i].program)
        }
    }
}

extension EvaluationKernel {
    /// `apply` on the kernel stored at `kernel`, read where it lies: loading the enum copied its whole
    /// payload (up to ~180 bytes) to the stack for every animation every frame. A multi-payload enum keeps
    /// its payload at offset 0 (Swift's enum layout), so each case's kernel is read through the same address.
    /// The caller keeps the storage alive and unchanged for the call.
    @inline(__always)
    static func apply(
        at kernel: UnsafeRawPointer, parentTime t: Double, model: LayerState, to state: inout LayerState,
        transition: inout TransitionProgress?, key: @autoclosure () -> String?,
        program: @autoclosure () -> any AnimationProgram
    ) {
        switch kernel.assumingMemoryBound(to: EvaluationKernel.self).pointee {
        case .laneBasic:
            kernel.assumingMemoryBound(to: LaneBasicKernel.self).pointee.apply(parentTime: t, model: model, to: &state)
        case .transformComponent:
            kernel.assumingMemoryBound(to: TransformComponentKernel.self).pointee.apply(
                parentTime: t, model: model, to: &state)
        case .colorBasic:
            kernel.assumingMemoryBound(to: ColorBasicKernel.self).pointee.apply(parentTime: t, model: model, to: &state)
        case .laneKeyframe:
            kernel.assumingMemoryBound(to: LaneKeyframeKernel.self).pointee.apply(parentTime: t, to: &state)
        case .group:
            kernel.assumingMemoryBound(to: GroupKernel.self).pointee.apply(
                parentTime: t, model: model, to: &state, transition: &transition, key: key())
        // The key is read only here: passed by value, every animation retained and released it each frame.
        case .program: program().apply(parentTime: t, model: model, to: &state, transition: &transition, key: key())
        }
    }

    /// Evaluates the kernel; `program` is the object it came from, called for `.program`.
    @inline(__always)
    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?, program: @autoclosure () -> any AnimationProgram
    ) {
        switch self {
        case .laneBasic(let k): k.apply(parentTime: t, model: model, to: &state)
        case .transformComponent(let k): k.apply(parentTime: t, model: model, to: &state)
        case .colorBasic(let k): k.apply(parentTime: t, model: model, to: &state)
        case .laneKeyframe(let k): k.apply(parentTime: t, to: &state)
        case .group(let k): k.apply(parentTime: t, model: model, to: &state, transition: &transition, key: key)
        case .program: program().apply(parentTime: t, model: model, to: &state, transition: &transition, key: key)
        }
    }
}
