import AnimCore

extension DrawListBuilder {
    /// A sublayer of a CATransformLayer (or of one nested in it), placed in the 3D space they share.
    private struct DepthSorted {
        var depth: Double
        var order: Int
        var layer: SceneLayer
        /// The transform layer it belongs to, and that layer's matrix into the shared space.
        var superlayer: Superlayer
        var above: Transform3D
        var alpha: Double
    }

    /// A CATransformLayer draws only its sublayers, without flattening them
    /// (docs/core-animation-rules.md#compositing-order): its sublayers, and through nested transform layers theirs,
    /// share one 3D space and are painted farthest first by the depth of their bounds' centre (z grows toward the
    /// viewer; equal depths keep tree order). Intersecting or cyclically overlapping layers are not split, so they can
    /// sort wrongly where Core Animation would cut them. Its opacity multiplies each sublayer's alpha; its own
    /// background, contents, border, shadow, mask and masksToBounds are ignored, and so is its `doubleSided` (it has no
    /// surface of its own).
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitTransformLayer(
        _ layer: SceneLayer, from lookup: LayerLookup, local: Transform3D, above: Transform3D, alpha: Double,
        clip: PixelRect?, shadows: Bool
    ) {
        var collected: [DepthSorted] = []
        collect(layer, from: lookup, local: local, alpha: alpha, level: 0, into: &collected)
        collected.sort { ($0.depth, $0.order) < ($1.depth, $1.order) }
        for entry in collected {
            emit(
                entry.layer, from: lookup, under: entry.superlayer, above: entry.above.concatenating(above),
                alpha: entry.alpha, clip: clip, shadows: shadows)
        }
    }

    private mutating func collect(
        _ transformLayer: SceneLayer, from lookup: LayerLookup, local: Transform3D, alpha: Double, level: Int,
        into collected: inout [DepthSorted]
    ) {
        guard level < Self.maximumDepth else {
            warnOnce("transform layers nested deeper than \(Self.maximumDepth) at \(transformLayer.id)")
            return
        }
        let superlayer = Superlayer.layer(transformLayer.state)
        for id in transformLayer.sublayers {
            guard let child = lookup.layer(id) else { continue }
            let childLocal = superlayer.local(of: child.state).concatenating(local)
            let state = child.state
            let nestedTransition = lookup.runsTransitions && child.transition != nil && child.transitionFrom != nil
            if state.layerClass == .transformLayer && !nestedTransition {
                let opacity = state.opacity.isNaN ? 0 : min(1, state.opacity)
                guard !state.hidden, opacity > 0 else { continue }
                collect(
                    child, from: lookup, local: childLocal, alpha: alpha * opacity, level: level + 1, into: &collected)
                continue
            }
            let centre = state.bounds.standardized.center
            collected.append(
                DepthSorted(
                    depth: childLocal.depth(atX: centre.x, y: centre.y), order: collected.count, layer: child,
                    superlayer: superlayer, above: local, alpha: alpha))
        }
    }
}
