/// The animations attached to one layer, in `animationKeys` order (the order they apply,
/// docs/core-animation-rules.md#begintime-0-and-animation-keys), with the bookkeeping that turns time passing into
/// did-start and did-stop events.
public struct LayerAnimations: Sendable {
    public struct Entry: Sendable {
        /// The program's fast-path data, copied here when the entry is made (see `EvaluationKernel`).
        /// First, at offset 0: the evaluator reads it in place through the entry's address
        /// (`EvaluationKernel.apply(at:…)`; `InPlaceKernelTests` checks the offset).
        let kernel: EvaluationKernel
        public let id: UInt64
        public let attached: AttachedAnimation
        /// The attached animation's program, held here so a frame reaches it in one step.
        let program: any AnimationProgram
        public let key: String?
        /// Whether it animates the layer's own `timeOffset`: it runs on the layer's parent time, since the layer's
        /// timing is what turns parent time into the local time (docs/core-animation-rules.md#parent-time-to-local-time).
        public let runsOnParentTime: Bool
        public fileprivate(set) var hasStarted = false
        public fileprivate(set) var hasFinished = false
    }

    public private(set) var entries: [Entry] = []
    private var nextID: UInt64 = 1
    /// How many entries run on the parent time (animate the layer's `timeOffset`).
    private var parentTimeCount = 0

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// Whether an animation animates the layer's own timing (its `timeOffset`), so the layer's local time is not
    /// its model timing's.
    public var animatesTiming: Bool { parentTimeCount > 0 }

    /// The layer's timing at its parent time `parentTime`: `model` with the `timeOffset` animations applied at that
    /// time, in order (docs/core-animation-rules.md#parent-time-to-local-time, "timeOffset animates").
    public func presentedTiming(of model: LayerState, atParentTime parentTime: Double) -> MediaTiming {
        guard parentTimeCount > 0 else { return model.timing }
        var state = model
        var transition: TransitionProgress?
        for entry in entries where entry.runsOnParentTime {
            entry.program.apply(
                parentTime: parentTime, model: model, to: &state, transition: &transition, key: entry.key)
        }
        return state.timing
    }

    /// Whether an animation of the layer's timing is still running or has yet to begin at parent time `parentTime`
    /// (then the layer's local time is no fixed function of its parent time, and local times do not map back).
    public func timingIsAnimating(atParentTime parentTime: Double) -> Bool {
        guard parentTimeCount > 0 else { return false }
        return entries.contains {
            $0.runsOnParentTime && $0.program.timing.resolve(parentTime: parentTime).phase != .after
        }
    }

    /// The keys in application order; nil keys are left out, as `animationKeys` does.
    public var keys: [String] { entries.compactMap(\.attached.key) }

    public func animation(forKey key: String) -> AttachedAnimation? {
        entries.first { $0.attached.key == key }?.attached
    }

    /// Adds `animation`; one under the same (non-nil) key is removed first and reported as stopped
    /// unfinished (docs/core-animation-rules.md#begintime-0-and-animation-keys: at most one animation per key). Returns
    /// the new animation's id and the events.
    @discardableResult
    public mutating func add(
        _ animation: AttachedAnimation, at localTime: Double
    ) -> (id: UInt64, events: [AnimationEvent]) {
        var events: [AnimationEvent] = []
        if let key = animation.key {
            events = remove(key: key, at: localTime)
        }
        let id = nextID
        nextID += 1
        let onParentTime = animation.animation.keyPath?.property == .timeOffset
        if onParentTime { parentTimeCount += 1 }
        entries.append(
            Entry(
                kernel: animation.program.evaluationKernel, id: id, attached: animation, program: animation.program,
                key: animation.key, runsOnParentTime: onParentTime))
        return (id, events)
    }

    /// Removes the animation under `key`; it reports didStop(finished: false) unless it had finished.
    @discardableResult
    public mutating func remove(key: String, at localTime: Double) -> [AnimationEvent] {
        guard let i = entries.firstIndex(where: { $0.attached.key == key }) else { return [] }
        return [removeEntry(at: i, at: localTime)]
    }

    /// Removes every animation (`removeAllAnimations`).
    @discardableResult
    public mutating func removeAll(at localTime: Double) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        while !entries.isEmpty { events.append(removeEntry(at: entries.count - 1, at: localTime)) }
        return events.reversed()
    }

    private mutating func removeEntry(at i: Int, at localTime: Double) -> AnimationEvent {
        let e = entries.remove(at: i)
        if e.runsOnParentTime { parentTimeCount -= 1 }
        let kind: AnimationEvent.Kind = e.hasFinished ? .didStop(finished: true) : .didStop(finished: false)
        return AnimationEvent(animationID: e.id, key: e.attached.key, kind: kind, localTime: localTime)
    }

    /// Moves time to the layer-local time `t`: reports animations that entered their active duration
    /// and those whose active duration ended, and drops the ended ones with removedOnCompletion
    /// (docs/core-animation-rules.md#fill-mode-and-removedoncompletion). Events come in time order, a start before its
    /// own stop. The animations of the layer's `timeOffset` move to `parentTime` instead (`t` when nil), and their
    /// events carry parent times (`AnimationEvent.isOnParentTime`).
    public mutating func advance(toLocalTime t: Double, parentTime: Double? = nil) -> [AnimationEvent] {
        var events: [AnimationEvent] = []
        var i = 0
        while i < entries.count {
            let onParent = entries[i].runsOnParentTime && parentTime != nil
            let time = onParent ? parentTime ?? t : t
            let timing = entries[i].program.timing
            let phase = timing.resolve(parentTime: time).phase
            let id = entries[i].id
            let key = entries[i].attached.key
            if phase != .before, !entries[i].hasStarted {
                entries[i].hasStarted = true
                events.append(
                    AnimationEvent(
                        animationID: id, key: key, kind: .didStart, localTime: timing.beginTime,
                        isOnParentTime: onParent))
            }
            if phase == .after, !entries[i].hasFinished {
                entries[i].hasFinished = true
                // e = (t − beginTime)·speed reaches the active duration at beginTime + A/speed.
                let end = timing.speed != 0 ? timing.beginTime + timing.activeDuration / timing.speed : time
                events.append(
                    AnimationEvent(
                        animationID: id, key: key, kind: .didStop(finished: true), localTime: end,
                        isOnParentTime: onParent)
                )
            }
            if entries[i].hasFinished && entries[i].attached.animation.removedOnCompletion {
                if entries[i].runsOnParentTime { parentTimeCount -= 1 }
                entries.remove(at: i)
            } else {
                i += 1
            }
        }
        return events.sorted { $0.localTime < $1.localTime }
    }

    /// Whether `advance(toLocalTime: t)` would report anything (and so change these animations): an animation
    /// entering its active duration or ending it. Asked first, so a frame does not take a layer for changing (a
    /// copy of its node while a render snapshot shares it) when its animations just keep running.
    public func hasEventDue(atLocalTime t: Double, parentTime: Double? = nil) -> Bool {
        entries.contains { entry in
            let time = entry.runsOnParentTime ? parentTime ?? t : t
            let phase = entry.program.timing.resolve(parentTime: time).phase
            return (phase != .before && !entry.hasStarted) || (phase == .after && !entry.hasFinished)
        }
    }

    /// Whether any animation can still change the presentation after local time `t` (the frame loop
    /// sleeps when none can).
    public func isAnimating(atLocalTime t: Double) -> Bool {
        entries.contains { e in
            let r = e.attached.animation.timing.resolve(parentTime: t)
            return r.phase != .after
        }
    }
}
