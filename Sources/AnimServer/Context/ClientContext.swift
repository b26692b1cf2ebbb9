import AnimCore
import AnimProtocol

/// One client's scene: its layer tree with the animations, which client animation id each attached
/// animation has, and the completions waiting for animations. A commit is applied in place under the
/// tree's rollback journal, with copies of the other (per animation, not per layer) fields to restore when
/// an operation is refused.
struct ClientContext: Sendable {
    var tree = LayerTree()
    /// By layer, then by the animation's `LayerAnimations` entry id.
    private(set) var animations: [LayerID: [UInt64: ClientAnimation]] = [:]
    /// Client animation ids that have not stopped yet, with their layer (ids must be unique while running).
    private(set) var runningIDs: [UInt64: LayerID] = [:]
    var completions = CompletionTracker()
    /// The old state of each layer a running transition was added to.
    var transitionCaptures: [LayerID: TransitionCapture] = [:]
    /// The layers that were given emitter cells (some may since have lost them or be gone): a frame is needed
    /// while one emits, and the particle budget sums over them. An id left by a refused commit is harmless.
    var emitterLayers: Set<LayerID> = []
    /// The model values each emitter layer has had, stamped when their commits applied
    /// (`recordEmitterValues(at:)`): its particles take those in force at their birth.
    var emitterHistories: [LayerID: EmitterHistory] = [:]

    /// The layers that may have animations attached (every layer that has some is here; a key may stay a
    /// little longer than its animations): a frame evaluates only these.
    var animatedLayers: Dictionary<LayerID, [UInt64: ClientAnimation]>.Keys { animations.keys }

    /// The fields a commit changes besides the tree, kept to restore them when it is refused.
    struct SavedFields {
        private let animations: [LayerID: [UInt64: ClientAnimation]]
        private let runningIDs: [UInt64: LayerID]
        private let completions: CompletionTracker
        private let transitionCaptures: [LayerID: TransitionCapture]

        init(_ context: ClientContext) {
            animations = context.animations
            runningIDs = context.runningIDs
            completions = context.completions
            transitionCaptures = context.transitionCaptures
        }

        func restore(into context: inout ClientContext) {
            context.animations = animations
            context.runningIDs = runningIDs
            context.completions = completions
            context.transitionCaptures = transitionCaptures
        }
    }

    /// The animations attached over all layers.
    var animationCount: Int { animations.values.reduce(0) { $0 + $1.count } }

    /// The client id of the entry `entryID` on `layer`.
    func clientAnimation(on layer: LayerID, entry entryID: UInt64) -> ClientAnimation? {
        animations[layer]?[entryID]
    }

    /// Records a newly attached animation.
    mutating func register(_ clientID: UInt64, entry entryID: UInt64, on layer: LayerID, completion: UInt64) {
        animations[layer, default: [:]][entryID] = ClientAnimation(id: clientID)
        runningIDs[clientID] = layer
        if completion != 0 {
            completions.animationAdded(clientID, to: TransactionStack.CompletionID(completion))
        }
    }

    /// Turns AnimCore's event on `layer` into the messages the client gets, at server time `time`: the
    /// start or stop, then any transaction completed by the stop. A stop already reported is dropped.
    mutating func report(_ event: AnimationEvent, on layer: LayerID, at time: Double, into out: inout [Message]) {
        guard var owner = animations[layer]?[event.animationID] else { return }
        switch event.kind {
        case .didStart:
            out.append(
                .animationStarted(
                    AnimationStarted(layer: layer.rawValue, animationID: owner.id, key: event.key, time: time)))
        case .didStop(let finished):
            if !owner.stopped {
                owner.stopped = true
                runningIDs[owner.id] = nil
                out.append(
                    .animationStopped(
                        AnimationStopped(
                            layer: layer.rawValue, animationID: owner.id, key: event.key, finished: finished, time: time
                        )))
                for completion in completions.animationStopped(owner.id) {
                    out.append(.transactionCompleted(TransactionCompleted(completion: completion.rawValue, time: time)))
                }
            }
            let attached =
                tree.withNode(layer) { $0.animations.entries.contains { $0.id == event.animationID } } ?? false
            if attached {
                animations[layer]?[event.animationID] = owner
            } else {
                animations[layer]?[event.animationID] = nil
                if animations[layer]?.isEmpty == true { animations[layer] = nil }
                if transitionCaptures[layer]?.entry == event.animationID { transitionCaptures[layer] = nil }
            }
        }
    }

    /// Reports every animation of `layer` as stopped unfinished (the layer is going away) and forgets them.
    mutating func stopAll(on layer: LayerID, at time: Double, into out: inout [Message]) {
        guard let node = tree.node(layer) else { return }
        for entry in node.animations.entries {
            guard let owner = animations[layer]?[entry.id], !owner.stopped else { continue }
            runningIDs[owner.id] = nil
            out.append(
                .animationStopped(
                    AnimationStopped(
                        layer: layer.rawValue, animationID: owner.id, key: entry.key, finished: false, time: time)))
            for completion in completions.animationStopped(owner.id) {
                out.append(.transactionCompleted(TransactionCompleted(completion: completion.rawValue, time: time)))
            }
        }
        animations[layer] = nil
        transitionCaptures[layer] = nil
    }

    /// Moves every animation to server time `t` and returns the events as messages, in time order.
    mutating func advance(to t: Double) -> [Message] {
        // Only the layers with animations are visited: a frame's cost follows what animates, not the tree.
        let events = tree.advanceAnimations(of: animations.keys, toAbsoluteTime: t)
        var out: [Message] = []
        for (layer, event) in events {
            let converted = tree.absoluteTime(of: event, on: layer, at: t)
            report(event, on: layer, at: converted.isFinite ? converted : t, into: &out)
        }
        return out
    }

    /// The presentation state of `id` at server time `t`.
    func presentation(of id: LayerID, at t: Double) throws(AnimCoreError) -> LayerState {
        guard let node = tree.node(id) else { throw .unknownLayer(id) }
        let parent = try tree.parentTime(of: id, fromAbsolute: t)
        let local = try tree.localTime(of: id, fromAbsolute: t)
        return PresentationEvaluator.presentation(
            of: node.state, animations: node.animations, atLocalTime: local, parentTime: parent
        ).state
    }

    /// The presentation state `id` had at server time `t` before the commit being applied (nil when the
    /// commit created it): what an animation added by the commit starts from.
    func presentationBeforeCommit(of id: LayerID, at t: Double) throws(AnimCoreError) -> LayerState {
        guard let node = tree.nodeBeforeJournal(id) else { throw .unknownLayer(id) }
        let local = try tree.localTimeBeforeJournal(of: id, fromAbsolute: t)
        // Its own timeOffset as presented on its parent's time (the start of a timeOffset animation without from).
        var parent = t
        if node.animations.animatesTiming, let above = node.parent {
            parent = try tree.localTimeBeforeJournal(of: above, fromAbsolute: t)
        }
        return PresentationEvaluator.presentation(
            of: node.state, animations: node.animations, atLocalTime: local, parentTime: parent
        ).state
    }

    /// When this client next needs a frame, seen from server time `now`.
    func wakeup(at now: Double, frameInterval: Double, clockPaused: Bool) -> Wakeup {
        var earliest: Double?
        for layer in animations.keys {
            guard let node = tree.node(layer), let local = try? tree.localTime(of: layer, fromAbsolute: now),
                let parent = try? tree.parentTime(of: layer, fromAbsolute: now)
            else {
                continue
            }
            let later = (try? tree.localTime(of: layer, fromAbsolute: now + frameInterval)) ?? local
            let parentLater = (try? tree.parentTime(of: layer, fromAbsolute: now + frameInterval)) ?? parent
            for entry in node.animations.entries {
                // An animation of the layer's timeOffset runs on the parent time.
                let (time, timeLater) = entry.runsOnParentTime ? (parent, parentLater) : (local, later)
                // Under a paused clock or a layer with speed 0 that time stands still: nothing moves.
                let frozen = clockPaused || timeLater == time
                let phase = entry.attached.phase(atLocalTime: time)
                let eventPending =
                    (!entry.hasStarted && phase != .before) || (phase == .after && !entry.hasFinished)
                if eventPending { return .now }
                if frozen { continue }
                switch phase {
                case .active: return .continuous
                case .before:
                    let begin = entry.attached.animation.timing.beginTime
                    let space = entry.runsOnParentTime ? node.parent : layer
                    if let t = (try? tree.convertTime(begin, from: space, to: nil)) ?? nil, t.isFinite {
                        earliest = min(earliest ?? t, t)
                    }
                case .after: break
                }
            }
        }
        if !clockPaused && hasEmittingLayer(at: now) { return .continuous }
        return earliest.map(Wakeup.at) ?? .idle
    }

    /// Whether an emitter layer has cells and a positive birth rate, or particles born before its last change
    /// that may still live at server time `now`: its particles move in every frame.
    func hasEmittingLayer(at now: Double) -> Bool {
        emitterLayers.contains { id in
            guard let emitter = tree.node(id)?.state.special.emitter, !emitter.emitterCells.isEmpty else {
                return false
            }
            return emitter.birthRate > 0 || emitterHasEarlierParticles(id, at: now)
        }
    }

    enum Wakeup: Equatable {
        /// Nothing will change by itself.
        case idle
        /// An event is due: one frame now.
        case now
        /// Something animates: a frame every interval.
        case continuous
        /// The first animation that has not begun begins at this server time.
        case at(Double)
    }
}
