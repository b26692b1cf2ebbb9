/// An animation added to a layer (`addAnimation(_:forKey:)`): a validated copy with the transaction's
/// defaults applied, its begin time fixed, and its evaluation program built.
public final class AttachedAnimation: Sendable {
    /// The key it was added under; nil is a valid key (docs/core-animation-rules.md#begintime-0-and-animation-keys).
    public let key: String?
    /// The animation as it runs: durations of 0 replaced, beginTime 0 replaced by the attach time.
    public let animation: Animation
    let program: any AnimationProgram
    /// Non-fatal findings for the client's log (repeatCount with repeatDuration).
    public let warnings: [String]

    /// The context an animation is attached in: the transaction's values (docs/core-animation-rules.md#transactions)
    /// and the layer's time.
    public struct Context: Sendable {
        /// The layer's local time when the transaction commits: replaces a top-level beginTime of 0. For an
        /// animation of the layer's `timeOffset`, which runs on the parent time, the parent's time then.
        public var attachTime: Double
        /// The transaction's animationDuration: replaces durations ≤ 0.
        public var transactionDuration: Double
        /// The transaction's animationTimingFunction: set on animations that have none.
        public var transactionTimingFunction: TimingFunction?
        /// The layer's presentation state before the transaction: the start of a basic animation with no
        /// from, to or by value (docs/core-animation-rules.md#from-to-and-by, last row).
        public var previousPresentation: LayerState?

        public init(
            attachTime: Double, transactionDuration: Double = MediaTiming.defaultDuration,
            transactionTimingFunction: TimingFunction? = nil, previousPresentation: LayerState? = nil
        ) {
            self.attachTime = attachTime
            self.transactionDuration = transactionDuration
            self.transactionTimingFunction = transactionTimingFunction
            self.previousPresentation = previousPresentation
        }
    }

    /// Validates `animation` for a layer of `layerClass` and prepares it. Every problem is a typed error
    /// naming the field by its wire path inside the animation (protocol/README.md, "Errors"):
    /// "timing.duration", "kind.keyframe.keyTimes", "kind.group.animations[2].kind.basic.toValue"; nothing is
    /// attached then.
    public convenience init(
        key: String?, animation: Animation, layerClass: LayerClass, context: Context
    ) throws(AnimCoreError) {
        try self.init(key: key, animation: animation, layerClass: layerClass, context: context, fastPaths: true)
    }

    /// `fastPaths: false` evaluates through the reference programs only (`BasicProgram`, `KeyframeProgram`, a
    /// `GroupProgram` through its children), never a kernel of `Sources/AnimCore/Kernels/`: what the fast paths
    /// are checked against (`FastPathDifferentialTests`).
    package init(
        key: String?, animation: Animation, layerClass: LayerClass, context: Context, fastPaths: Bool
    ) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(context.attachTime, "attachTime")
        var warnings: [String] = []
        var resolved = animation
        if resolved.timing.beginTime == 0 { resolved.timing.beginTime = context.attachTime }
        let program = try AttachedAnimation.prepare(
            &resolved, layerClass: layerClass, context: context, path: "", fastPaths: fastPaths, warnings: &warnings)
        self.key = key
        self.animation = resolved
        self.program = program
        self.warnings = warnings
    }

    /// `path` is the animation's wire path inside the attached one ("" for it, then
    /// "kind.group.animations[i]"): each field it names is under it.
    private static func prepare(
        _ a: inout Animation, layerClass: LayerClass, context: Context, path: String, fastPaths: Bool,
        warnings: inout [String]
    ) throws(AnimCoreError) -> any AnimationProgram {
        func at(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        try a.timing.validate(field: at("timing"))
        if a.timing.duration <= 0 {
            a.timing.duration =
                context.transactionDuration > 0 ? context.transactionDuration : MediaTiming.defaultDuration
        }
        if a.timing.hasConflictingRepeat {
            warnings.append("\(at("timing")): repeatCount and repeatDuration are both set; repeatDuration wins")
        }
        if a.timingFunction == nil { a.timingFunction = context.transactionTimingFunction }
        if let tf = a.timingFunction { try tf.validate(field: at("timingFunction")) }

        let timing = a.timing
        let function = a.timingFunction
        switch a.kind {
        case .basic(var b):
            b.keyPath = try rebind(b.keyPath, to: layerClass, field: at("kind.basic.keyPath"))
            try BasicProgram.check(b, field: at("kind.basic"))
            a.kind = .basic(b)
            let program = BasicProgram(b, capturedValue: captured(b, context), timing: timing, timingFunction: function)
            return fastPaths ? fastPath(for: program) : program
        case .spring(var s):
            s.basic.keyPath = try rebind(s.basic.keyPath, to: layerClass, field: at("kind.spring.basic.keyPath"))
            try BasicProgram.check(s.basic, field: at("kind.spring.basic"))
            try s.spring.validate(field: at("kind.spring"))
            a.kind = .spring(s)
            let program = BasicProgram(
                s.basic, capturedValue: captured(s.basic, context), timing: timing, timingFunction: function,
                spring: s.spring)
            return fastPaths ? fastPath(for: program) : program
        case .keyframe(var k):
            k.keyPath = try rebind(k.keyPath, to: layerClass, field: at("kind.keyframe.keyPath"))
            let kp = try KeyframeProgram(k, timing: timing, timingFunction: function, field: at("kind.keyframe"))
            a.kind = .keyframe(k)
            guard fastPaths, let lanes = LaneKeyframeProgram(kp) else { return kp }
            return lanes
        case .group(var g):
            var children: [any AnimationProgram] = []
            // Children keep beginTime 0 (the group's start) and fall back to the transaction's duration.
            let childContext = Context(
                attachTime: 0, transactionDuration: context.transactionDuration,
                transactionTimingFunction: nil, previousPresentation: context.previousPresentation)
            for i in g.animations.indices {
                // A layer's timeOffset animation runs on the layer's parent time (docs/core-animation-rules.md#
                // parent-time-to-local-time), a group's children on the layer's own time.
                if g.animations[i].keyPath?.property == .timeOffset {
                    throw .invalid(
                        field: at("kind.group.animations[\(i)]"),
                        reason: "timeOffset animates on the layer's parent time, so not inside a group")
                }
                children.append(
                    try prepare(
                        &g.animations[i], layerClass: layerClass, context: childContext,
                        path: at("kind.group.animations[\(i)]"), fastPaths: fastPaths, warnings: &warnings))
            }
            a.kind = .group(g)
            return GroupProgram(timing: timing, timingFunction: function, children: children, usesKernel: fastPaths)
        case .transition(let tr):
            for (name, v) in [("startProgress", tr.startProgress), ("endProgress", tr.endProgress)] {
                let field = at("kind.transition.\(name)")
                try AnimCoreError.requireFinite(v, field)
                guard (0...1).contains(v) else { throw .outOfRange(field: field, value: v, allowed: "0…1") }
            }
            guard tr.endProgress >= tr.startProgress else {
                throw .invalid(
                    field: at("kind.transition.endProgress"),
                    reason: "endProgress \(tr.endProgress) is below startProgress \(tr.startProgress)")
            }
            return TransitionProgram(timing: timing, timingFunction: function, transition: tr)
        }
    }

    /// The specialised program that evaluates `program` with the same results and without boxing values,
    /// or `program` itself when none applies.
    private static func fastPath(for program: BasicProgram) -> any AnimationProgram {
        if let lanes = LaneBasicProgram(program) { return lanes }
        if let component = TransformComponentProgram(program) { return component }
        if let color = ColorBasicProgram(program) { return color }
        return program
    }

    /// The same key path checked against the layer it is attached to; `field` names it in errors.
    private static func rebind(
        _ keyPath: AnimKeyPath, to layerClass: LayerClass, field: String
    ) throws(AnimCoreError) -> AnimKeyPath {
        let bound = try AnimKeyPath(keyPath.description, on: layerClass)
        guard bound.isAnimatable else {
            throw .invalid(field: field, reason: "\(keyPath) is not animatable on \(layerClass)")
        }
        return bound
    }

    private static func captured(_ b: BasicAnimation, _ context: Context) -> PropertyValue? {
        guard b.fromValue == nil, b.toValue == nil, b.byValue == nil, b.valueFunction == nil else { return nil }
        return context.previousPresentation.map { b.keyPath.value(in: $0) }
    }

    /// The animation's phase at the layer's local time `t`.
    public func phase(atLocalTime t: Double) -> TimingPhase {
        animation.timing.resolve(parentTime: t).phase
    }

    /// Writes the animation's contribution at the layer's local time `t` into `state`.
    public func apply(
        atLocalTime t: Double, model: LayerState, to state: inout LayerState, transition: inout TransitionProgress?
    ) {
        program.apply(parentTime: t, model: model, to: &state, transition: &transition, key: key)
    }
}
