/// Turns a layer's model state and animations into its presentation state at one time: the one
/// function the server's frame loop, the SDK's `presentation()` and `animctl eval` share.
public enum PresentationEvaluator {
    /// The presentation of `model` at the layer's local time `t`: starting from the model value, each
    /// animation in order replaces or adds to the running value (§0). Returns the state and the
    /// transition in progress, if any.
    public static func presentation(
        of model: LayerState, animations: LayerAnimations, atLocalTime t: Double
    ) -> (state: LayerState, transition: TransitionProgress?) {
        var state = model
        let transition = evaluate(model: model, animations: animations, atLocalTime: t, into: &state)
        return (state, transition)
    }

    /// The same, writing into `presentation`, which must start as a copy of `model` (the frame loop
    /// reuses one buffer per layer, so the steady state allocates nothing).
    @inline(__always)
    @discardableResult
    public static func evaluate(
        model: LayerState, animations: LayerAnimations, atLocalTime t: Double, into presentation: inout LayerState
    ) -> TransitionProgress? {
        var transition: TransitionProgress?
        // Borrowed in place: copying each entry out would retain its attached animation, program and key,
        // three atomic operations and a cache miss on the attached animation per animation per frame.
        animations.entries.withUnsafeBufferPointer { entries in
            guard let base = entries.baseAddress else { return }
            for i in entries.indices {
                let entry = base + i
                // The kernel sits at the entry's offset 0 (see `Entry.kernel`).
                EvaluationKernel.apply(
                    at: UnsafeRawPointer(entry), parentTime: t, model: model, to: &presentation,
                    transition: &transition, key: entry.pointee.key, program: entry.pointee.program)
            }
        }
        return transition
    }
}
