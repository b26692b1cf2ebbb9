import AnimCore
import Testing

@testable import AnimRender

@Suite("GLES images", .serialized)
struct GLESImageTests {
    /// 2×2: red, green / blue, white (opaque).
    static let quadrants = GLESTest.image(key: 1, width: 2, height: 2) { x, y in
        switch (x, y) {
        case (0, 0): return (255, 0, 0, 255)
        case (1, 0): return (0, 255, 0, 255)
        case (0, 1): return (0, 0, 255, 255)
        default: return (255, 255, 255, 255)
        }
    }

    @Test func nearestMagnificationKeepsBlocks() throws {
        let renderer = try GLESTest.renderer(32)
        let draw = ImageDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 20), image: Self.quadrants,
            source: Rect(x: 0, y: 0, width: 2, height: 2), magnificationFilter: .nearest)
        let frame = try GLESTest.frame(renderer, [.image(draw)], size: 32)
        #expect(GLESTest.rgba(frame.pixel(x: 0, y: 0)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 9, y: 9)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 10, y: 9)) == [0, 255, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 9, y: 10)) == [0, 0, 255, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 19, y: 19)) == [255, 255, 255, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 20, y: 19)) == [0, 0, 0, 0])
    }

    @Test func linearMagnificationBlendsBetweenPixelCentres() throws {
        let renderer = try GLESTest.renderer(32)
        let draw = ImageDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 20), image: Self.quadrants,
            source: Rect(x: 0, y: 0, width: 2, height: 2), magnificationFilter: .linear)
        let frame = try GLESTest.frame(renderer, [.image(draw)], size: 32)
        // Pixel (9, 2)'s centre maps to image x 0.95: 0.45 of the way from red's centre (0.5) to green's (1.5).
        let p = GLESTest.rgba(frame.pixel(x: 9, y: 2))
        #expect(abs(p[0] - 140) <= 2 && abs(p[1] - 115) <= 2 && p[2] == 0 && p[3] == 255, "\(p)")
        // Before the first pixel centre (x < 0.5 image px) the edge pixel is pure.
        #expect(GLESTest.rgba(frame.pixel(x: 2, y: 2)) == [255, 0, 0, 255])
    }

    @Test func aSourceOutsideTheImageRepeatsTheEdgePixels() throws {
        let renderer = try GLESTest.renderer(32)
        // contentsRect (−1, 0, 3, 2) in image pixels: the left third repeats the left column.
        let draw = ImageDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 30, height: 20), image: Self.quadrants,
            source: Rect(x: -1, y: 0, width: 3, height: 2), magnificationFilter: .nearest)
        let frame = try GLESTest.frame(renderer, [.image(draw)], size: 32)
        #expect(GLESTest.rgba(frame.pixel(x: 1, y: 1)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 12, y: 1)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 25, y: 1)) == [0, 255, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 1, y: 15)) == [0, 0, 255, 255])
    }

    @Test func clampToSourceStopsTheNeighbourBleeding() throws {
        // 4×1: red, red, blue, blue. The left half stretched with linear filtering.
        let image = GLESTest.image(key: 2, width: 4, height: 1) { x, _ in x < 2 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let renderer = try GLESTest.renderer(32)
        func right(clamped: Bool) throws -> [Int] {
            let draw = ImageDraw(
                transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 4), image: image,
                source: Rect(x: 0, y: 0, width: 2, height: 1), clampToSource: clamped)
            let frame = try GLESTest.frame(renderer, [.image(draw)], size: 32)
            return GLESTest.rgba(frame.pixel(x: 19, y: 1))
        }
        #expect(try right(clamped: true) == [255, 0, 0, 255])
        let bleeding = try right(clamped: false)
        #expect(bleeding[2] > 40, "\(bleeding)")
    }

    @Test func alphaAndBGRAImages() throws {
        let bgra = [UInt8](repeating: 0, count: 0) + [0, 0, 255, 255, 255, 0, 0, 255]  // red, blue in BGRA order
        let owner = BytesOwner(bgra)
        let image = RenderImage(
            key: RenderImage.Key(source: 7, image: 3), width: 2, height: 1, stride: 8, format: .bgra8Premultiplied,
            bytes: owner.raw, owner: owner)
        let renderer = try GLESTest.renderer(16)
        let draw = ImageDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 4), image: image,
            source: Rect(x: 0, y: 0, width: 2, height: 1), magnificationFilter: .nearest, alpha: 0.5)
        let frame = try GLESTest.frame(renderer, [.image(draw)], size: 16)
        let left = GLESTest.rgba(frame.pixel(x: 1, y: 1))
        let right = GLESTest.rgba(frame.pixel(x: 6, y: 1))
        #expect(abs(left[0] - 128) <= 1 && left[2] == 0 && abs(left[3] - 128) <= 1, "\(left)")
        #expect(right[0] == 0 && abs(right[2] - 128) <= 1 && abs(right[3] - 128) <= 1, "\(right)")
    }

    @Test func trilinearMinificationAveragesTheImage() throws {
        // 64×64 checkerboard of single pixels drawn at 8×8: each output pixel is the average grey.
        let image = GLESTest.image(key: 4, width: 64, height: 64) { x, y in
            (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255)
        }
        let renderer = try GLESTest.renderer(16)
        let draw = ImageDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 8), image: image,
            source: Rect(x: 0, y: 0, width: 64, height: 64), minificationFilter: .trilinear)
        let frame = try GLESTest.frame(renderer, [.image(draw)], size: 16)
        let p = GLESTest.rgba(frame.pixel(x: 4, y: 4))
        #expect(abs(p[0] - 128) <= 3 && p[3] == 255, "\(p)")
    }

    @Test func imageEdgesAreCoveredLikeARect() throws {
        let white = GLESTest.image(key: 5, width: 1, height: 1) { _, _ in (255, 255, 255, 255) }
        let transform = Transform3D.rotation(0.3, 0, 0, 1).concatenating(.translation(30, 10, 0))
        let rect = Rect(x: 0, y: 0, width: 24, height: 30)
        let renderer = try GLESTest.renderer(64)
        let frame = try GLESTest.frame(
            renderer,
            [
                .image(
                    ImageDraw(
                        transform: transform, rect: rect, image: white, source: Rect(x: 0, y: 0, width: 1, height: 1)))
            ],
            size: 64)
        let coverage = try #require(RectCoverage(transform: transform, rect: rect))
        let comparison = PixelComparison(
            actual: frame, expected: GLESTest.reference(coverage, size: 64),
            tolerance: PixelComparison.Tolerance(
                maxChannelDifference: 1, requiredFraction: 0.999, worstChannelDifference: 2))
        #expect(comparison.passes, "\(comparison)")
    }
}

/// Bytes kept alive for a `RenderImage` built by hand.
final class BytesOwner {
    let storage: UnsafeMutableRawBufferPointer
    init(_ bytes: [UInt8]) {
        storage = .allocate(byteCount: bytes.count, alignment: 16)
        storage.copyBytes(from: bytes)
    }
    var raw: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage) }
    deinit { storage.deallocate() }
}
