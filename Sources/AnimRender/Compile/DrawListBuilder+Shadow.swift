import AnimCore

extension DrawListBuilder {
    /// The layer's shadow, under everything else it draws: the alpha of `shadowPath` (white, local units),
    /// or without one of the layer's own drawing with no shadows in it, blurred by σ = shadowRadius / 2
    /// scaled by the world transform's area scale at the anchor point, moved by shadowOffset mapped through
    /// that transform's derivative there, and tinted with shadowColor × shadowOpacity × `alpha`.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitShadow(
        _ layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?
    ) {
        let state = layer.state
        let opacity = state.shadowOpacity.isNaN ? 0 : min(1, state.shadowOpacity)
        guard opacity > 0, var color = state.shadowColor, color.isFinite else { return }
        let anchor = state.anchorPointInLayer
        guard let j = world.jacobian(atX: anchor.x, y: anchor.y) else { return }
        let offset = state.shadowOffset
        let offsetX = offset.width * j.a + offset.height * j.c
        let offsetY = offset.width * j.b + offset.height * j.d
        let radius = state.shadowRadius.isFinite ? max(0, state.shadowRadius) : 0
        let sigma = radius / 2 * abs(j.a * j.d - j.b * j.c).squareRoot()
        guard offsetX.isFinite, offsetY.isFinite, sigma.isFinite, abs(offsetX) < 1e6, abs(offsetY) < 1e6, sigma < 1e4
        else { return }
        let shiftX = Int(offsetX.rounded())
        let shiftY = Int(offsetY.rounded())
        let spread = Int((3 * sigma).rounded(.up)) + 1

        let source: [DrawItem]
        if let path = state.shadowPath {
            let item = DrawItem.path(PathDraw(transform: world, path: path, color: .white))
            source = item.coverage == nil ? [] : [item]
        } else {
            // Content outside the output can cast a shadow into it: widen the culling for the source.
            let output = cull
            cull = output.outset(by: spread + max(abs(shiftX), abs(shiftY)))
            let start = items.count
            emitBody(layer, from: lookup, world: world, alpha: 1, clip: nil, shadows: false)
            source = cutTail(from: start)
            cull = output
        }
        guard let box = source.coverage else { return }
        let moved = PixelRect(x: box.x + shiftX, y: box.y + shiftY, width: box.width, height: box.height)
        guard let bounds = moved.outset(by: spread).intersection(cull)?.clipped(to: clip) else { return }
        color.alpha *= opacity * alpha
        guard color.alpha > 0 else { return }
        items.append(
            .shadow(
                ShadowDraw(
                    bounds: bounds, source: source, offsetX: offsetX, offsetY: offsetY, sigma: sigma, color: color,
                    clip: clip)))
    }
}
