/// Layer time (docs/core-animation-rules.md#parent-time-to-local-time, #converttime) and the presentation of the whole
/// tree.
///
/// Absolute time feeds the roots; each layer's local time is `(parentLocal − beginTime)·speed + timeOffset`
/// of its own timing, and it is the parent time of the layer's animations and of its sublayers (a mask's
/// parent is the layer it masks). A layer's timing is its model's, except that animations of its `timeOffset`
/// apply, on the layer's parent time (`LayerAnimations.presentedTiming`): every reader of layer time here goes
/// through `presentedTiming(of:atParentTime:)`.
extension LayerTree {
    /// The model timings from the root down to `id`, the layer's own last.
    public func timeChain(of id: LayerID) throws(AnimCoreError) -> [MediaTiming] {
        let ids = try ancestors(of: id) + [id]
        return ids.map { nodes[$0].state.timing }
    }

    /// The timing layer `id` presents at its parent time `parentTime`: the model's, with the layer's `timeOffset`
    /// animations applied at `parentTime`.
    public func presentedTiming(of id: LayerID, atParentTime parentTime: Double) throws(AnimCoreError) -> MediaTiming {
        try requireLayer(id)
        return presentedTiming(ofSlot: nodes.slot(of: id), atParentTime: parentTime)
    }

    private func presentedTiming(ofSlot slot: Int, atParentTime parentTime: Double) -> MediaTiming {
        guard nodes.all[slot].animations.animatesTiming else { return nodes.all[slot].state.timing }
        return nodes.all[slot].animations.presentedTiming(of: nodes.all[slot].state, atParentTime: parentTime)
    }

    /// The local time of `id` at absolute time `t`.
    public func localTime(of id: LayerID, fromAbsolute t: Double) throws(AnimCoreError) -> Double {
        let parent = try parentTime(of: id, fromAbsolute: t)
        return presentedTiming(ofSlot: nodes.slot(of: id), atParentTime: parent).localTime(fromParent: parent)
    }

    /// The parent time of `id` at absolute time `t`: the local time of its superlayer (of the layer it masks, for a
    /// mask), absolute time for a root.
    public func parentTime(of id: LayerID, fromAbsolute t: Double) throws(AnimCoreError) -> Double {
        var time = t
        for layer in try ancestors(of: id) {
            time = presentedTiming(ofSlot: nodes.slot(of: layer), atParentTime: time).localTime(fromParent: time)
        }
        return time
    }

    /// The absolute time of `event` of an animation on `id`, reported while moving to absolute time `t`. The timings
    /// on the way up are those presented at `t`; the time is `t` itself where no single time maps back: a layer on
    /// the way up has speed 0, or animates its `timeOffset` (still running or yet to begin at `t`), so its local
    /// time is no fixed function of its parent time. Such events come at the frame time at which they are found,
    /// as under a paused layer.
    public func absoluteTime(of event: AnimationEvent, on id: LayerID, at t: Double) -> Double {
        guard let ancestors = try? ancestors(of: id) else { return t }
        let lineage = event.isOnParentTime ? ancestors : ancestors + [id]
        var chain: [MediaTiming] = []
        chain.reserveCapacity(lineage.count)
        var time = t
        for layer in lineage {
            let slot = nodes.slot(of: layer)
            if nodes.all[slot].animations.timingIsAnimating(atParentTime: time) { return t }
            let timing = presentedTiming(ofSlot: slot, atParentTime: time)
            chain.append(timing)
            time = timing.localTime(fromParent: time)
        }
        guard let absolute = TimeSpace.absoluteTime(fromLocal: event.localTime, chain: chain), !absolute.isNaN
        else { return t }
        return absolute
    }

    /// Time `t` of layer `from` converted to the local time of `to` (CALayer `convertTime(_:from:)` and
    /// `convertTime(_:to:)`; nil means absolute time). The conversion goes up to the nearest common
    /// ancestor and back down, so a paused ancestor they share does not matter; it is nil when a layer on
    /// the way up has speed 0 (its local time is pinned, so no single time maps back) or has an animation of its
    /// `timeOffset` (its local time is then a function of its parent time, which need not have one inverse). On the
    /// way down each layer's timing is the one it presents at the parent time reached there.
    public func convertTime(_ t: Double, from: LayerID?, to: LayerID?) throws(AnimCoreError) -> Double? {
        let up = try lineage(of: from)
        let down = try lineage(of: to)
        var shared = 0
        while shared < up.count, shared < down.count, up[shared] == down[shared] {
            shared += 1
        }
        if up[shared...].contains(where: { nodes[$0].animations.animatesTiming }) { return nil }
        let upTimings = up[shared...].map { nodes[$0].state.timing }
        guard var time = TimeSpace.absoluteTime(fromLocal: t, chain: upTimings) else { return nil }
        for layer in down[shared...] {
            time = presentedTiming(ofSlot: nodes.slot(of: layer), atParentTime: time).localTime(fromParent: time)
        }
        return time
    }

    /// The ancestors of `id` and `id` itself, root first; empty for absolute time (nil).
    private func lineage(of id: LayerID?) throws(AnimCoreError) -> [LayerID] {
        guard let id else { return [] }
        return try ancestors(of: id) + [id]
    }

    /// Every layer's local time at absolute time `t`, computed once per layer from the roots down.
    public func layerTimes(atAbsoluteTime t: Double) -> [LayerID: Double] {
        var times: [LayerID: Double] = [:]
        times.reserveCapacity(nodes.count)
        visitLayerTimes(atAbsoluteTime: t) { slot, local, _ in times[nodes.all[slot].id] = local }
        return times
    }

    /// Every layer's presentation state at absolute time `t`: its model state with its animations applied
    /// at its own local time (`PresentationEvaluator`). Use it with `LayerStateSource.presentation` for
    /// presentation geometry and hit testing.
    public func presentationStates(atAbsoluteTime t: Double) -> [LayerID: LayerState] {
        var states: [LayerID: LayerState] = [:]
        states.reserveCapacity(nodes.count)
        visitLayerTimes(atAbsoluteTime: t) { slot, local, parent in
            let id = nodes.all[slot].id
            states[id] = nodes.all[slot].state
            guard !nodes.all[slot].animations.isEmpty else { return }
            PresentationEvaluator.evaluate(
                model: nodes.all[slot].state, animations: nodes.all[slot].animations, atLocalTime: local,
                parentTime: parent, into: &states[id]!)
        }
        return states
    }

    /// Moves every layer's animations to absolute time `t` (`LayerAnimations.advance(toLocalTime:)` at
    /// the layer's local time) and returns the did-start and did-stop events. They come in the order of
    /// the absolute times they belong to (an event whose time cannot be mapped back, under a paused layer,
    /// counts as `t`); among equal times, by layer id, and each layer's own in the order it reported them
    /// (a start before its stop).
    public mutating func advanceAnimations(toAbsoluteTime t: Double) -> [(LayerID, AnimationEvent)] {
        var animated: [(LayerID, Double, Double)] = []
        visitLayerTimes(atAbsoluteTime: t) { slot, local, parent in
            if !nodes.all[slot].animations.isEmpty { animated.append((nodes.all[slot].id, local, parent)) }
        }
        return advance(animated, toAbsoluteTime: t)
    }

    /// `advanceAnimations(toAbsoluteTime:)` for a tree whose owner knows which layers may have animations
    /// (`candidates`, a superset of them; unknown ids are skipped): the same events in the same order, but
    /// the work is per animated layer, not per layer.
    public mutating func advanceAnimations(
        of candidates: some Sequence<LayerID>, toAbsoluteTime t: Double
    ) -> [(LayerID, AnimationEvent)] {
        var animated: [(LayerID, Double, Double)] = []
        for id in candidates {
            guard let slot = nodes.slotIfPresent(id), !nodes.all[slot].animations.isEmpty,
                let parent = try? parentTime(of: id, fromAbsolute: t)
            else { continue }
            animated.append(
                (id, presentedTiming(ofSlot: slot, atParentTime: parent).localTime(fromParent: parent), parent))
        }
        return advance(animated, toAbsoluteTime: t)
    }

    private mutating func advance(
        _ animated: [(LayerID, Double, Double)], toAbsoluteTime t: Double
    ) -> [(LayerID, AnimationEvent)] {
        var events: [(layer: LayerID, order: Int, absolute: Double, event: AnimationEvent)] = []
        for (id, local, parent) in animated
        where nodes[id].animations.hasEventDue(atLocalTime: local, parentTime: parent) {
            let happened = nodes[id].animations.advance(toLocalTime: local, parentTime: parent)
            guard !happened.isEmpty else { continue }
            for (order, event) in happened.enumerated() {
                events.append((id, order, absoluteTime(of: event, on: id, at: t), event))
            }
        }
        events.sort { a, b in
            if a.absolute != b.absolute { return a.absolute < b.absolute }
            if a.layer != b.layer { return a.layer < b.layer }
            return a.order < b.order
        }
        return events.map { ($0.layer, $0.event) }
    }

    /// Calls `visit` with the slot of every layer in `nodes.all`, its local time and its parent time at absolute time
    /// `t`, each parent before its sublayers and mask.
    private func visitLayerTimes(atAbsoluteTime t: Double, _ visit: (Int, Double, Double) -> Void) {
        var pending: [(slot: Int, parentTime: Double)] = []
        for slot in nodes.all.indices where nodes.all[slot].parent == nil {
            pending.append((slot, t))
        }
        while let (slot, parentTime) = pending.popLast() {
            let local = presentedTiming(ofSlot: slot, atParentTime: parentTime).localTime(fromParent: parentTime)
            visit(slot, local, parentTime)
            for child in nodes.all[slot].sublayers { pending.append((nodes.slot(of: child), local)) }
            if let mask = nodes.all[slot].state.mask { pending.append((nodes.slot(of: mask), local)) }
        }
    }
}
