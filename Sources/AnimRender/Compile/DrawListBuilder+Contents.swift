import AnimCore

extension DrawListBuilder {
    /// The layer's `contents` image as laid out by `ContentsLayout` (one piece, or up to nine for a 9-slice);
    /// nothing when the scene has no such image.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitContents(of state: LayerState, world: Transform3D, alpha: Double, clip: PixelRect?) {
        guard let id = state.contents, let image = scene.image(id), alpha > 0 else { return }
        let minification = ImageFilter(rawValue: state.minificationFilter) ?? .linear
        let magnification = ImageFilter(rawValue: state.magnificationFilter) ?? .linear
        for piece in ContentsLayout.pieces(for: state, imageSize: image.size) {
            appendLeaf(
                .image(
                    ImageDraw(
                        transform: world, rect: piece.destination, image: image, source: piece.source,
                        clampToSource: piece.clampToSource, minificationFilter: minification,
                        magnificationFilter: magnification, alpha: alpha, clip: clip)))
        }
    }
}
