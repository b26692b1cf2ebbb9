/// pixman's OVER of a premultiplied solid colour onto a8r8g8b8 pixels, bit for bit, for boxes too small to be worth
/// a pixman call (a thin edge strip, a corner): per channel d' = min(255, s + d·(255 − s.a) / 255) with pixman's
/// rounding of the product (MUL_UN8: t = x·a + 128, (t + t / 256) / 256), and through a coverage byte m the colour
/// first scaled by m the same way (pixman's in(), as over_n_8_8888 does). Red/blue and alpha/green are computed
/// two channels at a time in 16-bit lanes, which never carry into each other (255 · 255 + 128 + 254 < 2¹⁶).
enum SolidOver {
    /// `color` (a8r8g8b8) over `width` × `height` pixels from `base`, rows `rowPixels` apart.
    static func fill(
        _ color: UInt32, base: UnsafeMutablePointer<UInt32>, rowPixels: Int, width: Int, height: Int
    ) {
        let inverse = 255 - color >> 24
        if width == 1 {
            // An edge column: one pixel per row, without the row loop's setup.
            var p = base
            for _ in 0..<height {
                p.pointee = inverse == 0 ? color : over(color, p.pointee, inverse: inverse)
                p += rowPixels
            }
            return
        }
        for y in 0..<height {
            let row = base + y * rowPixels
            if inverse == 0 {
                row.update(repeating: color, count: width)
                continue
            }
            for x in 0..<width { row[x] = over(color, row[x], inverse: inverse) }
        }
    }

    /// `color` scaled by each byte of `mask` (rows `maskStride` bytes apart), then over, as `fill`.
    static func masked(
        _ color: UInt32, mask: UnsafePointer<UInt8>, maskStride: Int, base: UnsafeMutablePointer<UInt32>,
        rowPixels: Int, width: Int, height: Int
    ) {
        for y in 0..<height {
            let row = base + y * rowPixels
            let m = mask + y * maskStride
            for x in 0..<width {
                let coverage = UInt32(m[x])
                if coverage == 0 { continue }
                let s = coverage == 255 ? color : scale(color, by: coverage)
                let inverse = 255 - s >> 24
                row[x] = inverse == 0 ? s : over(s, row[x], inverse: inverse)
            }
        }
    }

    /// Each channel of `pixel` times `a` / 255 with pixman's rounding.
    @inline(__always)
    static func scale(_ pixel: UInt32, by a: UInt32) -> UInt32 {
        multiply(pixel & 0x00FF_00FF, a) | multiply(pixel >> 8 & 0x00FF_00FF, a) << 8
    }

    @inline(__always)
    private static func over(_ s: UInt32, _ d: UInt32, inverse: UInt32) -> UInt32 {
        let rb = add(multiply(d & 0x00FF_00FF, inverse), s & 0x00FF_00FF)
        let ag = add(multiply(d >> 8 & 0x00FF_00FF, inverse), s >> 8 & 0x00FF_00FF)
        return rb | ag << 8
    }

    /// Two channels (bits 0–7 and 16–23) times `a` / 255, pixman's UN8_rb_MUL_UN8.
    @inline(__always)
    private static func multiply(_ lanes: UInt32, _ a: UInt32) -> UInt32 {
        let t = lanes &* a &+ 0x0080_0080
        return (t &+ (t >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
    }

    /// Two channels added, each saturating at 255, pixman's UN8_rb_ADD_UN8_rb.
    @inline(__always)
    private static func add(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var t = x &+ y
        t |= 0x1000_0100 &- (t >> 8 & 0x00FF_00FF)
        return t & 0x00FF_00FF
    }
}
