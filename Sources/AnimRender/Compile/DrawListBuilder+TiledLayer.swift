import AnimCore

extension DrawListBuilder {
    /// A CATiledLayer's tiles over its contents, back to front (coarser levels first, under the finer ones fading
    /// in), each clamped to its own pixels so neighbours do not bleed into each other.
    @inline(never)
    mutating func emitTiles(of layer: SceneLayer, world: Transform3D, alpha: Double, clip: PixelRect?) {
        guard alpha > 0, layer.state.layerClass == .tiled else { return }
        let minification = ImageFilter(rawValue: layer.state.minificationFilter) ?? .linear
        let magnification = ImageFilter(rawValue: layer.state.magnificationFilter) ?? .linear
        for tile in scene.tiles(of: layer.id) where tile.alpha > 0 {
            appendLeaf(
                .image(
                    ImageDraw(
                        transform: world, rect: tile.rect, image: tile.image, source: tile.source,
                        clampToSource: true, minificationFilter: minification, magnificationFilter: magnification,
                        alpha: alpha * min(1, tile.alpha), clip: clip)))
        }
    }
}
