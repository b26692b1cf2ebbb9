import AnimCore
import CPixman
import Glibc

/// A row-major 3×3 matrix for row vectors, (x, y, 1) · M.
typealias Matrix3 = (Double, Double, Double, Double, Double, Double, Double, Double, Double)

extension SoftwareRenderer {
    /// An `ImageDraw`: the image's bytes wrapped as a pixman image (no copy), sampled through the transform from
    /// output pixels to source pixels with edge padding, its alpha and the quad's edge coverage as the mask.
    ///
    /// Filters: the draw minifies when one output pixel spans more than one source pixel in area (√|det J| > 1,
    /// J the jacobian of output → source at the centre of the drawn box). `nearest` and `linear` are pixman's
    /// NEAREST and BILINEAR; `trilinear` minifying by less than 2× is BILINEAR, and by 2× or more a separable
    /// convolution (linear reconstruction, box sampling over the minification factor, clamped to 16, 4 phases)
    /// standing in for mipmaps: it averages every covered source pixel as a mipmap does, without its levels.
    ///
    /// An image drawn on demand (`RenderImage.tileSource`) is sampled from its visible tiles, copied side by side into
    /// one buffer (`tileWindow`).
    func drawImage(_ d: ImageDraw, into target: DrawTarget) throws(RenderError) {
        guard let clip = target.clip(d.clip), d.rect.isFinite, d.source.isFinite, d.rect.width != 0,
            d.rect.height != 0
        else { return }
        let alpha = d.alpha.isFinite ? min(1, max(0, d.alpha)) : 0
        let alpha8 = UInt8((alpha * 255).rounded())
        guard alpha8 > 0 else { return }
        let t = d.transform
        guard t.isFinite, let k = RectCoverage.invert3((t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44))
        else { return }

        // The box drawn, and the edge coverage unless the quad lands on whole pixels.
        let box: PixelRect
        var coverage: RectCoverage?
        if let pixels = Self.wholePixels(t, rect: d.rect, antialiased: d.antialiased) {
            guard let b = pixels.intersection(clip) else { return }
            box = b
        } else {
            guard let c = RectCoverage(transform: t, rect: d.rect, antialiased: d.antialiased),
                let b = c.outputBounds?.intersection(clip)
            else { return }
            box = b
            coverage = c
        }

        let image = d.image
        var sub = d.clampToSource ? Self.sourcePixels(d.source, image: image) : PixelRect(size: image.size)
        var window: Offscreen?
        if let tiles = image.tileSource {
            guard let w = try tileWindow(d, tiles: tiles, visible: box),
                let part = w.rect.intersection(d.clampToSource ? sub : w.rect)
            else { return }
            window = w
            sub = part
        }
        defer { if let window { pool.recycle(window) } }
        // Local → source pixels of `sub`: the rectangle's origin and size onto the source's.
        let kx = d.source.width / d.rect.width
        let ky = d.source.height / d.rect.height
        let a: Matrix3 = (
            kx, 0, 0, 0, ky, 0,
            d.source.origin.x - d.rect.origin.x * kx - Double(sub.x),
            d.source.origin.y - d.rect.origin.y * ky - Double(sub.y), 1
        )
        let m = Self.multiply(k, a)
        guard [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8].allSatisfy(\.isFinite) else { return }

        var source: WrappedImage
        if let window { source = try wrap(window, sub: sub) } else { source = try wrap(image, sub: sub) }
        if d.tint != .white {
            source = try tinted(source, size: PixelSize(width: sub.width, height: sub.height), d.tint)
        }
        defer { source.release() }
        var transform = Self.pixmanTransform(m)
        pixman_image_set_transform(source.image, &transform)
        pixman_image_set_repeat(source.image, PIXMAN_REPEAT_PAD)
        let minification = Self.areaScale(
            m, at: (Double(box.x) + Double(box.width) / 2, Double(box.y) + Double(box.height) / 2))
        setFilter(
            source.image, filter: minification > 1 ? d.minificationFilter : d.magnificationFilter, scale: minification)

        var mask: Offscreen?
        var solidMask: OpaquePointer?
        if let coverage {
            let m = try pool.take(box, format: PIXMAN_a8)
            coverage.rasterize(into: m.base, stride: m.stride, area: box, alpha: alpha)
            mask = m
        } else if alpha8 < 255 {
            solidMask = Pixman.solid((0, 0, 0, alpha8))
        }
        defer {
            if let mask { pool.recycle(mask) }
            if let solidMask { pixman_image_unref(solidMask) }
        }
        let at = target.local(box)
        pixman_image_composite32(
            PIXMAN_OP_OVER, source.image, mask?.image ?? solidMask, target.image, Int32(box.x), Int32(box.y), 0, 0,
            Int32(at.x), Int32(at.y), Int32(at.width), Int32(at.height))
        stats.itemsDrawn += 1
    }

    /// A copy of `source` (which is released) with each premultiplied channel multiplied by `tint` premultiplied:
    /// (r·R·A, g·G·A, b·B·A, a·A), rounded to the nearest 8-bit value, as the GLES image shader's u_tint does.
    private func tinted(_ source: WrappedImage, size: PixelSize, _ tint: Color) throws(RenderError) -> WrappedImage {
        defer { source.release() }
        let copy = try pool.take(PixelRect(size: size), format: PIXMAN_a8r8g8b8)
        pixman_image_composite32(
            PIXMAN_OP_SRC, source.image, nil, copy.image, 0, 0, 0, 0, 0, 0, Int32(size.width), Int32(size.height))
        let t = tint.isFinite ? tint.clamped : .clear
        // Factors in 1/65536 for the words' bytes from the top: alpha, red, green, blue.
        let factors = [t.alpha, t.red * t.alpha, t.green * t.alpha, t.blue * t.alpha].map {
            UInt32(($0 * 65536).rounded())
        }
        for row in 0..<size.height {
            let words = UnsafeMutableRawPointer(copy.base + row * copy.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width {
                let p = words[x]
                var out: UInt32 = 0
                for (k, factor) in factors.enumerated() {
                    let shift = UInt32(24 - 8 * k)
                    let channel = (p >> shift) & 0xFF
                    out |= ((channel * factor + 32768) >> 16) << shift
                }
                words[x] = out
            }
        }
        pixman_image_ref(copy.image)
        return WrappedImage(image: copy.image, copy: copy, pool: pool)
    }

    /// The whole image pixels holding `source`, inside the image (at least one pixel: a source outside the image
    /// samples its nearest edge).
    static func sourcePixels(_ source: Rect, image: RenderImage) -> PixelRect {
        let s = source.standardized
        let limit = Double(1 << 30)
        let x0 = min(image.width - 1, max(0, Int(min(limit, max(-limit, s.minX.rounded(.down))))))
        let y0 = min(image.height - 1, max(0, Int(min(limit, max(-limit, s.minY.rounded(.down))))))
        let x1 = min(image.width, max(x0 + 1, Int(min(limit, max(-limit, s.maxX.rounded(.up))))))
        let y1 = min(image.height, max(y0 + 1, Int(min(limit, max(-limit, s.maxY.rounded(.up))))))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// √|det J| of (x, y, 1) · m ↦ source at `p`: source pixels per output pixel, by area.
    static func areaScale(_ m: Matrix3, at p: (x: Double, y: Double)) -> Double {
        let u = p.x * m.0 + p.y * m.3 + m.6
        let v = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w != 0 else { return 1 }
        let sx = u / w
        let sy = v / w
        let j11 = (m.0 - sx * m.2) / w
        let j12 = (m.3 - sx * m.5) / w
        let j21 = (m.1 - sy * m.2) / w
        let j22 = (m.4 - sy * m.5) / w
        let s = abs(j11 * j22 - j12 * j21).squareRoot()
        return s.isFinite ? s : 1
    }

    /// Row vectors: `a` applied first, then `b`.
    static func multiply(_ a: Matrix3, _ b: Matrix3) -> Matrix3 {
        (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8
        )
    }

    /// pixman's matrix (column vectors, 16.16 fixed point) for the row-vector `m`. An affine `m` is scaled so its
    /// last column is (0, 0, 1), which keeps pixman's affine fast paths; a projective one so its largest entry is
    /// 30 000 (the homography is the same at any scale, and the small perspective terms keep more bits).
    static func pixmanTransform(_ m: Matrix3) -> pixman_transform {
        var s: Double
        if m.2 == 0, m.5 == 0, m.8 != 0 {
            s = 1 / m.8
        } else {
            let largest = [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8].map(abs).max() ?? 1
            s = largest > 0 ? 30000 / largest : 1
        }
        if !s.isFinite { s = 1 }
        let f = Pixman.fixed
        var t = pixman_transform()
        t.matrix = (
            (f(m.0 * s), f(m.3 * s), f(m.6 * s)),
            (f(m.1 * s), f(m.4 * s), f(m.7 * s)),
            (f(m.2 * s), f(m.5 * s), f(m.8 * s))
        )
        return t
    }

    func setFilter(_ image: OpaquePointer, filter: ImageFilter, scale: Double) {
        switch filter {
        case .nearest:
            pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        case .linear:
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .trilinear:
            guard scale >= 2 else {
                pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
                return
            }
            let factor = Pixman.fixed(min(16, scale))
            var count: Int32 = 0
            guard
                let params = pixman_filter_create_separable_convolution(
                    &count, factor, factor, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_BOX,
                    PIXMAN_KERNEL_BOX, 2, 2)
            else {
                pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
                return
            }
            pixman_image_set_filter(image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, count)
            free(params)
        }
    }

    /// The largest side of the buffer an image drawn on demand is sampled from: twice a 4K output and its tiles
    /// fit (content is rasterized at up to twice its scale on the output).
    static let tileWindowLimit = 1 << 14

    /// The tiles of an image drawn on demand that output pixels in `visible` sample (`TileVisibility`), each copied
    /// with its border into a buffer covering their textures (`rect`, in image pixels); nil when none is visible.
    /// Owned pixels are copied after the borders, so each pixel is the one its own tile drew, as on the GPU. The
    /// buffer is a8r8g8b8 (the tiles are RGBA): pixman's bilinear fast paths read that format.
    private func tileWindow(
        _ d: ImageDraw, tiles: any TileSource, visible: PixelRect
    ) throws(RenderError) -> Offscreen? {
        guard let map = ProjectiveMap(d.transform) else { return nil }
        let grid = TileGrid(imageSize: d.image.size)
        var needed = TileVisibility(
            grid: grid, map: map, rect: d.rect, source: d.source, clampToSource: d.clampToSource
        ).tiles(visible: visible)
        guard let first = needed.first else { return nil }
        var area = needed.dropFirst().reduce(grid.texture(of: first)) { $0.union(grid.texture(of: $1)) }
        if area.width > Self.tileWindowLimit || area.height > Self.tileWindowLimit {
            // A view along a strongly foreshortened layer: the tiles around the middle of the view only (the far
            // ones repeat their edge) rather than no frame at all.
            let limit = Self.tileWindowLimit
            let middle = PixelRect(
                x: area.x + max(0, area.width - limit) / 2, y: area.y + max(0, area.height - limit) / 2,
                width: min(area.width, limit), height: min(area.height, limit))
            needed = needed.filter { middle.contains(grid.texture(of: $0)) }
            guard let kept = needed.first else { return nil }
            area = needed.dropFirst().reduce(grid.texture(of: kept)) { $0.union(grid.texture(of: $1)) }
        }
        let window = try pool.take(area, format: PIXMAN_a8r8g8b8)
        let pixels = needed.map { tiles.pixels(of: $0, grid: grid) }
        for ownedOnly in [false, true] {
            for (tile, tilePixels) in zip(needed, pixels) {
                let texture = grid.texture(of: tile)
                let part = ownedOnly ? grid.pixels(of: tile) : texture
                tilePixels.withUnsafeBytes { from in
                    for row in part.y..<part.maxY {
                        let source = ((row - texture.y) * texture.width + part.x - texture.x) * 4
                        let target = UnsafeMutableRawPointer(window.base + (row - area.y) * window.stride)
                        for i in 0..<part.width {
                            // Bytes R, G, B, A → the word A, R, G, B.
                            let rgba = UInt32(
                                littleEndian: from.loadUnaligned(fromByteOffset: source + i * 4, as: UInt32.self))
                            let argb = (rgba & 0xFF00_FF00) | (rgba >> 16 & 0xFF) | (rgba & 0xFF) << 16
                            target.storeBytes(of: argb, toByteOffset: (part.x - area.x + i) * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return window
    }

    /// The pixels of `sub` (image pixels inside `window.rect`) of a tile window as a pixman image over its memory.
    func wrap(_ window: Offscreen, sub: PixelRect) throws(RenderError) -> WrappedImage {
        let start = window.base + (sub.y - window.rect.y) * window.stride + (sub.x - window.rect.x) * 4
        guard
            let wrapped = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(sub.width), Int32(sub.height),
                UnsafeMutableRawPointer(start).assumingMemoryBound(to: UInt32.self), Int32(window.stride))
        else { throw .outOfMemory(size: PixelSize(width: sub.width, height: sub.height)) }
        return WrappedImage(image: wrapped, copy: nil, pool: pool)
    }

    /// `image`'s pixels of `sub` as a pixman image over the image's own bytes, or over a copy when its rows are
    /// not 4-byte aligned (pixman needs whole 32-bit words).
    func wrap(_ image: RenderImage, sub: PixelRect) throws(RenderError) -> WrappedImage {
        let format = image.format == .rgba8Premultiplied ? PIXMAN_a8b8g8r8 : PIXMAN_a8r8g8b8
        let size = PixelSize(width: sub.width, height: sub.height)
        guard let base = image.bytes.baseAddress else { throw .outOfMemory(size: size) }
        let start = base + sub.y * image.stride + sub.x * 4
        if image.stride % 4 == 0, Int(bitPattern: start) % 4 == 0 {
            let bits = UnsafeMutableRawPointer(mutating: start).assumingMemoryBound(to: UInt32.self)
            guard
                let wrapped = pixman_image_create_bits(
                    format, Int32(sub.width), Int32(sub.height), bits, Int32(image.stride))
            else { throw .outOfMemory(size: size) }
            return WrappedImage(image: wrapped, copy: nil, pool: pool)
        }
        let copy = try pool.take(PixelRect(x: 0, y: 0, width: sub.width, height: sub.height), format: PIXMAN_a8r8g8b8)
        for row in 0..<sub.height {
            (copy.base + row * copy.stride).update(
                from: start.advanced(by: row * image.stride).assumingMemoryBound(to: UInt8.self), count: sub.width * 4)
        }
        guard
            let wrapped = pixman_image_create_bits(
                format, Int32(sub.width), Int32(sub.height),
                UnsafeMutableRawPointer(copy.base).assumingMemoryBound(to: UInt32.self),
                Int32(copy.stride))
        else {
            pool.recycle(copy)
            throw .outOfMemory(size: size)
        }
        return WrappedImage(image: wrapped, copy: copy, pool: pool)
    }
}

/// A pixman image over a `RenderImage`'s bytes (or a copy of them).
struct WrappedImage {
    let image: OpaquePointer
    let copy: Offscreen?
    let pool: OffscreenPool

    func release() {
        pixman_image_unref(image)
        if let copy { pool.recycle(copy) }
    }
}
