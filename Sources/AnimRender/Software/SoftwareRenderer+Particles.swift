import AnimCore
import CPixman

extension SoftwareRenderer {
    /// A `ParticleDraw`: the cell's image wrapped once (the source pixels, edges padded) and, per particle, sampled
    /// through its transform into a scratch box times its premultiplied colour (a component-alpha solid mask, so red,
    /// green and blue scale separately), then composited through the quad's edge coverage, over or added. Each
    /// particle is the `ImageDraw` with `clampToSource` its quad would be, with the colour multiplied in.
    func drawParticles(_ d: ParticleDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(d.clip), d.image.tileSource == nil, d.source.isFinite, d.alpha.isFinite,
            d.alpha > 0, !d.particles.isEmpty
        else { return }
        let image = d.image
        let sub = Self.sourcePixels(d.source, image: image)
        let source = try wrap(image, sub: sub)
        defer { source.release() }
        pixman_image_set_repeat(source.image, PIXMAN_REPEAT_PAD)
        let op = d.blend == .additive ? PIXMAN_OP_ADD : PIXMAN_OP_OVER
        let groupAlpha = min(1, d.alpha)
        for particle in d.particles {
            let rect = particle.rect
            guard rect.isFinite, rect.width != 0, rect.height != 0 else { continue }
            let color = particle.color
            let alpha = min(1, max(0, color.alpha.isFinite ? color.alpha : 0)) * groupAlpha
            func channel(_ v: Double) -> UInt8 {
                UInt8((min(1, max(0, v.isFinite ? v : 0)) * alpha * 255).rounded())
            }
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
            if channel(color.red) == alpha8 && channel(color.green) == alpha8 && channel(color.blue) == alpha8 {
                // A white particle is its image times an alpha: one composite, as an `ImageDraw`.
                try composite(source.image, op: op, coverage: coverage, alpha: alpha, box: box, at: at, into: target)
                continue
            }
            guard let tint = Pixman.solid((channel(color.red), channel(color.green), channel(color.blue), alpha8))
            else { throw .outOfMemory(size: PixelSize(width: 1, height: 1)) }
            defer { pixman_image_unref(tint) }
            pixman_image_set_component_alpha(tint, 1)
            let tinted = try pool.take(box, format: PIXMAN_a8r8g8b8)
            defer { pool.recycle(tinted) }
            pixman_image_composite32(
                PIXMAN_OP_SRC, source.image, tint, tinted.image, Int32(box.x), Int32(box.y), 0, 0, 0, 0,
                Int32(box.width), Int32(box.height))
            var mask: Offscreen?
            if let coverage {
                let m = try pool.take(box, format: PIXMAN_a8)
                coverage.rasterize(into: m.base, stride: m.stride, area: box, alpha: 1)
                mask = m
            }
            defer { if let mask { pool.recycle(mask) } }
            pixman_image_composite32(
                op, tinted.image, mask?.image, target.image, 0, 0, 0, 0, Int32(at.x), Int32(at.y),
                Int32(at.width), Int32(at.height))
        }
        stats.itemsDrawn += 1
    }

    /// `source` (its transform set) through the quad's coverage times `alpha` (or a solid alpha where the quad
    /// lands on whole pixels) onto `box` of the target.
    private func composite(
        _ source: OpaquePointer, op: pixman_op_t, coverage: RectCoverage?, alpha: Double, box: PixelRect,
        at: PixelRect, into target: DrawTarget
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
            op, source, mask?.image ?? solidMask, target.image, Int32(box.x), Int32(box.y), 0, 0, Int32(at.x),
            Int32(at.y), Int32(at.width), Int32(at.height))
    }
}
