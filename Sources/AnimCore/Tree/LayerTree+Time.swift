/// Layer time (§1.2, §1.6) and the presentation of the whole tree.
///
/// Absolute time feeds the roots; each layer's local time is `(parentLocal − beginTime)·speed + timeOffset`
/// of its own timing, and it is the parent time of the layer's animations and of its sublayers (a mask's
/// parent is the layer it masks). Layer timing is read from the model: it is not animatable (§10.1).
extension LayerTree {
    /// The timings from the root down to `id`, the layer's own last.
    public func timeChain(of id: LayerID) throws(AnimCoreError) -> [MediaTiming] {
        let ids = try ancestors(of: id) + [id]
        return ids.map { nodes[$0]!.state.timing }
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
        let upTimings = up[shared...].map { nodes[$0]!.state.timing }
        let downTimings = down[shared...].map { nodes[$0]!.state.timing }
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
        var pending: [(LayerID, Double)] = []
        for node in nodes.values where node.parent == nil {
            pending.append((node.id, t))
        }
        while let (id, parentTime) = pending.popLast() {
            let node = nodes[id]!
            let local = node.state.timing.localTime(fromParent: parentTime)
            times[id] = local
            for child in node.sublayers { pending.append((child, local)) }
            if let mask = node.state.mask { pending.append((mask, local)) }
        }
        return times
    }

    /// Every layer's presentation state at absolute time `t`: its model state with its animations applied
    /// at its own local time (`PresentationEvaluator`). Use it with `LayerStateSource.presentation` for
    /// presentation geometry and hit testing.
    public func presentationStates(atAbsoluteTime t: Double) -> [LayerID: LayerState] {
        let times = layerTimes(atAbsoluteTime: t)
        var states: [LayerID: LayerState] = [:]
        states.reserveCapacity(nodes.count)
        for (id, node) in nodes {
            if node.animations.isEmpty {
                states[id] = node.state
            } else {
                states[id] =
                    PresentationEvaluator.presentation(
                        of: node.state, animations: node.animations, atLocalTime: times[id]!
                    ).state
            }
        }
        return states
    }

    /// Moves every layer's animations to absolute time `t` (`LayerAnimations.advance(toLocalTime:)` at
    /// the layer's local time) and returns the did-start and did-stop events. They come in the order of
    /// the absolute times they belong to (an event whose time cannot be mapped back, under a paused layer,
    /// counts as `t`), and by layer id among equal times.
    public mutating func advanceAnimations(toAbsoluteTime t: Double) -> [(LayerID, AnimationEvent)] {
        let times = layerTimes(atAbsoluteTime: t)
        var events: [(layer: LayerID, event: AnimationEvent, absolute: Double)] = []
        for id in nodes.keys.sorted() where !nodes[id]!.animations.isEmpty {
            let happened = nodes[id]!.animations.advance(toLocalTime: times[id]!)
            guard !happened.isEmpty else { continue }
            let chain = (try? timeChain(of: id)) ?? []
            for event in happened {
                let absolute = TimeSpace.absoluteTime(fromLocal: event.localTime, chain: chain) ?? t
                events.append((id, event, absolute.isNaN ? t : absolute))
            }
        }
        // A stable sort keeps each layer's own order (a start before its stop) among equal times.
        var indexed = Array(events.enumerated())
        indexed.sort { a, b in
            a.element.absolute < b.element.absolute
                || (a.element.absolute == b.element.absolute && a.offset < b.offset)
        }
        return indexed.map { ($0.element.layer, $0.element.event) }
    }
}
