import AnimCore

/// Turns presentation layer trees into the `DrawList` both renderers draw: one output pixel per root point
/// (scale 1), items back to front.
///
/// The rules, beyond what `DrawList`'s items document:
/// - World transforms follow docs/core-animation-rules.md#geometry:
///   `world(child) = child.transform(toSuperlayer: parent) · F · world(parent)`, where F drops z (each layer is
///   flattened into its superlayer's plane) unless the superlayer is a CATransformLayer, whose sublayers share its 3D
///   space and are sorted by depth (no plane splitting).
/// - Siblings are sorted by zPosition, higher in front, equal values in array order. Hidden layers and their
///   subtrees draw nothing, nor do layers of opacity 0 or a back-facing layer whose `doubleSided` is false.
/// - A layer draws its shadow, background, contents, sublayers and border, in that order
///   (docs/core-animation-rules.md#compositing-order). masksToBounds clips contents, sublayers and the layer's own
///   shadow (not the background or border); a mask layer masks all but the shadow. An emitter layer adds its
///   particles after its border (`DrawListBuilder+Emitter`); shape, gradient and text layers their content; the
///   replicator, scroll and tiled layers draw these CALayer parts only.
/// - opacity < 1 with allowsGroupOpacity makes the layer's drawing a group when it is more than one item
///   (one item takes the opacity in its own alpha); otherwise opacity multiplies each descendant's alpha.
/// - Quads with a corner behind the eye (W ≤ 0) are dropped, not clipped; items entirely outside the
///   output are dropped, and group bounds are cut to the output; shadow bounds to the output grown by the
///   blur's reach, so a shadow is blurred whole before it is clipped.
public struct DrawListCompiler: Sendable {
    /// Sides of a `compileLayer` list are capped here (a 2^20-pixel-wide buffer is already beyond any use).
    public static let maximumLayerListSide = 1 << 20

    public let outputSize: PixelSize
    public let clearColor: Color

    /// Rasterizes (and caches) what shape, gradient and text layers draw of their own. Shared by copies of
    /// the compiler, so keep one compiler for an output and its cache stays warm.
    public let content: ContentRasterizer
    /// The bitmaps of layers with `shouldRasterize`, kept between frames like `content`.
    public let rasterization: RasterizationCache

    public init(
        outputSize: PixelSize, clearColor: Color = .black, content: ContentRasterizer = ContentRasterizer(),
        rasterization: RasterizationCache = RasterizationCache()
    ) {
        self.outputSize = outputSize
        self.clearColor = clearColor
        self.content = content
        self.rasterization = rasterization
    }

    /// Every scene in order as one frame; each scene's roots are siblings in the output's space, sorted by
    /// zPosition like any sublayers (equal values keep their order).
    public func compile(_ scenes: [any SceneSource]) -> DrawList {
        guard let first = scenes.first else { return DrawList(size: outputSize, clearColor: clearColor) }
        var builder = DrawListBuilder(output: PixelRect(size: outputSize), scene: first, content: content)
        builder.rasterization = rasterization
        for scene in scenes {
            builder.scene = scene
            let (roots, order) = DrawListBuilder.sortedSublayers(scene.roots, from: .live(scene))
            for k in roots.indices {
                builder.emit(
                    roots[order?[k] ?? k], from: .live(scene), under: .layer(nil), above: .identity, alpha: 1,
                    clip: nil, shadows: true)
            }
        }
        return DrawList(size: outputSize, clearColor: clearColor, items: builder.items)
    }

    /// `layer`'s subtree alone, placed so its bounds fill a list of the bounds' size (rounded up; at least
    /// 1x1, at most `maximumLayerListSide` a side), without the layer's own position/transform, on a
    /// transparent background; nil when the scene has no such layer.
    public func compileLayer(_ layer: LayerID, in scene: any SceneSource) -> DrawList? {
        guard let target = scene.layer(layer) else { return nil }
        let bounds = target.state.bounds.standardized
        func side(_ length: Double) -> Int {
            guard length.isFinite else { return 1 }
            return Int(min(max(1, length.rounded(.up)), Double(Self.maximumLayerListSide)))
        }
        let size = PixelSize(width: side(bounds.width), height: side(bounds.height))
        var builder = DrawListBuilder(output: PixelRect(size: size), scene: scene, content: content)
        builder.rasterization = rasterization
        builder.emit(target, from: .live(scene), under: .detached, above: .identity, alpha: 1, clip: nil, shadows: true)
        return DrawList(size: size, clearColor: .clear, items: builder.items)
    }
}
