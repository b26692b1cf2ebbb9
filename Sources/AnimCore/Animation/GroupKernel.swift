/// A group's evaluation data inline in its layer's entry (see `EvaluationKernel`): its timing, its curve
/// and its children's kernels in one block the group program owns, so a frame reads the entry and that
/// block instead of the group object, its child array and one object per child.
///
/// Plain pointers keep `EvaluationKernel` trivially copyable (no retain or release when the evaluator
/// reads it); the `GroupProgram` the entry also holds keeps what they point at alive.
struct GroupKernel: @unchecked Sendable {
    /// A child's kernel, and its program for `.program` (kept alive by `GroupProgram.children`).
    struct Child {
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
        key: String?
    ) {
        guard let f = timing.resolve(parentTime: t).fraction else { return }
        let local = curve.pointee.evaluate(f) * duration
        for i in children.indices {
            children[i].kernel.apply(
                parentTime: local, model: model, to: &state, transition: &transition, key: key,
                program: children[i].program)
        }
    }
}

extension EvaluationKernel {
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
