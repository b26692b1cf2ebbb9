// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram`.
// Checked by: FastPathTests, FastPathDifferentialTests.

/// What a basic or spring animation's fast path provides: built from the general program when it applies,
/// it evaluates without `PropertyValue` and is held inline in the layer's entries.
protocol BasicKernel: Sendable {
    /// nil when the animation needs the general path.
    init?(_ b: BasicProgram, curveOwner: SharedTimingFunction)
    /// This kernel as an entry's inline data.
    var inline: EvaluationKernel { get }
    func apply(parentTime t: Double, model: LayerState, to state: inout LayerState)
    /// `AnimationProgram.value(of:at:model:running:)` for the kernel's program.
    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue?
}

extension BasicKernel {
    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        nil
    }
}

/// A kernel as a program object, for the places that hold any program (the general path, tests). It owns
/// the timing function the kernel reads through a pointer (see `BasicCurve.curve`).
final class BasicKernelProgram<Kernel: BasicKernel>: AnimationProgram {
    let kernel: Kernel
    let curveOwner: SharedTimingFunction
    let timing: MediaTiming
    var evaluationKernel: EvaluationKernel { kernel.inline }

    init?(_ b: BasicProgram) {
        let curveOwner = SharedTimingFunction.of(b.timingFunction)
        guard let kernel = Kernel(b, curveOwner: curveOwner) else { return nil }
        self.kernel = kernel
        self.curveOwner = curveOwner
        timing = b.timing
    }

    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        kernel.apply(parentTime: t, model: model, to: &state)
    }

    func value(of keyPath: AnimKeyPath, at t: Double, model: LayerState, running: PropertyValue) -> PropertyValue? {
        kernel.value(of: keyPath, at: t, model: model, running: running)
    }
}
