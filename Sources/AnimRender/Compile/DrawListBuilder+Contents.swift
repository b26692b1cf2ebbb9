import AnimCore
import Foundation

extension DrawListBuilder {
    /// The layer's `contents` image as laid out by `ContentsLayout` (one piece, or up to nine for a 9-slice);
    /// nothing when the scene has no such image.
    @inline(never)  // out of the recursive layer walk's frames
    mutating func emitContents(of state: LayerState, world: Transform3D, alpha: Double, clip: PixelRect?) {
        guard alpha > 0 else { return }
        // A gradient fills the layer over its background; a shape draws between the contents and the
        // sublayers; a text layer's text is its contents (docs/core-animation-rules.md#compositing-order,
        // #special-layer-classes).
        if state.layerClass == .gradient { emitLayerContent(of: state, world: world, alpha: alpha, clip: clip) }
        emitContentsImage(of: state, world: world, alpha: alpha, clip: clip)
        if state.layerClass == .shape || state.layerClass == .text {
            emitLayerContent(of: state, world: world, alpha: alpha, clip: clip)
        }
    }

    /// What a shape, gradient or text layer draws of its own, rasterized on the CPU by `ContentRasterizer` at
    /// the layer's scale on the output (rounded up to a power of two, so an animated scale re-rasterizes only
    /// when it doubles or halves) and drawn as an image, the same in both renderers. The scale is at least 1,
    /// except for a layer too large to rasterize whole at 1 (drawn in tiles) shown smaller: down to 1/64, so a
    /// shrunken ticker does not draw thousands of tiles.
    private mutating func emitLayerContent(of state: LayerState, world: Transform3D, alpha: Double, clip: PixelRect?) {
        guard let rasterizer = content else { return }
        let bounds = state.bounds.standardized
        var scale = 1.0
        if let j = world.jacobian(atX: bounds.midX, y: bounds.midY) {
            let area = abs(j.a * j.d - j.b * j.c).squareRoot()
            if state.layerClass == .text {
                scale = Self.textRasterScale(onScreen: area, contentsScale: state.contentsScale)
            } else {
                while area.isFinite && scale < area && scale < 16 { scale *= 2 }
            }
            let extent = state.special.shape?.path?.boundingBox.standardized.size ?? bounds.size
            if max(extent.width, extent.height) > Double(ContentGrid.maxSide) {
                while area.isFinite && scale / 2 >= area && scale > 1.0 / 64 { scale /= 2 }
            }
        }
        guard let raster = rasterizer.content(for: state, scale: scale) else { return }
        let image = raster.image
        appendLeaf(
            .image(
                ImageDraw(
                    transform: world, rect: raster.rect, image: image,
                    source: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                    alpha: alpha, clip: clip)))
    }

    /// Steps of the raster scale of text: 2^(1/3) ≈ 1.26 apart (1, 1.26, 1.59, 2, 2.52, 3.17, 4, …, 16), so that
    /// text is re-rasterized when an animated scale grows or shrinks past ×1.26 / ÷1.26 of the step it has, and
    /// drawn at most 1.26× its on-screen size (docs/core-animation-rules.md#text).
    static let textScaleStepsPerDoubling = 3.0

    /// The scale text is rasterized at: its `contentsScale` times its scale on the output, rounded up to the next
    /// step (`textScaleStepsPerDoubling`), from 1 to 16.
    static func textRasterScale(onScreen scale: Double, contentsScale: Double) -> Double {
        let wanted = scale * (contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1)
        guard wanted.isFinite, wanted > 1 else { return 1 }
        let steps = textScaleStepsPerDoubling
        // A hair below a step counts as the step, so an exact 4 is not taken to the next step by rounding.
        let step = (steps * log2(wanted) - 1e-9).rounded(.up)
        return min(16, exp2(step / steps))
    }

    /// The `contents` image as laid out by `ContentsLayout`.
    private mutating func emitContentsImage(of state: LayerState, world: Transform3D, alpha: Double, clip: PixelRect?) {
        guard let id = state.contents, let image = scene.image(id) else { return }
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
