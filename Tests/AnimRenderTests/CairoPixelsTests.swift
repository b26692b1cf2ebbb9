import Testing

@testable import AnimRender

@Suite("CairoPixels")
struct CairoPixelsTests {
    @Test func unpremultiplyRoundsToNearest() {
        #expect(CairoPixels.unpremultiply(argb: 0x8040_2010) == (128, 64, 32, 128))
        #expect(CairoPixels.unpremultiply(argb: 0xFF11_2233) == (0x11, 0x22, 0x33, 255))
        #expect(CairoPixels.unpremultiply(argb: 0x0000_0000) == (0, 0, 0, 0))
        #expect(CairoPixels.unpremultiply(argb: 0x0105_0000) == (255, 0, 0, 1))
    }

    @Test func rowsHonourTheStrideAndNativeWordOrder() {
        // 2x2 pixels, rows 12 bytes apart (4 bytes of padding that must be skipped).
        let words: [UInt32] = [0xFF00_00FF, 0xFFFF_0000, 0xDEAD_BEEF, 0x8080_0000, 0xFF00_FF00, 0xDEAD_BEEF]
        let rgba = words.withUnsafeBytes { raw in
            CairoPixels.straightRGBA(argb32: raw.baseAddress!, width: 2, height: 2, stride: 12)
        }
        #expect(rgba == [0, 0, 255, 255, 255, 0, 0, 255, 255, 0, 0, 128, 0, 255, 0, 255])
    }
}
