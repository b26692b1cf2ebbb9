import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `GroupDraw`: its items into an offscreen buffer over bounds ∩ clip (only the pixels this pass may
    /// change), the mask's items into a second one, the mask's alpha scaled by the opacity (pixman IN_REVERSE of
    /// a solid opacity), then the buffer through that mask onto the target: OVER for `.sourceOver`, ADD
    /// (saturating) for `.add`. Without a mask, the opacity is a solid mask.
    func drawGroup(_ g: GroupDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(g.clip), let area = g.bounds.intersection(clip) else { return }
        let opacity = g.opacity.isFinite ? min(1, max(0, g.opacity)) : 0
        let opacity8 = UInt8((opacity * 255).rounded())
        guard opacity8 > 0 else { return }
        let content = try pool.take(area, format: PIXMAN_a8r8g8b8)
        defer { pool.recycle(content) }
        stats.offscreenPasses += 1
        try draw(g.items, into: DrawTarget(image: content.image, originX: area.x, originY: area.y, clip: area))

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
            g.blend == .add ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, content.image, maskBuffer?.image ?? solidMask,
            target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y), Int32(at.width), Int32(at.height))
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
        Self.blur(source, kernel: kernel, into: mask, at: shifted)
        try composite(color: color, mask: mask, into: target)
    }

    /// The offset in whole pixels (half away from zero), 0 when not finite, limited to ±2²⁴.
    static func wholeOffset(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(Double(1 << 24), max(-Double(1 << 24), v.rounded())))
    }

    /// Writes into `mask` the blur of `source`'s alpha at the pixels of `at` (output pixels, `mask`'s size):
    /// `source` covers every pixel the kernel reads that lies inside the shadow's bounds; the rest count as 0.
    static func blur(_ source: Offscreen, kernel: GaussianKernel, into mask: Offscreen, at: PixelRect) {
        let r = kernel.radius
        let weights = kernel.weights
        let read = source.rect
        // Horizontal pass over the rows `at` needs (± r), for `at`'s columns.
        let rows = (at.y - r)..<(at.maxY + r)
        var horizontal = [Float](repeating: 0, count: rows.count * at.width)
        for y in rows where y >= read.y && y < read.maxY {
            let line = source.base + (y - read.y) * source.stride
            let out = (y - rows.lowerBound) * at.width
            for column in 0..<at.width {
                let x = at.x + column
                var sum: Float = 0
                let lo = max(x - r, read.x)
                let hi = min(x + r, read.maxX - 1)
                if lo <= hi {
                    for sx in lo...hi {
                        // Alpha is the fourth byte of a little-endian a8r8g8b8 pixel.
                        sum += weights[sx - x + r] * Float(line[(sx - read.x) * 4 + 3])
                    }
                }
                horizontal[out + column] = sum
            }
        }
        for row in 0..<at.height {
            let out = mask.base + row * mask.stride
            for column in 0..<at.width {
                var sum: Float = 0
                for tap in 0...(2 * r) {
                    sum += weights[tap] * horizontal[(row + tap) * at.width + column]
                }
                out[column] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
    }
}
