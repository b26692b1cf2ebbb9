/// The evaluable form of an animation, built once when it is attached.
enum AnimationProgram: Sendable {
    case basic(BasicProgram)
    case spring(BasicProgram, SpringParameters)
    case keyframe(KeyframeProgram)
    case group([PreparedAnimation])
    case transition(TransitionAnimation)
}

/// An animation with its defaults resolved and its program built: what the evaluator runs.
struct PreparedAnimation: Sendable {
    let timing: MediaTiming
    let timingFunction: TimingFunction?
    let program: AnimationProgram

    /// Writes this animation's contribution at `parentTime` into `state`.
    func apply(
        parentTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?,
        key: String?
    ) {
        let r = timing.resolve(parentTime: t)
        guard let f = r.fraction else { return }
        switch program {
        case .basic(let b):
            let p = timingFunction?.evaluate(f) ?? f
            let v = b.value(progress: p, cycle: r.cycle, autoreverses: timing.autoreverses, model: model)
            compose(v, at: b.keyPath, additive: b.isAdditive, into: &state)
        case .spring(let b, let spring):
            // The spring runs in seconds (§0); the fraction's time is f·d, mirrored on a reversed leg.
            let p = spring.progress(at: f * timing.resolvedDuration)
            let v = b.value(progress: p, cycle: r.cycle, autoreverses: timing.autoreverses, model: model)
            compose(v, at: b.keyPath, additive: b.isAdditive, into: &state)
        case .keyframe(let k):
            let g = (k.mode == .paced || k.mode == .cubicPaced) ? f : (timingFunction?.evaluate(f) ?? f)
            let (v, angle) = k.value(at: g, cycle: r.cycle, autoreverses: timing.autoreverses)
            compose(v, at: k.keyPath, additive: k.isAdditive, into: &state)
            if let angle {
                // rotationMode adds a z-rotation about the anchor on top of the layer's transform (§4.3).
                state.transform = Transform3D.rotation(angle, 0, 0, 1).concatenating(state.transform)
            }
        case .group(let children):
            // The group's curve warps its children's time (§0); they are clipped to its active time.
            let g = timingFunction?.evaluate(f) ?? f
            let local = g * timing.resolvedDuration
            for child in children {
                child.apply(parentTime: local, model: model, to: &state, transition: &transition, key: key)
            }
        case .transition(let tr):
            let g = timingFunction?.evaluate(f) ?? f
            transition = TransitionProgress(
                type: tr.type, subtype: tr.effectiveSubtype,
                progress: tr.startProgress + (tr.endProgress - tr.startProgress) * g, key: key)
        }
    }

    /// §0 additive order: a non-additive animation replaces the running value, an additive one adds.
    @inline(__always)
    private func compose(_ v: PropertyValue, at keyPath: AnimKeyPath, additive: Bool, into state: inout LayerState) {
        if additive {
            keyPath.setUnchecked(keyPath.value(in: state).adding(v), in: &state)
        } else {
            keyPath.setUnchecked(v, in: &state)
        }
    }
}
