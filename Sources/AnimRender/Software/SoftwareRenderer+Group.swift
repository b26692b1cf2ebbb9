import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `GroupDraw`: its backdrop first (`drawBackdrop`), then its items into an offscreen buffer over bounds ∩
    /// clip (only the pixels this pass may change) grown by the filters' reach within the bounds, the filters
    /// applied there, the mask's items into a second buffer over bounds ∩ clip, the mask's alpha scaled by the
    /// opacity (pixman IN_REVERSE of a solid opacity), then the buffer through that mask onto the target: OVER for
    /// `.sourceOver`, ADD (saturating) for `.add`, pixman's PDF blend operator for `.blend`. Without a mask, the
    /// opacity is a solid mask.
    func drawGroup(_ g: GroupDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(g.clip) else { return }
        let opacity = g.opacity.isFinite ? min(1, max(0, g.opacity)) : 0
        if let backdrop = g.backdrop { try drawBackdrop(backdrop, opacity: opacity, clip: clip, into: target) }
        guard let area = g.bounds.intersection(clip) else { return }
        let opacity8 = UInt8((opacity * 255).rounded())
        guard opacity8 > 0 else { return }
        let reach = GroupFilter.reach(g.filters)
        let work = reach > 0 ? area.outset(by: reach).intersection(g.bounds) ?? area : area
        var content = try pool.take(work, format: PIXMAN_a8r8g8b8)
        defer { pool.recycle(content) }
        stats.offscreenPasses += 1
        try draw(g.items, into: DrawTarget(image: content.image, originX: work.x, originY: work.y, clip: work))
        try apply(g.filters, to: &content, edges: .transparent)

        var maskBuffer: Offscreen?
        var solidMask: OpaquePointer?
        defer {
            if let maskBuffer { pool.recycle(maskBuffer) }
            if let solidMask { pixman_image_unref(solidMask) }
        }
        if let maskItems = g.mask {
            let m = try pool.take(area, format: PIXMAN_a8r8g8b8)
            maskBuffer = m
            stats.offscreenPasses += 1
            try draw(maskItems, into: DrawTarget(image: m.image, originX: area.x, originY: area.y, clip: area))
            if opacity8 < 255 {
                guard let scale = Pixman.solid((0, 0, 0, opacity8)) else {
                    throw .outOfMemory(size: PixelSize(width: 1, height: 1))
                }
                pixman_image_composite32(
                    PIXMAN_OP_IN_REVERSE, scale, nil, m.image, 0, 0, 0, 0, 0, 0, Int32(area.width), Int32(area.height))
                pixman_image_unref(scale)
            }
        } else if opacity8 < 255 {
            guard let s = Pixman.solid((0, 0, 0, opacity8)) else {
                throw .outOfMemory(size: PixelSize(width: 1, height: 1))
            }
            solidMask = s
        }
        let at = target.local(area)
        pixman_image_composite32(
            Self.pixmanOperator(g.blend), content.image, maskBuffer?.image ?? solidMask, target.image,
            Int32(area.x - work.x), Int32(area.y - work.y), 0, 0, Int32(at.x), Int32(at.y), Int32(at.width),
            Int32(at.height))
    }

    /// A `ShadowDraw`: the source items into an offscreen buffer over the part the blur reads for the pixels
    /// drawn, its alpha blurred by `GaussianKernel` (two passes, horizontal then vertical, Float sums, source
    /// pixels whose moved copies fall outside `bounds` counting as 0, rounded to nearest once at the end),
    /// moved by the rounded offset and drawn in the colour through it.
    func drawShadow(_ s: ShadowDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(s.clip), let area = s.bounds.intersection(clip) else { return }
        let color = Pixman.premultiplied8(s.color)
        guard color.a > 0 else { return }
        let kernel = GaussianKernel(sigma: s.sigma)
        let dx = Self.wholeOffset(s.offsetX)
        let dy = Self.wholeOffset(s.offsetY)
        // The shadow at output pixel P is the blurred alpha at P − offset.
        let shifted = PixelRect(x: area.x - dx, y: area.y - dy, width: area.width, height: area.height)
        // The source pixels whose moved copies lie inside the bounds: the bounds hold the moved shadow, so
        // they are read through the offset too (as GLES does), or a shadow moved further than the blur
        // reaches would lose the pixels it brings in.
        let sourceBounds = PixelRect(
            x: s.bounds.x - dx, y: s.bounds.y - dy, width: s.bounds.width, height: s.bounds.height)
        // Nothing the blur reads lies inside the bounds: the shadow is empty here.
        guard let read = shifted.outset(by: kernel.radius).intersection(sourceBounds) else { return }
        let mask = try pool.take(area, format: PIXMAN_a8)
        defer { pool.recycle(mask) }
        let source = try pool.take(read, format: PIXMAN_a8r8g8b8)
        defer { pool.recycle(source) }
        stats.offscreenPasses += 1
        try draw(s.source, into: DrawTarget(image: source.image, originX: read.x, originY: read.y, clip: read))
        Self.blur(source, kernel: kernel, into: mask, at: shifted, as: AlphaSample.self)
        try composite(color: color, mask: mask, into: target)
    }

    /// The offset in whole pixels (half away from zero), 0 when not finite, limited to ±2²⁴.
    static func wholeOffset(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(Double(1 << 24), max(-Double(1 << 24), v.rounded())))
    }
}
