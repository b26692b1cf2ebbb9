/// pixman's OVER of a premultiplied solid colour onto a8r8g8b8 pixels, bit for bit, for boxes too small to be worth
/// a pixman call (a thin edge strip, a corner): per channel d' = min(255, s + d·(255 − s.a) / 255) with pixman's
/// rounding of the product (MUL_UN8: t = x·a + 128, (t + t / 256) / 256), and through a coverage byte m the colour
/// first scaled by m the same way (pixman's in(), as over_n_8_8888 does). A pixel's four channels are computed at
/// once in the 16-bit lanes of a UInt64 (b, r, g, a from the low lane), which never carry into each other
/// (255 · 255 + 128 + 254 < 2¹⁶).
enum SolidOver {
    /// `color` (a8r8g8b8) over `width` × `height` pixels from `base`, rows `rowPixels` apart.
    static func fill(
        _ color: UInt32, base: UnsafeMutablePointer<UInt32>, rowPixels: Int, width: Int, height: Int
    ) {
        let inverse = UInt64(255 - color >> 24)
        let s = spread(color)
        if width == 1 {
            // An edge column: one pixel per row, without the row loop's setup.
            var p = base
            for _ in 0..<height {
                p.pointee = inverse == 0 ? color : over(s, p.pointee, inverse: inverse)
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
            for x in 0..<width { row[x] = over(s, row[x], inverse: inverse) }
        }
    }

    /// `color` scaled by each byte of `mask` (rows `maskStride` bytes apart), then over, as `fill`.
    static func masked(
        _ color: UInt32, mask: UnsafePointer<UInt8>, maskStride: Int, base: UnsafeMutablePointer<UInt32>,
        rowPixels: Int, width: Int, height: Int
    ) {
        let full = spread(color)
        for y in 0..<height {
            let row = base + y * rowPixels
            let m = mask + y * maskStride
            for x in 0..<width {
                let coverage = UInt64(m[x])
                if coverage == 0 { continue }
                let s = coverage == 255 ? full : multiply(full, coverage)
                let inverse = 255 - s >> 48
                row[x] = inverse == 0 ? pack(s) : over(s, row[x], inverse: inverse)
            }
        }
    }

    /// Each channel of `pixel` times `a` / 255 with pixman's rounding.
    @inline(__always)
    static func scale(_ pixel: UInt32, by a: UInt32) -> UInt32 {
        pack(multiply(spread(pixel), UInt64(a)))
    }

    private static let lanes: UInt64 = 0x00FF_00FF_00FF_00FF

    /// b, g, r, a (bits 0, 8, 16, 24) to the lanes at bits 0 (b), 16 (r), 32 (g), 48 (a).
    @inline(__always)
    private static func spread(_ pixel: UInt32) -> UInt64 {
        let x = UInt64(pixel)
        return (x | x << 24) & lanes
    }

    /// `spread`'s inverse.
    @inline(__always)
    private static func pack(_ x: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: x | x >> 24) }

    /// `s` (spread) over `d`, with inverse = 255 − s.a.
    @inline(__always)
    private static func over(_ s: UInt64, _ d: UInt32, inverse: UInt64) -> UInt32 {
        pack(add(multiply(spread(d), inverse), s))
    }

    /// Four lanes times `a` / 255, pixman's UN8x4_MUL_UN8.
    @inline(__always)
    private static func multiply(_ x: UInt64, _ a: UInt64) -> UInt64 {
        let t = x &* a &+ 0x0080_0080_0080_0080
        return (t &+ (t >> 8 & lanes)) >> 8 & lanes
    }

    /// Four lanes added, each saturating at 255, pixman's UN8x4_ADD_UN8x4.
    @inline(__always)
    private static func add(_ x: UInt64, _ y: UInt64) -> UInt64 {
        var t = x &+ y
        t |= 0x0100_0100_0100_0100 &- (t >> 8 & lanes)
        return t & lanes
    }
}
