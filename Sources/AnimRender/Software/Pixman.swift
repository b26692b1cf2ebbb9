import AnimCore
import CCairo
import CPixman

/// Small helpers around pixman's C API.
enum Pixman {
    /// `pixman_double_to_fixed` is a macro Swift cannot import.
    @inline(__always)
    static func fixed(_ d: Double) -> pixman_fixed_t {
        pixman_fixed_t(clamping: Int64((min(32767.0, max(-32768.0, d)) * 65536).rounded()))
    }

    /// The colour premultiplied and rounded to 8 bits per channel, as every draw blends it.
    static func premultiplied8(_ color: Color) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let c = color.clamped
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        return (byte(c.red * c.alpha), byte(c.green * c.alpha), byte(c.blue * c.alpha), byte(c.alpha))
    }

    /// A premultiplied colour scaled by a coverage byte as pixman's in() does (x·m / 255 rounded, exactly
    /// pixman's MUL_UN8), so a solid fill of it writes what the colour through a mask of that byte writes.
    static func scaled(
        _ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), by m: UInt8
    ) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func mul(_ x: UInt8) -> UInt8 {
            let t = UInt32(x) * UInt32(m) + 0x80
            return UInt8(((t >> 8) + t) >> 8)
        }
        return (mul(p.r), mul(p.g), mul(p.b), mul(p.a))
    }

    /// pixman's 16-bit colour for 8-bit premultiplied channels (pixman keeps the high byte: ×257 is exact).
    static func color16(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> pixman_color_t {
        pixman_color_t(
            red: UInt16(p.r) * 257, green: UInt16(p.g) * 257, blue: UInt16(p.b) * 257, alpha: UInt16(p.a) * 257)
    }

    /// A solid image of a premultiplied 8-bit colour (unref it when done); nil when pixman cannot allocate.
    static func solid(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> OpaquePointer? {
        var c = color16(p)
        return pixman_image_create_solid_fill(&c)
    }

    /// Fills `rect` of `image` (in the image's pixels) with a premultiplied colour using `op`.
    static func fill(
        _ image: OpaquePointer, rect: PixelRect, color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), op: pixman_op_t
    ) {
        var c = color16(color)
        var box = pixman_box32_t(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
        _ = pixman_image_fill_boxes(op, image, &c, 1, &box)
    }

    /// "pixman <version> + cairo <version>".
    static var versions: String {
        "pixman \(String(cString: pixman_version_string())) + cairo \(String(cString: cairo_version_string()))"
    }
}
