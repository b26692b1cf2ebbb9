import CPixman
import Testing

@testable import AnimRender

/// `SolidOver` must write exactly what pixman's OVER of a solid colour writes, with and without an a8 mask.
@Suite struct SolidOverTests {
    /// 256 × 64 premultiplied destination pixels of every alpha, channels up to their alpha.
    static func destination() -> [UInt32] {
        var n = AxisAlignedCoverageTests.Numbers(seed: 7)
        return (0..<(256 * 64)).map { i in
            let a = UInt32(i % 256)
            func channel() -> UInt32 { UInt32(n.next() * Double(a + 1)) % (a + 1) }
            return a << 24 | channel() << 16 | channel() << 8 | channel()
        }
    }

    /// pixman compositing `color` (premultiplied a8r8g8b8) over `pixels`, through `mask` when given.
    static func pixman(_ color: UInt32, over pixels: [UInt32], mask: [UInt8]?) -> [UInt32] {
        var out = pixels
        var maskBytes = mask ?? []
        out.withUnsafeMutableBufferPointer { dst in
            maskBytes.withUnsafeMutableBufferPointer { m in
                let target = pixman_image_create_bits(PIXMAN_a8r8g8b8, 256, 64, dst.baseAddress, 256 * 4)
                // An a8 image's rows are 256 bytes: the mask bytes as they are.
                let maskBits = m.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self) }
                let maskImage = mask == nil ? nil : pixman_image_create_bits(PIXMAN_a8, 256, 64, maskBits, 256)
                var c = Pixman.color16(
                    (UInt8(color >> 16 & 255), UInt8(color >> 8 & 255), UInt8(color & 255), UInt8(color >> 24)))
                let solid = pixman_image_create_solid_fill(&c)
                pixman_image_composite32(PIXMAN_OP_OVER, solid, maskImage, target, 0, 0, 0, 0, 0, 0, 256, 64)
                pixman_image_unref(solid)
                if let maskImage { pixman_image_unref(maskImage) }
                pixman_image_unref(target)
            }
        }
        return out
    }

    /// "pixel i: a ≠ b" (hex) for the first pixel that differs, nil when equal.
    static func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> String? {
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "pixel \(i): \(String(a[i], radix: 16)) ≠ \(String(b[i], radix: 16))"
    }

    static let colors: [UInt32] = [0xFF10_2030, 0x8080_0040, 0x0101_0000, 0x7F7F_7F7F, 0xC000_C0A0, 0xFFFF_FFFF]

    @Test func fillMatchesPixman() {
        let pixels = Self.destination()
        for color in Self.colors {
            var ours = pixels
            ours.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress {
                    SolidOver.fill(color, base: base, rowPixels: 256, width: 256, height: 64)
                }
            }
            let differs = Self.firstDifference(ours, Self.pixman(color, over: pixels, mask: nil))
            #expect(differs == nil, "colour \(color): \(differs ?? "")")
        }
    }

    @Test func maskedMatchesPixmanForEveryCoverageByte() {
        let pixels = Self.destination()
        // Every byte against every destination alpha: row y shifts the bytes by 37·y.
        let mask = (0..<(256 * 64)).map { UInt8(truncatingIfNeeded: $0 % 256 + ($0 / 256) * 37) }
        for color in Self.colors {
            var ours = pixels
            ours.withUnsafeMutableBufferPointer { buffer in
                mask.withUnsafeBufferPointer { m in
                    if let base = buffer.baseAddress, let bytes = m.baseAddress {
                        SolidOver.masked(
                            color, mask: bytes, maskStride: 256, base: base, rowPixels: 256, width: 256, height: 64)
                    }
                }
            }
            let differs = Self.firstDifference(ours, Self.pixman(color, over: pixels, mask: mask))
            #expect(differs == nil, "colour \(color): \(differs ?? "")")
        }
    }
}
