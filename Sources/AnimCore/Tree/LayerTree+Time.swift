/// Layer time (docs/core-animation-rules.md#parent-time-to-local-time, #converttime) and the presentation of the whole
/// tree.
///
/// Absolute time feeds the roots; each layer's local time is `(parentLocal − beginTime)·speed + timeOffset`
/// of its own timing, and it is the parent time of the layer's animations and of its sublayers (a mask's
/// parent is the layer it masks). Layer timing is read from the model: it is not animatable
/// (docs/core-animation-rules.md#layer-properties).
extension LayerTree {
    /// The timings from the root down to `id`, the layer's own last.
    public func timeChain(of id: LayerID) throws(AnimCoreError) -> [MediaTiming] {
        let ids = try ancestors(of: id) + [id]
        return ids.map { nodes[$0].state.timing }
    }

    /// The local time of `id` at absolute time `t`.
    public func localTime(of id: LayerID, fromAbsolute t: Double) throws(AnimCoreError) -> Double {
        TimeSpace.localTime(fromAbsolute: t, chain: try timeChain(of: id))
    }

    /// Time `t` of layer `from` converted to the local time of `to` (CALayer `convertTime(_:from:)` and
    /// `convertTime(_:to:)`; nil means absolute time). The conversion goes up to the nearest common
    /// ancestor and back down, so a paused ancestor they share does not matter; it is nil when a layer on
    /// the way up has speed 0 (its local time is pinned, so no single time maps back).
    public func convertTime(_ t: Double, from: LayerID?, to: LayerID?) throws(AnimCoreError) -> Double? {
        let up = try lineage(of: from)
        let down = try lineage(of: to)
        var shared = 0
        while shared < up.count, shared < down.count, up[shared] == down[shared] {
            shared += 1
        }
        let upTimings = up[shared...].map { nodes[$0].state.timing }
        let downTimings = down[shared...].map { nodes[$0].state.timing }
        guard let ancestorTime = TimeSpace.absoluteTime(fromLocal: t, chain: upTimings) else { return nil }
        return TimeSpace.localTime(fromAbsolute: ancestorTime, chain: downTimings)
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
        visitLayerTimes(atAbsoluteTime: t) { slot, local in times[nodes.all[slot].id] = local }
        return times
    }

    /// Every layer's presentation state at absolute time `t`: its model state with its animations applied
    /// at its own local time (`PresentationEvaluator`). Use it with `LayerStateSource.presentation` for
    /// presentation geometry and hit testing.
    public func presentationStates(atAbsoluteTime t: Double) -> [LayerID: LayerState] {
        var states: [LayerID: LayerState] = [:]
        states.reserveCapacity(nodes.count)
        visitLayerTimes(atAbsoluteTime: t) { slot, local in
            let id = nodes.all[slot].id
            states[id] = nodes.all[slot].state
            guard !nodes.all[slot].animations.isEmpty else { return }
            PresentationEvaluator.evaluate(
                model: nodes.all[slot].state, animations: nodes.all[slot].animations, atLocalTime: local,
                into: &states[id]!)
        }
        return states
    }

    /// Moves every layer's animations to absolute time `t` (`LayerAnimations.advance(toLocalTime:)` at
    /// the layer's local time) and returns the did-start and did-stop events. They come in the order of
    /// the absolute times they belong to (an event whose time cannot be mapped back, under a paused layer,
    /// counts as `t`); among equal times, by layer id, and each layer's own in the order it reported them
    /// (a start before its stop).
    public mutating func advanceAnimations(toAbsoluteTime t: Double) -> [(LayerID, AnimationEvent)] {
        var animated: [(LayerID, Double)] = []
        visitLayerTimes(atAbsoluteTime: t) { slot, local in
            if !nodes.all[slot].animations.isEmpty { animated.append((nodes.all[slot].id, local)) }
        }
        return advance(animated, toAbsoluteTime: t)
    }

    /// `advanceAnimations(toAbsoluteTime:)` for a tree whose owner knows which layers may have animations
    /// (`candidates`, a superset of them; unknown ids are skipped): the same events in the same order, but
    /// the work is per animated layer, not per layer.
    public mutating func advanceAnimations(
        of candidates: some Sequence<LayerID>, toAbsoluteTime t: Double
    ) -> [(LayerID, AnimationEvent)] {
        var animated: [(LayerID, Double)] = []
        for id in candidates {
            guard let slot = nodes.slotIfPresent(id), !nodes.all[slot].animations.isEmpty,
                let local = try? localTime(of: id, fromAbsolute: t)
            else { continue }
            animated.append((id, local))
        }
        return advance(animated, toAbsoluteTime: t)
    }

    private mutating func advance(
        _ animated: [(LayerID, Double)], toAbsoluteTime t: Double
    ) -> [(LayerID, AnimationEvent)] {
        var events: [(layer: LayerID, order: Int, absolute: Double, event: AnimationEvent)] = []
        for (id, local) in animated where nodes[id].animations.hasEventDue(atLocalTime: local) {
            let happened = nodes[id].animations.advance(toLocalTime: local)
            guard !happened.isEmpty else { continue }
            let chain = (try? timeChain(of: id)) ?? []
            for (order, event) in happened.enumerated() {
                let absolute = TimeSpace.absoluteTime(fromLocal: event.localTime, chain: chain) ?? t
                events.append((id, order, absolute.isNaN ? t : absolute, event))
            }
        }
        events.sort { a, b in
            if a.absolute != b.absolute { return a.absolute < b.absolute }
            if a.layer != b.layer { return a.layer < b.layer }
            return a.order < b.order
        }
        return events.map { ($0.layer, $0.event) }
    }

    /// Calls `visit` with the slot of every layer in `nodes.all` and its local time at absolute time `t`,
    /// each parent before its sublayers and mask.
    private func visitLayerTimes(atAbsoluteTime t: Double, _ visit: (Int, Double) -> Void) {
        var pending: [(slot: Int, parentTime: Double)] = []
        for slot in nodes.all.indices where nodes.all[slot].parent == nil {
            pending.append((slot, t))
        }
        while let (slot, parentTime) = pending.popLast() {
            let local = nodes.all[slot].state.timing.localTime(fromParent: parentTime)
            visit(slot, local)
            for child in nodes.all[slot].sublayers { pending.append((nodes.slot(of: child), local)) }
            if let mask = nodes.all[slot].state.mask { pending.append((nodes.slot(of: mask), local)) }
        }
    }
}
