import AnimCore

extension DrawListBuilder {
    /// The layer's shadow, under everything else it draws, cut by the layer's bounds when it masks to them:
    /// `masksToBounds` clips the layer's own shadow too, so such a layer shows no outer shadow
    /// (docs/core-animation-rules.md). Clipped by pixels when the bounds land on whole output pixels without
    /// rounded corners, otherwise in a group masked by the rounded bounds, as its contents are.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitShadow(
        _ layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?
    ) {
        let state = layer.state
        guard state.masksToBounds else {
            emitUnclippedShadow(layer, from: lookup, world: world, alpha: alpha, clip: clip)
            return
        }
        let bounds = state.bounds.standardized
        let radii = Self.cornerRadii(of: state, in: bounds)
        if radii.isZero, let pixels = world.pixelAlignedImage(of: bounds) {
            guard let inner = pixels.clipped(to: clip) else { return }
            emitUnclippedShadow(layer, from: lookup, world: world, alpha: alpha, clip: inner)
            return
        }
        let start = items.count
        emitUnclippedShadow(layer, from: lookup, world: world, alpha: alpha, clip: clip)
        wrapTail(
            from: start, maskedBy: world, bounds: bounds, radii: radii, curve: Self.cornerCurve(of: state), clip: clip)
    }

    /// The shadow itself: the alpha of `shadowPath` (white, local units), or without one of the layer's own
    /// drawing with no shadows in it, blurred by σ = shadowRadius (`GaussianKernel.shadowSigma`) scaled by the
    /// world transform's area scale at the anchor point, moved by shadowOffset mapped through that
    /// transform's derivative there, and tinted with shadowColor × shadowOpacity × `alpha`. Its bounds are
    /// the source's moved by the offset and grown by the blur's reach, within that reach of the output.
    private mutating func emitUnclippedShadow(
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
        let sigma = GaussianKernel.shadowSigma(shadowRadius: state.shadowRadius, areaScale: j.a * j.d - j.b * j.c)
        guard offsetX.isFinite, offsetY.isFinite, sigma.isFinite, abs(offsetX) < 1e6, abs(offsetY) < 1e6, sigma < 1e4
        else { return }
        let shiftX = Int(offsetX.rounded())
        let shiftY = Int(offsetY.rounded())
        let spread = GaussianKernel.reach(sigma: sigma) + 1

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
        // The renderers count source pixels whose moved copies fall outside the bounds as 0, so the bounds
        // reach a blur past the output and are not cut by the clip: the shadow is blurred whole, then clipped.
        guard let bounds = moved.outset(by: spread).intersection(cull.outset(by: spread)),
            bounds.intersection(cull)?.clipped(to: clip) != nil
        else { return }
        color.alpha *= opacity * alpha
        guard color.alpha > 0 else { return }
        items.append(
            .shadow(
                ShadowDraw(
                    bounds: bounds, source: source, offsetX: offsetX, offsetY: offsetY, sigma: sigma, color: color,
                    clip: clip)))
    }
}
