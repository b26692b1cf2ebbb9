import AnimCore
import Foundation
import Testing

@testable import AnimRender

@Suite("GLES rectangles", .serialized)
struct GLESRectTests {
    @Test func infoNamesLlvmpipeAsASoftwareRasterizer() throws {
        let renderer = try GLESTest.renderer(16)
        #expect(renderer.info.kind == .gles)
        #expect(renderer.info.device.contains("llvmpipe"))
        #expect(renderer.info.device.contains("OpenGL ES 3"))
        #expect(renderer.info.isSoftwareRasterizer)
        #expect(renderer.info.maxTextureSize >= 2048)
        let forced = try GLESTest.renderer(16, maxTextureSize: 300)
        #expect(forced.info.maxTextureSize == 300)
    }

    @Test func theEnvironmentForcesTheTextureLimitAndBadValuesAreErrors() throws {
        let fromEnvironment = try GLESRenderer(
            device: EGLDevice(), size: PixelSize(width: 8, height: 8), maxTextureSize: nil,
            environment: ["ANIMSERVER_MAX_TEXTURE_SIZE": "512"])
        #expect(fromEnvironment.info.maxTextureSize == 512)
        #expect(throws: RenderError.unsupported("ANIMSERVER_MAX_TEXTURE_SIZE=big: not a positive integer")) {
            try GLESRenderer(
                device: EGLDevice(), size: PixelSize(width: 8, height: 8), maxTextureSize: nil,
                environment: ["ANIMSERVER_MAX_TEXTURE_SIZE": "big"])
        }
    }

    @Test func readPixelsReturnsTheTopRowFirst() throws {
        let renderer = try GLESTest.renderer(16)
        let top = RectDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 16, height: 2), color: Color(red: 1, green: 0, blue: 0))
        let frame = try GLESTest.frame(renderer, [.rect(top)], size: 16)
        #expect(GLESTest.rgba(frame.pixel(x: 3, y: 0)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 3, y: 1)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 3, y: 2)) == [0, 0, 0, 0])
        #expect(GLESTest.rgba(frame.pixel(x: 3, y: 15)) == [0, 0, 0, 0])
        // A sub-rectangle read keeps the orientation.
        let part = try renderer.readPixels(PixelRect(x: 2, y: 1, width: 3, height: 2))
        #expect(GLESTest.rgba(part.pixel(x: 0, y: 0)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(part.pixel(x: 0, y: 1)) == [0, 0, 0, 0])
    }

    @Test func aRectOnWholePixelsIsExact() throws {
        let renderer = try GLESTest.renderer(32)
        let rect = RectDraw(
            transform: .translation(4, 6, 0), rect: Rect(x: 0, y: 0, width: 10, height: 5),
            color: Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        let frame = try GLESTest.frame(renderer, [.rect(rect)], size: 32, clear: Color(red: 0, green: 0, blue: 1))
        for y in 0..<32 {
            for x in 0..<32 {
                let inside = x >= 4 && x < 14 && y >= 6 && y < 11
                // 0.5 green over opaque blue: (0, 128, 128 of blue's 255 × 0.5 = 127.5 → 128 or 127).
                let p = GLESTest.rgba(frame.pixel(x: x, y: y))
                if inside {
                    #expect(
                        p[0] == 0 && abs(p[1] - 128) <= 1 && abs(p[2] - 128) <= 1 && p[3] == 255, "(\(x), \(y)) \(p)")
                } else {
                    #expect(p == [0, 0, 255, 255], "(\(x), \(y)) \(p)")
                }
            }
        }
    }

    @Test func aHalfPixelEdgeCoversHalfThePixel() throws {
        let renderer = try GLESTest.renderer(16)
        let rect = RectDraw(transform: .identity, rect: Rect(x: 2.5, y: 0, width: 5, height: 16), color: .white)
        let frame = try GLESTest.frame(renderer, [.rect(rect)], size: 16)
        #expect(abs(Int(frame.pixel(x: 2, y: 8).a) - 128) <= 1)
        #expect(abs(Int(frame.pixel(x: 7, y: 8).a) - 128) <= 1)
        #expect(frame.pixel(x: 3, y: 8).a == 255)
        #expect(frame.pixel(x: 1, y: 8).a == 0)
        #expect(frame.pixel(x: 8, y: 8).a == 0)
    }

    @Test func notAntialiasedIsAllOrNothing() throws {
        let renderer = try GLESTest.renderer(16)
        let rect = RectDraw(
            transform: .identity, rect: Rect(x: 2.5, y: 2.5, width: 5, height: 5), color: .white, antialiased: false)
        let frame = try GLESTest.frame(renderer, [.rect(rect)], size: 16)
        #expect(Set(frame.bytes) == [0, 255])
        // Pixel 2's centre (2.5) is on the edge (d = 0: covered); pixel 7's centre 7.5 is on the far edge too.
        #expect(frame.pixel(x: 2, y: 4).a == 255)
        #expect(frame.pixel(x: 7, y: 4).a == 255)
        #expect(frame.pixel(x: 8, y: 4).a == 0)
    }

    /// Shapes through both coverage implementations: the shader against `RectCoverage` on the CPU.
    static let shapes: [(String, RectDraw)] = [
        (
            "rounded corners",
            RectDraw(
                transform: .translation(8, 6, 0), rect: Rect(x: 0, y: 0, width: 48, height: 40),
                radii: CornerRadii(topLeft: 12, topRight: 3, bottomLeft: 0, bottomRight: 20.5), color: .white)
        ),
        (
            "border",
            RectDraw(
                transform: .translation(5.25, 7.5, 0), rect: Rect(x: 0, y: 0, width: 50, height: 44),
                radii: CornerRadii(radius: 10), color: .white, borderWidth: 3.5)
        ),
        (
            "rotated",
            RectDraw(
                transform: Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(32, 12, 0)),
                rect: Rect(x: -10, y: 0, width: 30, height: 36), radii: CornerRadii(radius: 4), color: .white)
        ),
        (
            "perspective",
            RectDraw(
                transform: Transform3D.translation(-24, -24, 0).concatenating(.rotation(0.9, 0, 1, 0))
                    .concatenating(.perspective(eyeDistance: 80)).concatenating(.translation(32, 32, 0)),
                rect: Rect(x: 0, y: 0, width: 48, height: 48), radii: CornerRadii(radius: 6), color: .white)
        ),
        (
            "scaled border hole",
            RectDraw(
                transform: Transform3D.scale(3, 1.5, 1).concatenating(.translation(2, 3, 0)),
                rect: Rect(x: 0, y: 0, width: 19, height: 30), radii: CornerRadii(radius: 5), color: .white,
                borderWidth: 2)
        ),
        (
            // No area: the rule still gives the pixels within half a pixel of the line partial coverage.
            "zero width",
            RectDraw(transform: .translation(20, 10, 0), rect: Rect(x: 0.25, y: 0, width: 0, height: 30), color: .white)
        ),
    ]

    @Test(arguments: 0..<6) func coverageMatchesTheCPUReference(index: Int) throws {
        let (name, shape) = Self.shapes[index]
        let renderer = try GLESTest.renderer(64)
        let frame = try GLESTest.frame(renderer, [.rect(shape)], size: 64)
        let coverage = try #require(
            RectCoverage(
                transform: shape.transform, rect: shape.rect, radii: shape.radii, borderWidth: shape.borderWidth,
                antialiased: shape.antialiased))
        let expected = GLESTest.reference(coverage, size: 64)
        let comparison = PixelComparison(
            actual: frame, expected: expected,
            tolerance: PixelComparison.Tolerance(
                maxChannelDifference: 1, requiredFraction: 0.999, worstChannelDifference: 2))
        #expect(comparison.passes, "\(name): \(comparison)")
        // The shape really is there.
        #expect(frame.bytes.contains { $0 > 0 && $0 < 255 }, "\(name)")
    }
}
