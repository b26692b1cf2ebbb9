import AnimCore

extension DrawListBuilder {
    /// Bitmaps larger than this a side are not made: such a layer is drawn as if it did not rasterize.
    static let maximumRasterSide = 4096

    /// A layer with `shouldRasterize` (docs/core-animation-rules.md#layer-properties): its whole drawing (shadow,
    /// background, contents, sublayers, border, mask; its opacity applied when the bitmap is composited, as a
    /// group's) rendered into a bitmap at `rasterizationScale` bitmap pixels per layer unit (one layer point is one
    /// output pixel here), kept by `RasterizationCache` while that drawing does not change, and drawn as an image
    /// through the layer's world transform with its minification and magnification filters. Returns false, having
    /// drawn nothing, when there is no cache or the bitmap would be empty or too large: the layer is then drawn
    /// as usual.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitRasterized(
        _ layer: SceneLayer, from lookup: LayerLookup, world: Transform3D, alpha: Double, clip: PixelRect?
    ) -> Bool {
        guard let cache = rasterization else { return false }
        let state = layer.state
        let scale = Self.rasterizationScale(state.rasterizationScale)
        var full = state
        full.opacity = 1
        let root = SceneLayer(
            id: layer.id, state: full, sublayers: layer.sublayers, transition: layer.transition,
            transitionFrom: layer.transitionFrom)
        let toBitmap = Transform3D.scale(scale, scale, 1)
        // Where the subtree draws, in bitmap pixels, then the subtree moved so that box starts at (0, 0).
        let reach = 1 << 24
        var probe = nested(output: PixelRect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach), root: layer.id)
        probe.emit(root, from: lookup, under: .detached, above: toBitmap, alpha: 1, clip: nil, shadows: true)
        guard let box = probe.items.coverage, box.width <= Self.maximumRasterSide,
            box.height <= Self.maximumRasterSide
        else { return probe.items.isEmpty }
        var bitmap = nested(output: PixelRect(x: 0, y: 0, width: box.width, height: box.height), root: layer.id)
        bitmap.emit(
            root, from: lookup, under: .detached,
            above: toBitmap.concatenating(.translation(-Double(box.x), -Double(box.y), 0)), alpha: 1, clip: nil,
            shadows: true)
        visitsLeft = bitmap.visitsLeft
        let list = DrawList(
            size: PixelSize(width: box.width, height: box.height), clearColor: .clear, items: bitmap.items)
        guard let image = cache.image(for: layer.id, list: list) else { return false }
        // Bitmap pixel (u, v) shows layer point (u + box.x, v + box.y) / scale + bounds.origin.
        let bounds = state.bounds.standardized
        appendLeaf(
            .image(
                ImageDraw(
                    transform: world,
                    rect: Rect(
                        x: bounds.minX + Double(box.x) / scale, y: bounds.minY + Double(box.y) / scale,
                        width: Double(box.width) / scale, height: Double(box.height) / scale),
                    image: image, source: Rect(x: 0, y: 0, width: Double(box.width), height: Double(box.height)),
                    minificationFilter: ImageFilter(rawValue: state.minificationFilter) ?? .linear,
                    magnificationFilter: ImageFilter(rawValue: state.magnificationFilter) ?? .linear, alpha: alpha,
                    clip: clip)))
        return true
    }

    /// rasterizationScale as drawn: 1 unless positive and finite, within 1/64…16.
    static func rasterizationScale(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 1 }
        return min(16, max(1.0 / 64, value))
    }

    /// A builder for a rasterized layer's bitmap, continuing this walk's depth and visit count, that draws `root`
    /// and the rasterized layers it is already inside as ordinary layers.
    private func nested(output: PixelRect, root: LayerID) -> DrawListBuilder {
        var builder = DrawListBuilder(output: output, scene: scene, content: content)
        builder.rasterization = rasterization
        builder.rasterizing = rasterizing.union([root])
        builder.depth = depth
        builder.visitsLeft = visitsLeft
        return builder
    }
}
