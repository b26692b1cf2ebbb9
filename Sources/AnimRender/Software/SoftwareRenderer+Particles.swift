import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `ParticleDraw`: the cell's image wrapped once (the source pixels, edges padded) and, per particle, sampled
    /// through its transform and the quad's edge coverage times its alpha: straight onto the target for a white
    /// particle, else into a scratch box whose red, green and blue are multiplied by its colour, then composited, over
    /// or added. Each particle is the `ImageDraw` with `clampToSource` its quad would be, with the colour multiplied in.
    func drawParticles(_ d: ParticleDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(d.clip), d.image.tileSource == nil, d.source.isFinite, d.alpha.isFinite,
            d.alpha > 0, !d.particles.isEmpty
        else { return }
        let image = d.image
        let sub = Self.sourcePixels(d.source, image: image)
        // pixman's bilinear fast paths read a8r8g8b8: an RGBA image's source pixels are swizzled into a scratch
        // copy once per draw (particle images are small), every particle then samples that.
        var swizzled: Offscreen?
        if image.format == .rgba8Premultiplied, sub.pixelCount <= Self.swizzleLimit {
            swizzled = try swizzledCopy(of: image, sub: sub)
        }
        defer { if let swizzled { pool.recycle(swizzled) } }
        let source: WrappedImage
        if let swizzled { source = try wrap(swizzled, sub: sub) } else { source = try wrap(image, sub: sub) }
        defer { source.release() }
        pixman_image_set_repeat(source.image, PIXMAN_REPEAT_PAD)
        let op = d.blend == .additive ? PIXMAN_OP_ADD : PIXMAN_OP_OVER
        let groupAlpha = min(1, d.alpha)
        for particle in d.particles {
            let rect = particle.rect
            guard rect.isFinite, rect.width != 0, rect.height != 0 else { continue }
            let color = particle.color
            let alpha = min(1, max(0, color.alpha.isFinite ? color.alpha : 0)) * groupAlpha
            let alpha8 = UInt8((alpha * 255).rounded())
            guard alpha8 > 0 else { continue }
            let t = particle.transform(under: d.transform)
            guard t.isFinite,
                let k = RectCoverage.invert3((t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44))
            else { continue }
            let box: PixelRect
            var coverage: RectCoverage?
            if let pixels = Self.wholePixels(t, rect: rect, antialiased: true) {
                guard let b = pixels.intersection(clip) else { continue }
                box = b
            } else {
                guard let c = RectCoverage(transform: t, rect: rect, antialiased: true),
                    let b = c.outputBounds?.intersection(clip)
                else { continue }
                box = b
                coverage = c
            }
            let kx = d.source.width / rect.width
            let ky = d.source.height / rect.height
            let a: Matrix3 = (
                kx, 0, 0, 0, ky, 0,
                d.source.origin.x - rect.origin.x * kx - Double(sub.x),
                d.source.origin.y - rect.origin.y * ky - Double(sub.y), 1
            )
            let m = Self.multiply(k, a)
            guard [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8].allSatisfy(\.isFinite) else { continue }
            var transform = Self.pixmanTransform(m)
            pixman_image_set_transform(source.image, &transform)
            let scale = Self.areaScale(
                m, at: (Double(box.x) + Double(box.width) / 2, Double(box.y) + Double(box.height) / 2))
            setFilter(source.image, filter: scale > 1 ? d.minificationFilter : d.magnificationFilter, scale: scale)

            let at = target.local(box)
            let tint = (tintChannel(color.red), tintChannel(color.green), tintChannel(color.blue))
            if tint == (255, 255, 255) {
                // A white particle is its image times an alpha: one composite, as an `ImageDraw`.
                try composite(
                    source.image, op: op, coverage: coverage, alpha: alpha, box: box, into: target.image, at: at)
                continue
            }
            // The image through the coverage times the alpha into a scratch box, its colour multiplied there, then
            // composited: red, green and blue scale separately, and what lies below is kept by the alpha alone.
            let tinted = try pool.take(box, format: PIXMAN_a8r8g8b8)
            defer { pool.recycle(tinted) }
            try composite(
                source.image, op: PIXMAN_OP_SRC, coverage: coverage, alpha: alpha, box: box, into: tinted.image,
                at: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
            Self.multiply(tinted, by: tint)
            pixman_image_composite32(
                op, tinted.image, nil, target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y), Int32(at.width),
                Int32(at.height))
        }
        stats.itemsDrawn += 1
    }

    /// Source pixels of a particle image copied to a8r8g8b8 at most (1024 × 1024).
    static let swizzleLimit = 1 << 20

    /// The pixels `sub` of an RGBA image as a8r8g8b8 in a pooled buffer whose rect is `sub`.
    private func swizzledCopy(of image: RenderImage, sub: PixelRect) throws(RenderError) -> Offscreen {
        let copy = try pool.take(sub, format: PIXMAN_a8r8g8b8)
        let from = image.bytes
        for row in 0..<sub.height {
            let source = (sub.y + row) * image.stride + sub.x * 4
            let target = UnsafeMutableRawPointer(copy.base + row * copy.stride)
            for i in 0..<sub.width {
                // Bytes R, G, B, A → the word A, R, G, B.
                let rgba = UInt32(
                    littleEndian: from.loadUnaligned(fromByteOffset: source + i * 4, as: UInt32.self))
                let argb = (rgba & 0xFF00_FF00) | (rgba >> 16 & 0xFF) | (rgba & 0xFF) << 16
                target.storeBytes(of: argb, toByteOffset: i * 4, as: UInt32.self)
            }
        }
        return copy
    }

    /// A colour component as an 8-bit factor.
    private func tintChannel(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v.isFinite ? v : 0)) * 255).rounded()) }

    /// Multiplies red, green and blue of every pixel of `buffer` (a8r8g8b8) by `tint` (pixman's rounding, x·t/255).
    static func multiply(_ buffer: Offscreen, by tint: (UInt8, UInt8, UInt8)) {
        let (r, g, b) = (UInt32(tint.0), UInt32(tint.1), UInt32(tint.2))
        @inline(__always) func times(_ x: UInt32, _ f: UInt32) -> UInt32 {
            let t = x * f + 0x80
            return ((t >> 8) + t) >> 8
        }
        for row in 0..<buffer.rect.height {
            let words = UnsafeMutableRawPointer(buffer.base + row * buffer.stride).assumingMemoryBound(to: UInt32.self)
            for i in 0..<buffer.rect.width {
                let p = words[i]
                guard p != 0 else { continue }
                words[i] =
                    (p & 0xFF00_0000) | times(p >> 16 & 0xFF, r) << 16 | times(p >> 8 & 0xFF, g) << 8
                    | times(p & 0xFF, b)
            }
        }
    }

    /// `source` (its transform set) through the quad's coverage times `alpha` (or a solid alpha where the quad
    /// lands on whole pixels) onto `box` of the target, whose pixels `at` are.
    private func composite(
        _ source: OpaquePointer, op: pixman_op_t, coverage: RectCoverage?, alpha: Double, box: PixelRect,
        into image: OpaquePointer, at: PixelRect
    ) throws(RenderError) {
        var mask: Offscreen?
        var solidMask: OpaquePointer?
        if let coverage {
            let m = try pool.take(box, format: PIXMAN_a8)
            coverage.rasterize(into: m.base, stride: m.stride, area: box, alpha: alpha)
            mask = m
        } else if alpha < 1 {
            solidMask = Pixman.solid((0, 0, 0, UInt8((alpha * 255).rounded())))
        }
        defer {
            if let mask { pool.recycle(mask) }
            if let solidMask { pixman_image_unref(solidMask) }
        }
        pixman_image_composite32(
            op, source, mask?.image ?? solidMask, image, Int32(box.x), Int32(box.y), 0, 0, Int32(at.x),
            Int32(at.y), Int32(at.width), Int32(at.height))
    }
}
