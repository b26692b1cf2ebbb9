// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: the program objects the kernels are taken from (`AnimationProgram.apply`).
// Checked by: EvaluationKernelTests, InPlaceKernelTests, FastPathDifferentialTests.

/// A fast-path program's data held inline in the layer's animation entry (`LayerAnimations.Entry`), so a
/// frame evaluates it from the entry array it already walks instead of following a pointer to a program
/// object per animation: with thousands of layers those objects lie scattered over the heap and each
/// was a cache miss (most of a frame's time). `.program` dispatches through the object as before.
enum EvaluationKernel: Sendable {
    case laneBasic(LaneBasicKernel)
    case transformComponent(TransformComponentKernel)
    case colorBasic(ColorBasicKernel)
    case laneKeyframe(LaneKeyframeKernel)
    case group(GroupKernel)
    case program
}

extension AnimationProgram {
    /// Programs without an inline form evaluate through the object.
    var evaluationKernel: EvaluationKernel { .program }
}
