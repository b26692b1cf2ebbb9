import AnimCore

/// How particles go onto what lies below them (CAEmitterLayer's `renderMode`).
public enum ParticleBlend: Hashable, Sendable {
    /// Premultiplied source over.
    case sourceOver
    /// Added (premultiplied, clamped): `additive`.
    case additive
}

/// One particle of a `ParticleDraw`: `rect` (local units, usually centred on the origin) placed by `placement`
/// into the emitter layer's space, the image multiplied by `color` (straight alpha; red, green and blue multiply
/// the image's colour, alpha its alpha).
public struct ParticleInstance: Hashable, Sendable {
    public var placement: AffineTransform
    public var rect: Rect
    public var color: Color

    public init(placement: AffineTransform, rect: Rect, color: Color) {
        self.placement = placement
        self.rect = rect
        self.color = color
    }

    /// The particle's local space → output pixels under the emitter's `transform`.
    public func transform(under transform: Transform3D) -> Transform3D {
        Transform3D(affine: placement).concatenating(transform)
    }
}

/// Particles of one emitter cell, back to front, each drawn as an `ImageDraw` with `clampToSource` of `source`
/// over its `rect` would be (same sampling, same edge coverage) with its colour multiplied in, then composited by
/// `blend`. The renderers draw them as one batch: GLES as instanced quads in one draw call, the software renderer
/// through one wrapped image (docs/core-animation-rules.md#caemitterlayer).
public struct ParticleDraw: Sendable, Equatable {
    /// The emitter layer's local space → output pixels.
    public var transform: Transform3D
    public var image: RenderImage
    /// In image pixels: the cell's `contentsRect` of its image.
    public var source: Rect
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    public var blend: ParticleBlend
    public var particles: [ParticleInstance]
    /// Multiplies every particle's alpha (ancestors' opacity).
    public var alpha: Double
    public var clip: PixelRect?
    /// The output pixels the particles can touch (the union of their boxes), computed once.
    public let box: PixelRect?

    public init(
        transform: Transform3D, image: RenderImage, source: Rect, minificationFilter: ImageFilter = .linear,
        magnificationFilter: ImageFilter = .linear, blend: ParticleBlend = .sourceOver,
        particles: [ParticleInstance], alpha: Double = 1, clip: PixelRect? = nil
    ) {
        self.transform = transform
        self.image = image
        self.source = source
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
        self.blend = blend
        self.particles = particles
        self.alpha = alpha
        self.clip = clip
        var union: PixelRect?
        for particle in particles {
            guard
                let box = particle.transform(under: transform).projectedBox(of: particle.rect.standardized).flatMap(
                    PixelRect.init(covering:))
            else { continue }
            union = union.map { $0.union(box) } ?? box
        }
        self.box = union
    }
}
