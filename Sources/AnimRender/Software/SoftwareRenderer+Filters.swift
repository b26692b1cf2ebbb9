import AnimCore
import CPixman

extension SoftwareRenderer {
    /// The pixman operator that composites a group with `blend`: the PDF separable and non-separable operators
    /// are the W3C compositing spec's blend modes.
    static func pixmanOperator(_ blend: GroupBlend) -> pixman_op_t {
        switch blend {
        case .sourceOver: PIXMAN_OP_OVER
        case .add: PIXMAN_OP_ADD
        case .blend(let mode):
            switch mode {
            case .multiply: PIXMAN_OP_MULTIPLY
            case .screen: PIXMAN_OP_SCREEN
            case .overlay: PIXMAN_OP_OVERLAY
            case .darken: PIXMAN_OP_DARKEN
            case .lighten: PIXMAN_OP_LIGHTEN
            case .colorDodge: PIXMAN_OP_COLOR_DODGE
            case .colorBurn: PIXMAN_OP_COLOR_BURN
            case .softLight: PIXMAN_OP_SOFT_LIGHT
            case .hardLight: PIXMAN_OP_HARD_LIGHT
            case .difference: PIXMAN_OP_DIFFERENCE
            case .exclusion: PIXMAN_OP_EXCLUSION
            case .hue: PIXMAN_OP_HSL_HUE
            case .saturation: PIXMAN_OP_HSL_SATURATION
            case .color: PIXMAN_OP_HSL_COLOR
            case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
            }
        }
    }

    /// `filters` applied in order to `buffer` (a8r8g8b8): a blur writes a new buffer over the same pixels (the
    /// old one goes back to the pool), a colour matrix changes the pixels in place.
    func apply(_ filters: [GroupFilter], to buffer: inout Offscreen, edges: BlurEdges) throws(RenderError) {
        for filter in filters {
            switch filter {
            case .blur(let sigma):
                let kernel = GaussianKernel(sigma: sigma)
                guard kernel.radius > 0 else { continue }
                let out = try pool.take(buffer.rect, format: PIXMAN_a8r8g8b8)
                Self.blur(buffer, kernel: kernel, into: out, at: buffer.rect, as: PixelSample.self, edges: edges)
                pool.recycle(buffer)
                buffer = out
            case .colorMatrix(let m):
                guard m.count == FilterParameter.matrixCount else { continue }
                Self.applyColorMatrix(m, to: buffer)
            }
        }
    }

    /// Each pixel's straight colour c (0…1, transparent pixels black) becomes clamp(M · (r, g, b, a, 1)), then
    /// premultiplied and rounded to nearest; a8r8g8b8 keeps blue, green, red, alpha in its bytes.
    static func applyColorMatrix(_ m: [Float], to buffer: Offscreen) {
        let rect = buffer.rect
        for row in 0..<rect.height {
            let line = buffer.base + row * buffer.stride
            for column in 0..<rect.width {
                let p = line + column * 4
                let a = Float(p[3]) / 255
                var c = SIMD4<Float>(0, 0, 0, a)
                if p[3] > 0 {
                    c.x = min(1, Float(p[2]) / 255 / a)
                    c.y = min(1, Float(p[1]) / 255 / a)
                    c.z = min(1, Float(p[0]) / 255 / a)
                }
                func row(_ i: Int) -> Float {
                    let v = m[i] * c.x + m[i + 1] * c.y + m[i + 2] * c.z + m[i + 3] * c.w + m[i + 4]
                    return min(1, max(0, v))
                }
                let outA = row(15)
                p[3] = UInt8((outA * 255).rounded())
                p[2] = UInt8((row(0) * outA * 255).rounded())
                p[1] = UInt8((row(5) * outA * 255).rounded())
                p[0] = UInt8((row(10) * outA * 255).rounded())
            }
        }
    }

    /// A `BackdropDraw`: the target's pixels under the shape and as far around as the filters reach (within the
    /// target) copied, filtered (a blur repeating the edge pixels), and put back through the shape's coverage
    /// times `opacity`: the target times 1 − m (pixman OUT_REVERSE), plus the filtered pixels times m (ADD).
    func drawBackdrop(_ b: BackdropDraw, opacity: Double, clip: PixelRect, into target: DrawTarget) throws(RenderError)
    {
        guard opacity > 0, let area = b.bounds.intersection(clip)?.intersection(target.extent),
            let read = area.outset(by: GroupFilter.reach(b.filters)).intersection(target.extent)
        else { return }
        var below = try pool.take(read, format: PIXMAN_a8r8g8b8)
        defer { pool.recycle(below) }
        stats.offscreenPasses += 1
        let from = target.local(read)
        pixman_image_composite32(
            PIXMAN_OP_SRC, target.image, nil, below.image, Int32(from.x), Int32(from.y), 0, 0, 0, 0,
            Int32(read.width), Int32(read.height))
        try apply(b.filters, to: &below, edges: .repeated)
        let cover = try pool.take(area, format: PIXMAN_a8r8g8b8)
        defer { pool.recycle(cover) }
        try drawRect(
            RectDraw(transform: b.transform, rect: b.rect, radii: b.radii, color: Color.white.withAlpha(opacity)),
            into: DrawTarget(image: cover.image, originX: area.x, originY: area.y, clip: area))
        let at = target.local(area)
        pixman_image_composite32(
            PIXMAN_OP_OUT_REVERSE, cover.image, nil, target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y),
            Int32(at.width), Int32(at.height))
        pixman_image_composite32(
            PIXMAN_OP_ADD, below.image, cover.image, target.image, Int32(area.x - read.x), Int32(area.y - read.y), 0, 0,
            Int32(at.x), Int32(at.y), Int32(at.width), Int32(at.height))
    }
}
