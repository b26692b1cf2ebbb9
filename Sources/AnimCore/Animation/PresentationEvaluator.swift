/// Turns a layer's model state and animations into its presentation state at one time: the one
/// function the server's frame loop, the SDK's `presentation()` and `animctl eval` share.
public enum PresentationEvaluator {
    /// The presentation of `model` at the layer's local time `t`: starting from the model value, each
    /// animation in order replaces or adds to the running value
    /// (docs/core-animation-rules.md#decisions-on-open-points). Returns the state and the transition in progress, if
    /// any.
    /// The layer's own timing presented is the one at `parentTime` (`LayerAnimations.presentedTiming`; the model's
    /// when nil).
    public static func presentation(
        of model: LayerState, animations: LayerAnimations, atLocalTime t: Double, parentTime: Double? = nil
    ) -> (state: LayerState, transition: TransitionProgress?) {
        var state = model
        let transition = evaluate(
            model: model, animations: animations, atLocalTime: t, parentTime: parentTime, into: &state)
        return (state, transition)
    }

    /// The same, writing into `presentation`, which must start as a copy of `model` (the frame loop
    /// reuses one buffer per layer, so the steady state allocates nothing).
    @inline(__always)
    @discardableResult
    public static func evaluate(
        model: LayerState, animations: LayerAnimations, atLocalTime t: Double, parentTime: Double? = nil,
        into presentation: inout LayerState
    ) -> TransitionProgress? {
        if let parentTime, animations.animatesTiming {
            presentation.timing = animations.presentedTiming(of: model, atParentTime: parentTime)
        }
        var transition: TransitionProgress?
        // Borrowed in place: copying each entry out would retain its attached animation, program and key,
        // three atomic operations and a cache miss on the attached animation per animation per frame.
        animations.entries.withUnsafeBufferPointer { entries in
            guard let base = entries.baseAddress else { return }
            for i in entries.indices {
                let entry = base + i
                // The layer's own timeOffset animations run on its parent time: `LayerAnimations.presentedTiming`.
                if entry.pointee.runsOnParentTime { continue }
                // The kernel sits at the entry's offset 0 (see `Entry.kernel`).
                EvaluationKernel.apply(
                    at: UnsafeRawPointer(entry), parentTime: t, model: model, to: &presentation,
                    transition: &transition, key: entry.pointee.key, program: entry.pointee.program)
            }
        }
        return transition
    }

    /// The presentation value of `keyPath` at local time `t`, as the presentation layer's `valueForKeyPath:`
    /// answers (docs/core-animation-rules.md, transform components): a transform component key path
    /// (`transform.rotation.z`, `transform.scale.x`, `transform.translation`, …) that an animation drives
    /// directly reads the value that animation computed, so a 0 → 2π turn read at 0.75 is 3π/2 rather than
    /// the −π/2 that decomposing the matrix gives. An animation on an independent component (`rotation.x`
    /// for `rotation.z`) leaves that value alone; one on anything else that changes the property (the whole
    /// transform, an overlapping component such as `scale` for `scale.x`, a group, a rotationMode) leaves the
    /// decomposition of the property as it then stands, which the direct animations after it build on. Every
    /// other key path reads the presentation state.
    public static func value(
        of keyPath: AnimKeyPath, model: LayerState, animations: LayerAnimations, atLocalTime t: Double
    ) -> PropertyValue {
        guard case .transform(let component)? = keyPath.component else {
            return keyPath.value(in: presentation(of: model, animations: animations, atLocalTime: t).state)
        }
        let property = AnimKeyPath(property: keyPath.property)
        var state = model
        var running = keyPath.value(in: model)
        var transition: TransitionProgress?
        for entry in animations.entries where !entry.runsOnParentTime {
            let before = property.value(in: state)
            entry.program.apply(parentTime: t, model: model, to: &state, transition: &transition, key: entry.key)
            if let direct = entry.program.value(of: keyPath, at: t, model: model, running: running) {
                running = direct
            } else if case .transform(let other)? = entry.attached.animation.keyPath?.component,
                entry.attached.animation.keyPath?.property == keyPath.property, !other.overlaps(component)
            {
                continue
            } else if property.value(in: state) != before {
                running = keyPath.value(in: state)
            }
        }
        return running
    }
}
