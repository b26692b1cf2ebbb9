import AnimCore

/// What a special layer (shape, gradient, text) draws of its own, rasterized: an image and where it goes in the
/// layer's local space. The compiler draws it as an `ImageDraw` of the whole image over `rect`, so both renderers
/// show the same pixels.
public struct LayerContent: Sendable {
    /// Premultiplied pixels (`.bgra8Premultiplied`, cairo's layout); the key is unique per distinct raster.
    public let image: RenderImage
    /// The local units the image covers (a shape's stroke may extend past the bounds).
    public let rect: Rect

    public init(image: RenderImage, rect: Rect) {
        self.image = image
        self.rect = rect
    }
}
