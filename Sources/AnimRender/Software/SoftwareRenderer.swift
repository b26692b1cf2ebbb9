import AnimCore
import CPixman
import Logging

/// Where a draw lands: a pixman a8r8g8b8 image whose pixel (0, 0) is output pixel `origin` (the output itself, or
/// a group's or shadow's offscreen buffer, a window onto the output), and the output pixels it may touch.
struct DrawTarget {
    let image: OpaquePointer
    let originX: Int
    let originY: Int
    let clip: PixelRect
    /// The output pixels the whole image covers (`clip` lies inside it).
    let extent: PixelRect
    /// The image's first pixel and its row length in pixels, for blending small boxes without a pixman call; nil
    /// unless the image is a8r8g8b8 with whole-pixel rows.
    let pixels: (base: UnsafeMutablePointer<UInt32>, rowPixels: Int)?

    init(image: OpaquePointer, originX: Int, originY: Int, clip: PixelRect) {
        self.image = image
        self.originX = originX
        self.originY = originY
        self.clip = clip
        extent = PixelRect(
            x: originX, y: originY, width: Int(pixman_image_get_width(image)),
            height: Int(pixman_image_get_height(image)))
        let stride = Int(pixman_image_get_stride(image))
        if pixman_image_get_format(image) == PIXMAN_a8r8g8b8, stride % 4 == 0, let base = pixman_image_get_data(image) {
            pixels = (base, stride / 4)
        } else {
            pixels = nil
        }
    }

    /// `clip` narrowed by an item's own clip; nil when nothing is left.
    func clip(_ itemClip: PixelRect?) -> PixelRect? {
        guard let itemClip else { return clip }
        return clip.intersection(itemClip)
    }

    /// `rect` (output pixels) in the image's pixels.
    func local(_ rect: PixelRect) -> PixelRect {
        PixelRect(x: rect.x - originX, y: rect.y - originY, width: rect.width, height: rect.height)
    }
}

/// The renderer on the CPU: pixman composites, cairo fills paths. Draws `DrawList`s into a persistent
/// premultiplied a8r8g8b8 buffer, redrawing only the damaged pixels.
///
/// Every draw is confined to an explicit clip rectangle (the damage rectangle ∩ the items' clips), so pixels
/// outside the damage are never touched. Colours are rounded to 8-bit premultiplied before blending, as pixman
/// blends; coverage masks hold round(255 × coverage × alpha).
public final class SoftwareRenderer: Renderer {
    public let info: RendererInfo
    private var size: PixelSize
    private var output: Offscreen?
    let pool = OffscreenPool()
    /// Reused by every axis-aligned rectangle: its boxes, blocks and scratch arrays.
    var axisCoverage = AxisAlignedCoverage()
    /// An a8 mask reused for the per-pixel blocks of axis-aligned rectangles; grown when a block does not fit.
    var blockMask: Offscreen?
    /// Plans of the axis-aligned rectangles with rounded corners drawn so far.
    var planCache = RectPlanCache()
    /// A square-cornered rectangle's blocks and their bytes, reused from draw to draw (such plans are not kept).
    var splitBlocks: [(rect: PixelRect, offset: Int)] = []
    var splitBytes: [UInt8] = []
    /// Draw axis-aligned rectangles as boxes and corner blocks (false: through a whole mask, as tests compare).
    var useAxisAlignedSplit = true
    /// Per top-level item, the pixels it may touch (`bounds(of:)`), when a frame has several damage rectangles.
    /// As edges (x0, y0, x1, y1), so the test per damage rectangle is four comparisons; an unknown bound (a
    /// path) is the widest box, an empty one a box no rectangle meets.
    private var itemBounds: [(Int, Int, Int, Int)] = []
    /// A 1×1 repeating a8r8g8b8 image: pixman treats it as a solid colour read at each composite, so writing
    /// `solidPixel` recolours it without allocating a solid image per draw. Its flags do not depend on the pixel
    /// (a8r8g8b8 is never opaque by format), so nothing pixman caches goes stale.
    let solidPixel: UnsafeMutablePointer<UInt32>
    let solidImage: OpaquePointer?
    /// Boxes of one coverage byte, reused between draws.
    var fillBoxes: [pixman_box32_t] = []
    /// A plan's boxes cut to a clip, reused between draws.
    var clippedBoxes: [CoverageBox] = []
    /// The stats of the frame being drawn.
    var stats = RenderStats()
    private let logger = Logger(label: "animserver.render.software")

    /// The largest output side: pixman's transforms are 16.16 fixed point.
    static let maxSide = 16384

    public init(size: PixelSize) {
        self.size = size
        info = RendererInfo(
            kind: .software, device: Pixman.versions, maxTextureSize: Int.max, isSoftwareRasterizer: false)
        // The output buffer comes with the first frame (an empty daemon draws none: 3.5 MiB at 1280x720 it need not
        // hold); until then `readPixels` reads the zeros a new buffer holds.
        solidPixel = .allocate(capacity: 1)
        solidPixel.initialize(to: 0)
        solidImage = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, solidPixel, 4)
        if let solidImage { pixman_image_set_repeat(solidImage, PIXMAN_REPEAT_NORMAL) }
    }

    deinit {
        if let output { pool.recycle(output) }
        if let blockMask { pool.recycle(blockMask) }
        if let solidImage { pixman_image_unref(solidImage) }
        solidPixel.deallocate()
    }

    private static func allocate(_ size: PixelSize, pool: OffscreenPool) throws(RenderError) -> Offscreen? {
        guard size.width > 0, size.height > 0 else { return nil }
        guard size.width <= maxSide, size.height <= maxSide else {
            throw .unsupported("a \(size) output (at most \(maxSide) pixels a side)")
        }
        return try pool.take(PixelRect(size: size), format: PIXMAN_a8r8g8b8)
    }

    public func render(_ list: DrawList, damage: Damage) throws(RenderError) -> RenderStats {
        var damage = damage
        if list.size != size || (output == nil && !PixelRect(size: list.size).isEmpty) {
            guard list.size.width >= 0, list.size.height >= 0 else {
                throw .unsupported("a negative output size \(list.size)")
            }
            if let output { pool.recycle(output) }
            output = nil
            size = list.size
            output = try Self.allocate(list.size, pool: pool)
            damage = .full
            logger.debug("output buffer \(list.size)")
        }
        stats = RenderStats()
        guard let output else { return stats }
        let whole = PixelRect(size: size)
        let rects: [PixelRect]
        switch damage {
        case .full: rects = [whole]
        case .region(let region): rects = region.compactMap { $0.intersection(whole) }
        }
        stats.pixelsRedrawn = Self.unionArea(rects)
        planCache.beginFrame(list.items.count)
        let clear = Pixman.premultiplied8(list.clearColor)
        // Several damage rectangles each draw the whole list: find once which pixels each item may touch.
        let cull = rects.count > 1
        if cull {
            itemBounds.removeAll(keepingCapacity: true)
            for index in list.items.indices {
                if let b = Self.bounds(of: list.items[index]) {
                    itemBounds.append(b.isEmpty ? (0, 0, 0, 0) : (b.x, b.y, b.maxX, b.maxY))
                } else {
                    itemBounds.append((Int.min, Int.min, Int.max, Int.max))
                }
            }
        }
        for rect in rects {
            Pixman.fill(output.image, rect: rect, color: clear, op: PIXMAN_OP_SRC)
            let target = DrawTarget(image: output.image, originX: 0, originY: 0, clip: rect)
            if cull {
                // By index: an item (a large enum payload) is read only when it is drawn.
                for index in list.items.indices {
                    let b = itemBounds[index]
                    guard b.0 < rect.maxX, rect.x < b.2, b.1 < rect.maxY, rect.y < b.3 else { continue }
                    try draw(list.items[index], into: target)
                }
            } else {
                try draw(list.items, into: target)
            }
        }
        return stats
    }

    public func readPixels(_ rect: PixelRect) throws(RenderError) -> PixelBuffer {
        precondition(PixelRect(size: size).contains(rect), "readPixels \(rect) outside \(size)")
        var bytes = [UInt8](repeating: 0, count: rect.pixelCount * 4)
        guard let output, !rect.isEmpty else {
            return PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), bytes: bytes)
        }
        bytes.withUnsafeMutableBufferPointer { out in
            for row in 0..<rect.height {
                let source = output.base + (rect.y + row) * output.stride + rect.x * 4
                let target = row * rect.width * 4
                for x in 0..<rect.width {
                    // a8r8g8b8 on a little-endian machine is B, G, R, A in memory.
                    out[target + x * 4] = source[x * 4 + 2]
                    out[target + x * 4 + 1] = source[x * 4 + 1]
                    out[target + x * 4 + 2] = source[x * 4]
                    out[target + x * 4 + 3] = source[x * 4 + 3]
                }
            }
        }
        return PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), bytes: bytes)
    }

    /// Draws `items` back to front.
    func draw(_ items: [DrawItem], into target: DrawTarget) throws(RenderError) {
        for item in items { try draw(item, into: target) }
    }

    func draw(_ item: DrawItem, into target: DrawTarget) throws(RenderError) {
        switch item {
        case .rect(let r): try drawRect(r, into: target)
        case .image(let i): try drawImage(i, into: target)
        case .path(let p): try drawPath(p, into: target)
        case .group(let g): try drawGroup(g, into: target)
        case .shadow(let s): try drawShadow(s, into: target)
        case .particles(let p): try drawParticles(p, into: target)
        }
    }

    /// The output pixels `item` may touch (the boxes its draw confines itself to, or more), empty when it draws
    /// nothing; nil when not known without drawing (paths).
    static func bounds(of item: DrawItem) -> PixelRect? {
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        func clipped(_ box: PixelRect?, _ clip: PixelRect?) -> PixelRect {
            guard let box else { return empty }
            guard let clip else { return box }
            return box.intersection(clip) ?? empty
        }
        switch item {
        case .rect(let r):
            if r.radii.isZero, r.borderWidth == nil,
                let pixels = wholePixels(r.transform, rect: r.rect, antialiased: r.antialiased)
            {
                return clipped(pixels, r.clip)
            }
            let t = r.transform
            guard t.isFinite, r.rect.isFinite else { return empty }
            // `RectCoverage.outputBounds` without inverting the transform: where the rule has no coverage (a
            // singular transform, a border of no width) this is more than the draw touches, which culling allows.
            return clipped(
                RectCoverage.bounds(
                    of: r.rect.standardized, homography: (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
                ), r.clip)
        case .image(let i):
            if let pixels = wholePixels(i.transform, rect: i.rect, antialiased: i.antialiased) {
                return clipped(pixels, i.clip)
            }
            let coverage = RectCoverage(transform: i.transform, rect: i.rect, antialiased: i.antialiased)
            return clipped(coverage?.outputBounds, i.clip)
        case .path: return nil
        case .group(let g): return clipped(g.bounds, g.clip)
        case .shadow(let s): return clipped(s.bounds, s.clip)
        case .particles(let p): return clipped(p.box?.outset(by: 1), p.clip)
        }
    }

    /// Composites `color` through an a8 coverage mask over `rect` (output pixels) of the target.
    func composite(
        color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), mask: Offscreen, into target: DrawTarget
    ) throws(RenderError) {
        guard let solid = Pixman.solid(color) else { throw .outOfMemory(size: PixelSize(width: 1, height: 1)) }
        defer { pixman_image_unref(solid) }
        let at = target.local(mask.rect)
        pixman_image_composite32(
            PIXMAN_OP_OVER, solid, mask.image, target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y),
            Int32(at.width), Int32(at.height))
    }

    /// The number of pixels in the union of `rects` (damage rectangles may overlap): for each band between
    /// consecutive rectangle edges in x, the rows the rectangles spanning it cover, merged.
    static func unionArea(_ rects: [PixelRect]) -> Int {
        var xs: [Int] = []
        xs.reserveCapacity(2 * rects.count)
        for r in rects where !r.isEmpty {
            xs.append(r.x)
            xs.append(r.maxX)
        }
        guard xs.count > 2 else { return rects.first(where: { !$0.isEmpty })?.pixelCount ?? 0 }
        xs.sort()
        var spans: [(y0: Int, y1: Int)] = []
        spans.reserveCapacity(rects.count)
        var area = 0
        var x0 = xs[0]
        for x1 in xs.dropFirst() where x1 > x0 {
            spans.removeAll(keepingCapacity: true)
            for r in rects where !r.isEmpty && r.x <= x0 && r.maxX >= x1 { spans.append((r.y, r.maxY)) }
            spans.sort { $0.y0 < $1.y0 }
            var covered = 0
            var end = Int.min
            for span in spans {
                let start = max(span.y0, end)
                if span.y1 > start { covered += span.y1 - start }
                end = max(end, span.y1)
            }
            area += covered * (x1 - x0)
            x0 = x1
        }
        return area
    }
}
