import Testing

@testable import AnimRender

@Suite("Pixel comparison")
struct PixelComparisonTests {
    static func buffer(_ values: [UInt8]) -> PixelBuffer {
        PixelBuffer(size: PixelSize(width: values.count / 4, height: 1), bytes: values)
    }

    @Test func identicalImagesPassExactly() {
        let a = Self.buffer([1, 2, 3, 4, 5, 6, 7, 8])
        let c = PixelComparison(actual: a, expected: a, tolerance: .exact)
        #expect(c.passes)
        #expect(c.worstChannelDifference == 0)
        #expect(c.worstPixel == nil)
    }

    @Test func countsPixelsOverTheToleranceAndFindsTheWorst() {
        let a = Self.buffer([10, 10, 10, 255, 10, 10, 10, 255, 10, 10, 10, 255, 10, 10, 10, 255])
        let b = Self.buffer([12, 10, 10, 255, 10, 13, 10, 255, 10, 10, 10, 255, 10, 10, 40, 255])
        let c = PixelComparison(
            actual: a, expected: b, tolerance: .init(maxChannelDifference: 2, requiredFraction: 0.5))
        #expect(c.pixelsOverTolerance == 2)
        #expect(c.worstChannelDifference == 30)
        #expect(c.worstPixel?.x == 3)
        #expect(c.fractionWithinTolerance == 0.5)
        #expect(c.passes)
        let strict = PixelComparison(
            actual: a, expected: b, tolerance: .init(maxChannelDifference: 2, requiredFraction: 0.75))
        #expect(!strict.passes)
        let capped = PixelComparison(
            actual: a, expected: b,
            tolerance: .init(maxChannelDifference: 2, requiredFraction: 0.5, worstChannelDifference: 20))
        #expect(!capped.passes)
    }

    @Test func differenceImageIsBlackWhereEqualAndRedWhereNot() {
        let a = Self.buffer([10, 10, 10, 255, 0, 0, 0, 0])
        let b = Self.buffer([10, 10, 10, 255, 0, 0, 0, 4])
        let d = PixelComparison.differenceImage(a, b)
        #expect(d.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        #expect(d.pixel(x: 1, y: 0) == (80, 0, 0, 255))
    }
}
