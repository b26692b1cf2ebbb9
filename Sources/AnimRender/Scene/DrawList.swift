import AnimCore

/// One frame as the renderers draw it: what the compiler makes of the layer trees, in output pixels.
///
/// Geometry: every draw carries `transform`, which maps the draw's local space to output pixels. A local
/// point (x, y) lands at (X/W, Y/W) where (X, Y, Z, W) = (x, y, 0, 1) · transform (row vectors, Core
/// Animation's convention; output pixels have y down and (0, 0) at the top-left corner of the output, so
/// the centre of pixel (i, j) is (i + 0.5, j + 0.5)). Z is ignored: the compiler has already put the items
/// in the order they are drawn, back to front. Points with W ≤ 0 are behind the eye and are not drawn.
///
/// Colours are straight-alpha sRGB; renderers blend premultiplied, source over, in 8-bit sRGB (no
/// linearisation), as Core Animation does.
public struct DrawList: Sendable, Equatable {
    /// The output's size.
    public var size: PixelSize
    /// What the output shows where nothing is drawn (opaque black on a display).
    public var clearColor: Color
    /// Back to front.
    public var items: [DrawItem]

    public init(size: PixelSize, clearColor: Color = .black, items: [DrawItem] = []) {
        self.size = size
        self.clearColor = clearColor
        self.items = items
    }
}

public enum DrawItem: Sendable, Equatable {
    /// A filled or stroked (rounded) rectangle: backgrounds, borders, masksToBounds clips as masks.
    case rect(RectDraw)
    /// A region of an image stretched over a rectangle: `contents`, one slice of a 9-slice.
    case image(ImageDraw)
    /// A filled path (`shadowPath` and similar shapes).
    case path(PathDraw)
    /// Items drawn into an offscreen buffer, then composited: group opacity, masks, clips that are not
    /// axis-aligned pixel rectangles, transitions.
    case group(GroupDraw)
    /// A gaussian-blurred, tinted copy of some items' alpha: a layer's shadow.
    case shadow(ShadowDraw)
    /// An emitter cell's particles: one image, many placed and tinted copies (`ParticleDraw`).
    case particles(ParticleDraw)
}

/// The four corner radii of a rounded rectangle, in the draw's local units. Corner names follow the y-down
/// local space: `topLeft` is (minX, minY), `CornerMask.minXMinY`.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomLeft: Double
    public var bottomRight: Double

    public init(topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    public static let zero = CornerRadii(topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0)

    /// `radius` on the corners in `corners`, 0 on the others.
    public init(radius: Double, corners: CornerMask = .all) {
        self.init(
            topLeft: corners.contains(.minXMinY) ? radius : 0, topRight: corners.contains(.maxXMinY) ? radius : 0,
            bottomLeft: corners.contains(.minXMaxY) ? radius : 0,
            bottomRight: corners.contains(.maxXMaxY) ? radius : 0)
    }

    public var isZero: Bool { self == .zero }
}

/// The shape of rounded corners (CALayer's `cornerCurve`).
public enum CornerCurve: String, Hashable, Sendable {
    /// Quarter circles.
    case circular
    /// Apple's continuous corner (the squircle), drawn as a path: `BezierPath.continuousRoundedRect`.
    case continuous
}

/// Coverage, the same in both renderers (the reference is `Coverage` in the software renderer; the GLES
/// fragment shader computes the same expression): for the centre of an output pixel, map back to the local
/// point q, take the signed distance d(q) to the shape's outline in local units (negative inside; a
/// rounded corner is a circular arc), and the length g of d's gradient in output pixels (how many local
/// units one pixel spans across the edge). With `antialiased` the coverage is clamp(0.5 − d/g, 0, 1);
/// without it, 1 when d ≤ 0 and 0 otherwise. A border of width w covers the rectangle minus the
/// rectangle inset by w whose radii are each max(0, r − w).
public struct RectDraw: Sendable, Equatable {
    public var transform: Transform3D
    /// In local units.
    public var rect: Rect
    /// Each clamped by the compiler to half the shorter side.
    public var radii: CornerRadii
    /// `continuous` corners (with any radius above 0) are not covered by the rule above: both renderers fill the
    /// outline `continuousOutline` gives as a `PathDraw` (a border as the even-odd region between the outline
    /// and the one inset by the width, whose radii are each max(0, r − w)), always antialiased.
    public var cornerCurve: CornerCurve
    public var color: Color
    /// nil fills the rectangle; a width draws a border of that width inside the rectangle's edge.
    public var borderWidth: Double?
    public var antialiased: Bool
    /// Nothing outside these output pixels is touched (ancestors' axis-aligned clips); nil = no clip.
    public var clip: PixelRect?

    public init(
        transform: Transform3D, rect: Rect, radii: CornerRadii = .zero, cornerCurve: CornerCurve = .circular,
        color: Color, borderWidth: Double? = nil, antialiased: Bool = true, clip: PixelRect? = nil
    ) {
        self.transform = transform
        self.rect = rect
        self.radii = radii
        self.cornerCurve = cornerCurve
        self.color = color
        self.borderWidth = borderWidth
        self.antialiased = antialiased
        self.clip = clip
    }
}

/// How an image is sampled when it is drawn smaller (`minification`) or larger (`magnification`) than its
/// pixels (CALayer's filters).
public enum ImageFilter: String, Hashable, Sendable {
    case nearest
    case linear
    /// Mipmapped minification; as `linear` when magnifying.
    case trilinear
}

/// `source` (a rectangle of image pixels) stretched over `rect` (local units). Sampling outside the image,
/// or outside `source` when `clampToSource`, repeats the edge pixels (contentsRect outside the unit square
/// extends the edges, docs/core-animation-rules.md#layer-properties). The quad's own edges are covered as a `RectDraw`
/// without radii is.
public struct ImageDraw: Sendable, Equatable {
    public var transform: Transform3D
    public var rect: Rect
    public var image: RenderImage
    /// In image pixels (x right, y down from the image's top-left corner).
    public var source: Rect
    /// Sampling stops at `source`'s edges (9-slice pieces must not bleed into their neighbours).
    public var clampToSource: Bool
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    /// Multiplies the image's alpha (and, premultiplied, its colour).
    public var alpha: Double
    /// Multiplies each of the image's straight-alpha components (a replicator instance's colour,
    /// docs/core-animation-rules.md#careplicatorlayer): premultiplied, a pixel (r, g, b, a) becomes
    /// (r·R·A, g·G·A, b·B·A, a·A) for a tint (R, G, B, A), before `alpha` applies.
    public var tint: Color
    public var antialiased: Bool
    public var clip: PixelRect?

    public init(
        transform: Transform3D, rect: Rect, image: RenderImage, source: Rect, clampToSource: Bool = false,
        minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear, alpha: Double = 1,
        tint: Color = .white, antialiased: Bool = true, clip: PixelRect? = nil
    ) {
        self.transform = transform
        self.rect = rect
        self.image = image
        self.source = source
        self.clampToSource = clampToSource
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
        self.alpha = alpha
        self.tint = tint
        self.antialiased = antialiased
        self.clip = clip
    }
}

/// A path filled with one colour. Both renderers flatten the path in local units (`BezierPath` flattening
/// with a tolerance of 0.1 output pixel), map the points to output pixels and fill the polygon with cairo's
/// antialiased rasterizer; the GLES renderer uploads that coverage as a texture.
public struct PathDraw: Sendable, Equatable {
    public var transform: Transform3D
    public var path: BezierPath
    public var color: Color
    public var evenOdd: Bool
    public var clip: PixelRect?

    public init(transform: Transform3D, path: BezierPath, color: Color, evenOdd: Bool = false, clip: PixelRect? = nil) {
        self.transform = transform
        self.path = path
        self.color = color
        self.evenOdd = evenOdd
        self.clip = clip
    }
}

/// How a finished offscreen buffer goes onto what lies below it.
public enum GroupBlend: Hashable, Sendable {
    /// Premultiplied source over.
    case sourceOver
    /// Added (premultiplied, clamped): two groups added into an empty parent cross-fade exactly.
    case add
    /// A layer's `compositingFilter`: the W3C compositing spec's blend mode (separable or not) mixes the
    /// group's colour with what lies below, then source over: co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cb, Cs)
    /// on premultiplied colour, αo = as + ab − as·ab (pixman's PDF operators; the GLES shader reads the
    /// backdrop from a copy of the destination).
    case blend(BlendMode)
}

/// A filter applied to a group's pixels before it is composited (a layer's `filters`), or to what lies below a
/// layer (`backgroundFilters`, in `BackdropDraw`), in list order.
public enum GroupFilter: Hashable, Sendable {
    /// A gaussian blur of standard deviation `sigma` output pixels on every channel of the premultiplied pixels
    /// (`GaussianKernel`, the shadows' blur): pixels outside the group's bounds count as transparent; a backdrop
    /// repeats the edge pixels of its target.
    case blur(sigma: Double)
    /// A 4×5 colour matrix (`LayerFilter.Effect.colorMatrix`) applied to each pixel's straight-alpha colour in
    /// 0…1, the result clamped to 0…1 and premultiplied again.
    case colorMatrix([Float])

    /// How far the filters spread a pixel, in whole output pixels.
    public static func reach(_ filters: [GroupFilter]) -> Int {
        filters.reduce(0) { total, filter in
            if case .blur(let sigma) = filter { return total + GaussianKernel.reach(sigma: sigma) }
            return total
        }
    }
}

/// A layer's `backgroundFilters`: before the group is drawn, the target's pixels under the rounded rectangle
/// `rect` (local units, `transform` to output pixels, covered as a `RectDraw`) are filtered and put back in
/// its coverage m times the group's opacity: out = below·(1 − m) + filtered·m (frosted glass behind the layer).
/// What lies below is the target the group is drawn into (the output, or an enclosing group's buffer).
public struct BackdropDraw: Sendable, Equatable {
    public var transform: Transform3D
    public var rect: Rect
    public var radii: CornerRadii
    public var filters: [GroupFilter]
    /// The shape's pixels (its coverage box), inside the output.
    public var bounds: PixelRect

    public init(transform: Transform3D, rect: Rect, radii: CornerRadii, filters: [GroupFilter], bounds: PixelRect) {
        self.transform = transform
        self.rect = rect
        self.radii = radii
        self.filters = filters
        self.bounds = bounds
    }
}

/// `items` drawn into a transparent offscreen buffer covering `bounds`, then filtered by `filters` (a blur reads
/// the pixels its kernel reaches inside `bounds`, so a clip does not cut what it spreads), then (when `mask` is
/// set) multiplied by the alpha of `mask` drawn into a second buffer of the same bounds, then composited with
/// `opacity` and `blend` onto the parent (the output or the enclosing group). A `backdrop` is applied to the
/// parent first. Items keep their output-pixel transforms: the buffer is a window onto the output, not a new
/// coordinate space.
public struct GroupDraw: Sendable, Equatable {
    /// Output pixels, inside the output (a blurred group: grown by the blur's reach, which may pass the edge);
    /// nothing outside is drawn.
    public var bounds: PixelRect
    public var items: [DrawItem]
    public var opacity: Double
    /// nil: no mask. A mask is the alpha of these items (a mask layer's subtree, a masksToBounds shape).
    public var mask: [DrawItem]?
    public var blend: GroupBlend
    /// Applied when compositing the group; nil = no clip beyond `bounds`.
    public var clip: PixelRect?
    /// A layer's `filters`, in order.
    public var filters: [GroupFilter]
    /// A layer's `backgroundFilters`.
    public var backdrop: BackdropDraw?

    public init(
        bounds: PixelRect, items: [DrawItem], opacity: Double = 1, mask: [DrawItem]? = nil,
        blend: GroupBlend = .sourceOver, clip: PixelRect? = nil, filters: [GroupFilter] = [],
        backdrop: BackdropDraw? = nil
    ) {
        self.bounds = bounds
        self.items = items
        self.opacity = opacity
        self.mask = mask
        self.blend = blend
        self.clip = clip
        self.filters = filters
        self.backdrop = backdrop
    }
}

/// A shadow: `source` drawn into a transparent buffer covering `bounds` (output pixels); its alpha blurred
/// by a gaussian of standard deviation `sigma` output pixels (separable, kernel radius ⌈3σ⌉, weights
/// normalised to sum 1; σ = 0 means no blur; `GaussianKernel`), moved by the offset rounded to whole output
/// pixels (`rounded()`, half away from zero), and drawn in `color`
/// (straight alpha; shadowOpacity is already in it) source over. `bounds` already holds the moved and
/// blurred shadow; the blur reads the source through the offset, counting source pixels whose moved copies
/// fall outside `bounds` as 0, and `clip` cuts the blurred shadow.
public struct ShadowDraw: Sendable, Equatable {
    public var bounds: PixelRect
    public var source: [DrawItem]
    public var offsetX: Double
    public var offsetY: Double
    public var sigma: Double
    public var color: Color
    public var clip: PixelRect?

    public init(
        bounds: PixelRect, source: [DrawItem], offsetX: Double, offsetY: Double, sigma: Double, color: Color,
        clip: PixelRect? = nil
    ) {
        self.bounds = bounds
        self.source = source
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.sigma = sigma
        self.color = color
        self.clip = clip
    }
}

extension RenderImage: Equatable {
    /// Images are equal when they hold the same pixels: the same key and layout.
    public static func == (a: RenderImage, b: RenderImage) -> Bool {
        a.key == b.key && a.width == b.width && a.height == b.height && a.format == b.format
    }
}
