import AnimCore
import Foundation
import Testing

@testable import AnimRender

@Suite("GLES compositing", .serialized)
struct GLESCompositingTests {
    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) -> DrawItem {
        .rect(RectDraw(transform: .identity, rect: Rect(x: x, y: y, width: w, height: h), color: color))
    }

    @Test func groupOpacityAppliesOnceToOverlappingItems() throws {
        let renderer = try GLESTest.renderer(32)
        let group = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 32, height: 32),
            items: [Self.box(2, 2, 16, 16, Color(red: 1, green: 0, blue: 0)), Self.box(10, 10, 16, 16, .white)],
            opacity: 0.5)
        let frame = try GLESTest.frame(renderer, [.group(group)], size: 32)
        let overlap = GLESTest.rgba(frame.pixel(x: 12, y: 12))
        let whiteOnly = GLESTest.rgba(frame.pixel(x: 22, y: 22))
        let redOnly = GLESTest.rgba(frame.pixel(x: 4, y: 4))
        // The overlap shows the top item at half opacity, exactly as where it is alone.
        #expect(overlap == whiteOnly)
        #expect(abs(whiteOnly[0] - 128) <= 1 && whiteOnly[0] == whiteOnly[3])
        #expect(abs(redOnly[0] - 128) <= 1 && redOnly[1] == 0 && redOnly[3] == redOnly[0])
        #expect(
            try renderer.render(DrawList(size: PixelSize(width: 32, height: 32), items: [.group(group)]), damage: .full)
                .offscreenPasses == 1)
    }

    @Test func aMaskKeepsOnlyItsAlpha() throws {
        let renderer = try GLESTest.renderer(32)
        let group = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 32, height: 32), items: [Self.box(0, 0, 32, 32, .white)],
            mask: [
                Self.box(0, 0, 16, 32, Color(white: 0, alpha: 1)), Self.box(16, 0, 8, 32, Color(white: 0, alpha: 0.5)),
            ])
        let frame = try GLESTest.frame(renderer, [.group(group)], size: 32)
        #expect(GLESTest.rgba(frame.pixel(x: 4, y: 4)) == [255, 255, 255, 255])
        let half = GLESTest.rgba(frame.pixel(x: 20, y: 4))
        #expect(abs(half[3] - 128) <= 1 && half[0] == half[3])
        #expect(GLESTest.rgba(frame.pixel(x: 28, y: 4)) == [0, 0, 0, 0])
    }

    @Test func addedGroupsSum() throws {
        let renderer = try GLESTest.renderer(16)
        let half = Color(white: 1, alpha: 0.5)
        let a = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 16, height: 16), items: [Self.box(0, 0, 16, 16, half)], blend: .add)
        let b = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 16, height: 16), items: [Self.box(0, 0, 8, 16, half)], blend: .add)
        let frame = try GLESTest.frame(renderer, [.group(a), .group(b)], size: 16)
        let both = GLESTest.rgba(frame.pixel(x: 2, y: 2))
        let one = GLESTest.rgba(frame.pixel(x: 12, y: 2))
        #expect(both[3] >= 254 && both[0] >= 254, "\(both)")
        #expect(abs(one[3] - 128) <= 1, "\(one)")
    }

    @Test func groupBoundsAndClipLimitTheComposite() throws {
        let renderer = try GLESTest.renderer(16)
        let group = GroupDraw(
            bounds: PixelRect(x: 2, y: 2, width: 10, height: 10), items: [Self.box(0, 0, 16, 16, .white)],
            clip: PixelRect(x: 0, y: 0, width: 8, height: 16))
        let frame = try GLESTest.frame(renderer, [.group(group)], size: 16)
        #expect(frame.pixel(x: 2, y: 2).a == 255)
        #expect(frame.pixel(x: 7, y: 11).a == 255)
        #expect(frame.pixel(x: 8, y: 4).a == 0)
        #expect(frame.pixel(x: 1, y: 4).a == 0)
        #expect(frame.pixel(x: 4, y: 12).a == 0)
    }

    @Test func aShadowIsSymmetricAroundItsOffsetSource() throws {
        let renderer = try GLESTest.renderer(64)
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 0, y: 0, width: 64, height: 64), source: [Self.box(20, 20, 16, 16, .white)],
            offsetX: 4.5, offsetY: -2, sigma: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 1))
        let frame = try GLESTest.frame(renderer, [.shadow(shadow)], size: 64)
        // 4.5 rounds away from zero to 5: the square lies at x 25..<41, y 18..<34, centre (33, 26).
        for d in 1...10 {
            #expect(frame.pixel(x: 33 - d, y: 26).a == frame.pixel(x: 32 + d, y: 26).a, "x ±\(d)")
            #expect(frame.pixel(x: 33, y: 26 - d).a == frame.pixel(x: 33, y: 25 + d).a, "y ±\(d)")
        }
        // At the centre the square holds the taps −8…7 of the kernel along each axis.
        let kernel = GaussianKernel(sigma: 3)
        let inside = (-8...7).reduce(0.0) { $0 + Double(kernel.weights[$1 + kernel.radius]) }
        #expect(abs(Double(frame.pixel(x: 33, y: 26).a) - inside * inside * 255) <= 1.5)
        // Half way down the edge the blur gives about half.
        #expect(abs(Int(frame.pixel(x: 41, y: 26).a) - 128) <= 30)
        #expect(frame.pixel(x: 41 + 10, y: 26).a == 0)
        #expect(frame.pixel(x: 33, y: 26).r == 0)
    }

    @Test func theShadowBlurUsesTheSharedKernel() throws {
        // A one-pixel-wide vertical line blurred horizontally: the row reads back the kernel's weights.
        let renderer = try GLESTest.renderer(64)
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 0, y: 0, width: 64, height: 64), source: [Self.box(32, 0, 1, 64, .white)],
            offsetX: 0, offsetY: 0, sigma: 2, color: .white)
        let frame = try GLESTest.frame(renderer, [.shadow(shadow)], size: 64)
        let kernel = GaussianKernel(sigma: 2)
        for i in -kernel.radius...kernel.radius {
            let expected = Double(kernel.weights[i + kernel.radius]) * 255
            #expect(abs(Double(frame.pixel(x: 32 + i, y: 32).a) - expected) <= 1.5, "tap \(i)")
        }
    }

    @Test func damageRedrawsOnlyItsPixels() throws {
        let renderer = try GLESTest.renderer(32)
        let size = PixelSize(width: 32, height: 32)
        let red = DrawList(size: size, items: [Self.box(0, 0, 32, 32, Color(red: 1, green: 0, blue: 0))])
        _ = try renderer.render(red, damage: .full)
        let blue = DrawList(size: size, items: [Self.box(0, 0, 32, 32, Color(red: 0, green: 0, blue: 1))])
        let stats = try renderer.render(blue, damage: .region([PixelRect(x: 4, y: 4, width: 8, height: 8)]))
        #expect(stats.pixelsRedrawn == 64)
        #expect(stats.itemsDrawn == 1)
        let frame = try renderer.readPixels(PixelRect(size: size))
        #expect(GLESTest.rgba(frame.pixel(x: 4, y: 4)) == [0, 0, 255, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 11, y: 11)) == [0, 0, 255, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 12, y: 11)) == [255, 0, 0, 255])
        #expect(GLESTest.rgba(frame.pixel(x: 3, y: 4)) == [255, 0, 0, 255])
        // Nothing damaged: nothing drawn, nothing changes.
        let idle = try renderer.render(
            DrawList(size: size, items: [Self.box(0, 0, 32, 32, .white)]), damage: .region([]))
        #expect(idle.itemsDrawn == 0 && idle.pixelsRedrawn == 0)
        #expect(try renderer.readPixels(PixelRect(size: size)) == frame)
        // Items outside the damage are culled.
        let culled = try renderer.render(
            DrawList(size: size, items: [Self.box(20, 20, 4, 4, .white), Self.box(0, 0, 4, 4, .white)]),
            damage: .region([PixelRect(x: 0, y: 0, width: 8, height: 8)]))
        #expect(culled.itemsDrawn == 1)
    }

    @Test func aNewSizeRedrawsEverything() throws {
        let renderer = try GLESTest.renderer(16)
        let stats = try renderer.render(
            DrawList(size: PixelSize(width: 24, height: 8), clearColor: .white), damage: .region([]))
        #expect(stats.pixelsRedrawn == 24 * 8)
        #expect(
            GLESTest.rgba(try renderer.readPixels(PixelRect(x: 23, y: 7, width: 1, height: 1)).pixel(x: 0, y: 0)) == [
                255, 255, 255, 255,
            ])
    }

    @Test func pathsUseTheSharedCoverage() throws {
        var path = BezierPath()
        path.move(to: Point(x: 4, y: 4))
        path.addLine(to: Point(x: 40, y: 10))
        path.addCurve(to: Point(x: 10, y: 44), control1: Point(x: 50, y: 40), control2: Point(x: 30, y: 50))
        path.closeSubpath()
        let transform = Transform3D.translation(5, 3, 0)
        let renderer = try GLESTest.renderer(64)
        let frame = try GLESTest.frame(
            renderer, [.path(PathDraw(transform: transform, path: path, color: .white))], size: 64)
        let coverage = PathCoverage.rasterize(
            path, transform: transform, evenOdd: false, area: PixelRect(x: 0, y: 0, width: 64, height: 64))
        let expected = PixelBuffer(size: frame.size, bytes: coverage.flatMap { [$0, $0, $0, $0] })
        let comparison = PixelComparison(
            actual: frame, expected: expected,
            tolerance: PixelComparison.Tolerance(maxChannelDifference: 1, requiredFraction: 1))
        #expect(comparison.passes, "\(comparison)")
        #expect(frame.pixel(x: 20, y: 20).a == 255)
    }

    @Test func theFirstFrameIsDrawnWholeWhateverTheDamage() throws {
        let renderer = try GLESTest.renderer(16)
        let stats = try renderer.render(
            DrawList(size: PixelSize(width: 16, height: 16), clearColor: .white),
            damage: .region([PixelRect(x: 0, y: 0, width: 2, height: 2)]))
        #expect(stats.pixelsRedrawn == 256)
        #expect(try renderer.readPixels(PixelRect(x: 15, y: 15, width: 1, height: 1)).bytes == [255, 255, 255, 255])
    }

    @Test func anotherThreadIsRefused() throws {
        nonisolated(unsafe) let renderer = try GLESTest.renderer(8)
        nonisolated(unsafe) var outcome: RenderError?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                _ = try renderer.render(DrawList(size: PixelSize(width: 8, height: 8)), damage: .full)
            } catch {
                outcome = error as? RenderError
            }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(outcome == .unsupported("a GLESRenderer used from another thread than the one that created it"))
    }
}
