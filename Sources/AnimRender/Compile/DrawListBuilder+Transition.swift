import AnimCore

extension DrawListBuilder {
    /// A CATransition (docs/core-animation-rules.md#transitions): the old subtree from the snapshot and the new live
    /// one, where the layer sits.
    ///
    /// - fade: a group holding the old side added at opacity 1 − p and the new side added at p (`.add`
    ///   blends of two groups into an empty one cross-fade exactly).
    /// - moveIn: the old side still, the new side on top slid in from (1 − p) × the layer's size away.
    /// - push: the old side slid out by p × size while the new side slides in from (1 − p) × size.
    /// - reveal: the new side still, underneath the old side slid out by p × size.
    ///
    /// Slides run along the layer's own axes, prepended to its positioning. The subtype names where the new
    /// side comes from: fromLeft moves toward +x, fromRight toward −x, fromTop toward +y (y grows
    /// downward), fromBottom toward −y. The size is the live layer's bounds size, for both sides.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitTransition(
        _ transition: TransitionProgress, old: SceneLayer, snapshot: SubtreeSnapshot, new layer: SceneLayer,
        from lookup: LayerLookup, under superlayer: Superlayer, above: Transform3D, alpha: Double,
        clip: PixelRect?, shadows: Bool
    ) {
        let p = transition.progress.isNaN ? 0 : min(1, max(0, transition.progress))
        let new = SceneLayer(id: layer.id, state: layer.state, sublayers: layer.sublayers)
        let oldLookup = LayerLookup.snapshot(snapshot)
        let size = layer.state.bounds.standardized.size
        let (dx, dy): (Double, Double)
        switch transition.subtype {
        case .fromLeft: (dx, dy) = (size.width, 0)
        case .fromRight: (dx, dy) = (-size.width, 0)
        case .fromTop: (dx, dy) = (0, size.height)
        case .fromBottom: (dx, dy) = (0, -size.height)
        }
        // Each side keeps its own positioning; the slide goes before it.
        func slid(_ amount: Double) -> Superlayer {
            amount == 0 ? superlayer : superlayer.sliding(x: dx * amount, y: dy * amount)
        }

        switch transition.type {
        case .fade:
            let start = items.count
            emit(old, from: oldLookup, under: superlayer, above: above, alpha: 1, clip: clip, shadows: shadows)
            let oldItems = cutTail(from: start)
            emit(new, from: lookup, under: superlayer, above: above, alpha: 1, clip: clip, shadows: shadows)
            let newItems = cutTail(from: start)
            var sides: [DrawItem] = []
            for (sideItems, opacity) in [(oldItems, 1 - p), (newItems, p)] where opacity > 0 {
                guard let bounds = sideItems.coverage?.intersection(cull)?.clipped(to: clip) else { continue }
                sides.append(
                    .group(GroupDraw(bounds: bounds, items: sideItems, opacity: opacity, blend: .add, clip: clip)))
            }
            guard let bounds = sides.coverage else { return }
            items.append(.group(GroupDraw(bounds: bounds, items: sides, opacity: alpha, clip: clip)))
        case .moveIn:
            emit(old, from: oldLookup, under: superlayer, above: above, alpha: alpha, clip: clip, shadows: shadows)
            emit(new, from: lookup, under: slid(p - 1), above: above, alpha: alpha, clip: clip, shadows: shadows)
        case .push:
            emit(old, from: oldLookup, under: slid(p), above: above, alpha: alpha, clip: clip, shadows: shadows)
            emit(new, from: lookup, under: slid(p - 1), above: above, alpha: alpha, clip: clip, shadows: shadows)
        case .reveal:
            emit(new, from: lookup, under: superlayer, above: above, alpha: alpha, clip: clip, shadows: shadows)
            emit(old, from: oldLookup, under: slid(p), above: above, alpha: alpha, clip: clip, shadows: shadows)
        }
    }
}
