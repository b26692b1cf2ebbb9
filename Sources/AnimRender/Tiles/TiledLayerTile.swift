import AnimCore

/// A tile of a CATiledLayer as a frame draws it: the part of the layer it covers, the part of its image that
/// covers it and how far it has faded in (docs/core-animation-rules.md#special-layer-classes).
public struct TiledLayerTile: Sendable {
    /// Layer coordinates: the tile's rectangle within the bounds.
    public let rect: Rect
    public let image: RenderImage
    /// Image pixels stretched over `rect`.
    public let source: Rect
    /// 0 … 1: the tile's fade-in.
    public let alpha: Double

    public init(rect: Rect, image: RenderImage, source: Rect, alpha: Double) {
        self.rect = rect
        self.image = image
        self.source = source
        self.alpha = alpha
    }
}

extension SceneSource {
    /// Scenes without tiled layers draw none.
    public func tiles(of layer: LayerID) -> [TiledLayerTile] { [] }
}
