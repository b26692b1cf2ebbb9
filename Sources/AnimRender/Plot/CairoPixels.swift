/// Conversion from cairo's image memory to `PNGImage` pixels.
enum CairoPixels {
    /// Straight RGBA8 rows, top first, from a cairo `CAIRO_FORMAT_ARGB32` buffer: each pixel a native-endian
    /// 32-bit word with alpha in the high byte and premultiplied red, green, blue below it (B, G, R, A in memory
    /// on little-endian machines), rows `stride` bytes apart.
    static func straightRGBA(argb32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let word = data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    let pixel = unpremultiply(argb: word)
                    let i = (y * width + x) * 4
                    out[i] = pixel.r
                    out[i + 1] = pixel.g
                    out[i + 2] = pixel.b
                    out[i + 3] = pixel.a
                }
            }
        }
        return rgba
    }

    /// One premultiplied ARGB32 word as straight 8-bit RGBA, rounding to nearest. Zero alpha gives all zeros.
    static func unpremultiply(argb word: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = word >> 24
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = (word >> shift) & 0xFF
            return UInt8(min(255, (premultiplied * 255 + a / 2) / a))
        }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}
