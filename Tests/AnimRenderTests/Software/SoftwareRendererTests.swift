import AnimCore
import Testing

@testable import AnimRender

/// Exact pixel expectations for the software renderer. Where 8-bit rounding enters (a coverage or alpha that is
/// not 0 or 1, bilinear weights, blur sums) the tolerance is stated at the check: ±1/255 unless noted.
@Suite struct SoftwareRendererTests {
    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    func render(_ list: DrawList) throws -> PixelBuffer {
        let renderer = SoftwareRenderer(size: list.size)
        _ = try renderer.render(list, damage: .full)
        return try renderer.readPixels(PixelRect(size: list.size))
    }

    func near(_ value: UInt8, _ expected: Int, _ tolerance: Int = 1) -> Bool {
        abs(Int(value) - expected) <= tolerance
    }

    func rect(_ r: Rect, _ color: Color, transform: Transform3D = .identity) -> DrawItem {
        .rect(RectDraw(transform: transform, rect: r, color: color))
    }

    @Test func infoNamesPixmanAndCairo() {
        let info = SoftwareRenderer(size: PixelSize(width: 4, height: 4)).info
        #expect(info.kind == .software)
        #expect(info.device.hasPrefix("pixman ") && info.device.contains(" + cairo "))
        #expect(info.maxTextureSize == Int.max)
        #expect(!info.isSoftwareRasterizer)
    }

    @Test func solidRectOnWholePixels() throws {
        let list = DrawList(
            size: PixelSize(width: 16, height: 16), clearColor: .black,
            items: [rect(Rect(x: 2, y: 3, width: 4, height: 5), Self.red)])
        let out = try render(list)
        #expect(out.pixel(x: 2, y: 3) == (255, 0, 0, 255))
        #expect(out.pixel(x: 5, y: 7) == (255, 0, 0, 255))
        #expect(out.pixel(x: 1, y: 3) == (0, 0, 0, 255))
        #expect(out.pixel(x: 6, y: 7) == (0, 0, 0, 255))
        #expect(out.pixel(x: 5, y: 8) == (0, 0, 0, 255))
        #expect(out.pixel(x: 15, y: 15) == (0, 0, 0, 255))
    }

    @Test func translucentRectBlendsOverTheClearColour() throws {
        let list = DrawList(
            size: PixelSize(width: 4, height: 4), clearColor: .white,
            items: [rect(Rect(x: 0, y: 0, width: 4, height: 4), Color(red: 0, green: 0, blue: 1, alpha: 0.5))])
        let p = try render(list).pixel(x: 1, y: 1)
        // Blue at 128/255 over white: 255 × 127/255 = 127 in red and green (pixman rounds the product).
        #expect(near(p.r, 127) && near(p.g, 127) && p.b == 255 && p.a == 255)
    }

    @Test func halfPixelEdgeIsHalfCovered() throws {
        let list = DrawList(
            size: PixelSize(width: 8, height: 4), items: [rect(Rect(x: 2.5, y: 0, width: 4, height: 4), .white)])
        let out = try render(list)
        // Coverage 0.5 → 128 ± 1.
        #expect(near(out.pixel(x: 2, y: 1).r, 128))
        #expect(near(out.pixel(x: 6, y: 1).r, 128))
        #expect(out.pixel(x: 3, y: 1).r == 255)
        #expect(out.pixel(x: 1, y: 1).r == 0)
    }

    @Test func roundedCornerAndBorder() throws {
        let list = DrawList(
            size: PixelSize(width: 48, height: 48),
            items: [
                .rect(
                    RectDraw(
                        transform: .identity, rect: Rect(x: 0, y: 0, width: 40, height: 40),
                        radii: CornerRadii(radius: 10), color: .white))
            ])
        let out = try render(list)
        #expect(out.pixel(x: 0, y: 0) == (0, 0, 0, 255))
        #expect(out.pixel(x: 4, y: 4) == (255, 255, 255, 255))
        #expect(out.pixel(x: 20, y: 0) == (255, 255, 255, 255))
        #expect(out.pixel(x: 39, y: 0).r == 0)
        // The rule gives 0.575 at (3, 2): 147 ± 1.
        #expect(near(out.pixel(x: 3, y: 2).r, 147))

        let ring = DrawList(
            size: PixelSize(width: 24, height: 24),
            items: [
                .rect(
                    RectDraw(
                        transform: .identity, rect: Rect(x: 2, y: 2, width: 20, height: 20), color: .white,
                        borderWidth: 3))
            ])
        let r = try render(ring)
        #expect(r.pixel(x: 2, y: 12).r == 255)
        #expect(r.pixel(x: 4, y: 12).r == 255)
        #expect(r.pixel(x: 5, y: 12).r == 0)
        #expect(r.pixel(x: 12, y: 12).r == 0)
        #expect(r.pixel(x: 1, y: 12).r == 0)
        #expect(r.pixel(x: 21, y: 21).r == 255)
    }

    @Test func rotatedRectIsCoveredInsideWithAntialiasedEdges() throws {
        let t = Transform3D.translation(-10, -10, 0).concatenating(.rotation(.pi / 4, 0, 0, 1))
            .concatenating(.translation(32, 32, 0))
        let list = DrawList(
            size: PixelSize(width: 64, height: 64),
            items: [rect(Rect(x: 0, y: 0, width: 20, height: 20), .white, transform: t)])
        let out = try render(list)
        #expect(out.pixel(x: 31, y: 31).r == 255)
        #expect(out.pixel(x: 40, y: 32).r == 255)
        #expect(out.pixel(x: 2, y: 2).r == 0)
        // Along row 31, the edge pixels between full and empty carry the rule's coverage (± 1 from rounding).
        let coverage = try #require(RectCoverage(transform: t, rect: Rect(x: 0, y: 0, width: 20, height: 20)))
        var partial = 0
        for x in 40..<50 {
            let expected = Int((coverage.coverage(atPixelX: x, y: 31) * 255).rounded())
            #expect(near(out.pixel(x: x, y: 31).r, expected))
            if expected > 0 && expected < 255 { partial += 1 }
        }
        #expect(partial >= 1)
    }

    @Test func perspectiveQuadCoversItsProjectedCorners() throws {
        let t = Transform3D.translation(-20, -20, 0).concatenating(.rotation(0.6, 0, 1, 0))
            .concatenating(.perspective(eyeDistance: 100)).concatenating(.translation(50, 50, 0))
        let list = DrawList(
            size: PixelSize(width: 100, height: 100),
            items: [rect(Rect(x: 0, y: 0, width: 40, height: 40), .white, transform: t)])
        let out = try render(list)
        for (inside, outside) in [
            ((2.0, 2.0), (-3.0, -3.0)), ((38.0, 38.0), (43.0, 43.0)), ((38.0, 2.0), (43.0, -3.0)),
        ] {
            let i = try #require(t.apply(to: Point(x: inside.0, y: inside.1)))
            let o = try #require(t.apply(to: Point(x: outside.0, y: outside.1)))
            #expect(out.pixel(x: Int(i.x), y: Int(i.y)).r == 255)
            #expect(out.pixel(x: Int(o.x), y: Int(o.y)).r == 0)
        }
    }

    static func image(_ pixels: [RGBA], width: Int, key: UInt64 = 1) -> RenderImage {
        let bytes = pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        return RenderImage(
            key: RenderImage.Key(source: 0, image: key),
            pixels: PixelBuffer(size: PixelSize(width: width, height: pixels.count / width), bytes: bytes))
    }

    @Test func imageNearestAndLinearMagnification() throws {
        let img = Self.image([(255, 0, 0, 255), (0, 0, 255, 255)], width: 2)
        func draw(_ filter: ImageFilter) throws -> PixelBuffer {
            try render(
                DrawList(
                    size: PixelSize(width: 8, height: 2),
                    items: [
                        .image(
                            ImageDraw(
                                transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 2), image: img,
                                source: Rect(x: 0, y: 0, width: 2, height: 1), magnificationFilter: filter))
                    ]))
        }
        let nearest = try draw(.nearest)
        #expect(nearest.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(nearest.pixel(x: 3, y: 1) == (255, 0, 0, 255))
        #expect(nearest.pixel(x: 4, y: 0) == (0, 0, 255, 255))
        #expect(nearest.pixel(x: 7, y: 1) == (0, 0, 255, 255))
        let linear = try draw(.linear)
        // Pixel 3's centre samples source x = 0.875: 0.375 of the way from the red centre to the blue one.
        let p = linear.pixel(x: 3, y: 0)
        #expect(near(p.r, 159) && near(p.b, 96) && p.a == 255)
        // Past the outer pixel centres the edge pixels extend (padding, not transparent).
        #expect(linear.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(linear.pixel(x: 7, y: 0) == (0, 0, 255, 255))
    }

    @Test func contentsRectOutsideTheImageExtendsTheEdges() throws {
        let img = Self.image([(255, 0, 0, 255), (0, 0, 255, 255)], width: 2)
        // Source x from −2 to 2: the left half of the quad reads left of the image.
        let out = try render(
            DrawList(
                size: PixelSize(width: 8, height: 1),
                items: [
                    .image(
                        ImageDraw(
                            transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 1), image: img,
                            source: Rect(x: -2, y: 0, width: 4, height: 1), magnificationFilter: .nearest))
                ]))
        for x in 0..<6 { #expect(out.pixel(x: x, y: 0) == (255, 0, 0, 255)) }
        #expect(out.pixel(x: 6, y: 0) == (0, 0, 255, 255))
    }

    @Test func clampToSourceStopsNineSliceBleeding() throws {
        let img = Self.image(
            [(255, 0, 0, 255), (255, 0, 0, 255), (0, 0, 255, 255), (0, 0, 255, 255)], width: 4)
        func draw(clamp: Bool) throws -> PixelBuffer {
            try render(
                DrawList(
                    size: PixelSize(width: 8, height: 1),
                    items: [
                        .image(
                            ImageDraw(
                                transform: .identity, rect: Rect(x: 0, y: 0, width: 8, height: 1), image: img,
                                source: Rect(x: 0, y: 0, width: 2, height: 1), clampToSource: clamp))
                    ]))
        }
        let clamped = try draw(clamp: true)
        for x in 0..<8 { #expect(clamped.pixel(x: x, y: 0) == (255, 0, 0, 255)) }
        // Without the clamp the last pixel blends in the blue neighbour.
        #expect(try draw(clamp: false).pixel(x: 7, y: 0).b > 0)
    }

    @Test func imageAlphaAndRotatedEdges() throws {
        let img = Self.image([(255, 255, 255, 255)], width: 1)
        let out = try render(
            DrawList(
                size: PixelSize(width: 4, height: 4),
                items: [
                    .image(
                        ImageDraw(
                            transform: .identity, rect: Rect(x: 0, y: 0, width: 2, height: 4), image: img,
                            source: Rect(x: 0, y: 0, width: 1, height: 1), alpha: 0.5)),
                    .image(
                        ImageDraw(
                            transform: .identity, rect: Rect(x: 2, y: 0, width: 1.5, height: 4), image: img,
                            source: Rect(x: 0, y: 0, width: 1, height: 1))),
                ]))
        #expect(near(out.pixel(x: 0, y: 0).r, 128))
        #expect(out.pixel(x: 2, y: 0).r == 255)
        // The quad's right edge at x = 3.5 half covers pixel 3.
        #expect(near(out.pixel(x: 3, y: 0).r, 128))
    }

    @Test func perspectiveImageSamplesThroughTheHomography() throws {
        let img = Self.image([(255, 0, 0, 255), (0, 0, 255, 255)], width: 2)
        let t = Transform3D.translation(-20, -20, 0).concatenating(.rotation(0.6, 0, 1, 0))
            .concatenating(.perspective(eyeDistance: 100)).concatenating(.translation(50, 50, 0))
        let out = try render(
            DrawList(
                size: PixelSize(width: 100, height: 100),
                items: [
                    .image(
                        ImageDraw(
                            transform: t, rect: Rect(x: 0, y: 0, width: 40, height: 40), image: img,
                            source: Rect(x: 0, y: 0, width: 2, height: 1), magnificationFilter: .nearest))
                ]))
        // Local x 8 and 14 read the red source pixel, 26 and 32 the blue one, wherever perspective puts them.
        for (x, red) in [(8.0, true), (14, true), (26, false), (32, false)] {
            let p = try #require(t.apply(to: Point(x: x, y: 20)))
            #expect(out.pixel(x: Int(p.x), y: Int(p.y)) == (red ? (255, 0, 0, 255) : (0, 0, 255, 255)))
        }
    }

    @Test func trilinearMinificationAveragesTheSource() throws {
        // 16×16 source columns: one white then three black, repeated; drawn 4×4, each output pixel spans 4 columns.
        var pixels: [RGBA] = []
        for _ in 0..<16 { for x in 0..<16 { pixels.append(x % 4 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255)) } }
        let img = Self.image(pixels, width: 16)
        func draw(_ filter: ImageFilter) throws -> PixelBuffer {
            try render(
                DrawList(
                    size: PixelSize(width: 4, height: 4),
                    items: [
                        .image(
                            ImageDraw(
                                transform: .identity, rect: Rect(x: 0, y: 0, width: 4, height: 4), image: img,
                                source: Rect(x: 0, y: 0, width: 16, height: 16), minificationFilter: filter))
                    ]))
        }
        // The convolution averages the columns: 255 / 4 = 63.75, ± 2 for its fixed-point weights.
        let trilinear = try draw(.trilinear)
        for y in 0..<4 { for x in 1..<3 { #expect(near(trilinear.pixel(x: x, y: y).r, 64, 2)) } }
        // Bilinear samples only the two black columns around each output pixel's centre.
        #expect(try draw(.linear).pixel(x: 1, y: 1).r == 0)
    }

    @Test func pathTriangleAndEvenOddHole() throws {
        var path = BezierPath()
        for (o, s) in [(4.0, 24.0), (10.0, 12.0)] {
            path.move(to: Point(x: o, y: o))
            path.addLine(to: Point(x: o + s, y: o))
            path.addLine(to: Point(x: o + s, y: o + s))
            path.addLine(to: Point(x: o, y: o + s))
            path.closeSubpath()
        }
        var triangle = BezierPath()
        triangle.move(to: Point(x: 0, y: 0))
        triangle.addLine(to: Point(x: 8, y: 0))
        triangle.addLine(to: Point(x: 0, y: 8))
        triangle.closeSubpath()
        let out = try render(
            DrawList(
                size: PixelSize(width: 40, height: 40),
                items: [
                    .path(PathDraw(transform: .identity, path: path, color: Self.green, evenOdd: true)),
                    .path(PathDraw(transform: .translation(30, 30, 0), path: triangle, color: Self.red)),
                ]))
        #expect(out.pixel(x: 6, y: 6) == (0, 255, 0, 255))
        #expect(out.pixel(x: 16, y: 16) == (0, 0, 0, 255))
        #expect(out.pixel(x: 2, y: 2) == (0, 0, 0, 255))
        #expect(out.pixel(x: 31, y: 31) == (255, 0, 0, 255))
        #expect(out.pixel(x: 37, y: 37) == (0, 0, 0, 255))
    }

    @Test func groupOpacityCompositesTheOverlapOnce() throws {
        let group = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 16, height: 16),
            items: [
                rect(Rect(x: 0, y: 0, width: 8, height: 8), Self.red),
                rect(Rect(x: 4, y: 0, width: 8, height: 8), Self.green),
            ],
            opacity: 0.5)
        let out = try render(DrawList(size: PixelSize(width: 16, height: 16), items: [.group(group)]))
        // Opacity 0.5 → 128/255: green 255 × 128/255 = 128 over black, exactly; no red shows through the overlap.
        #expect(out.pixel(x: 5, y: 2) == (0, 128, 0, 255))
        #expect(out.pixel(x: 1, y: 2) == (128, 0, 0, 255))
        #expect(out.pixel(x: 13, y: 2) == (0, 0, 0, 255))
    }

    @Test func maskGroupMultipliesByTheMaskAlpha() throws {
        let group = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 8, height: 8),
            items: [rect(Rect(x: 0, y: 0, width: 8, height: 8), .white)],
            opacity: 0.5, mask: [rect(Rect(x: 0, y: 0, width: 4, height: 8), Color(white: 0, alpha: 0.5))])
        let out = try render(DrawList(size: PixelSize(width: 8, height: 8), items: [.group(group)]))
        // 0.5 mask alpha × 0.5 opacity: 128 × 128 / 255 = 64 (± 1).
        #expect(near(out.pixel(x: 1, y: 1).r, 64))
        #expect(out.pixel(x: 5, y: 1) == (0, 0, 0, 255))
    }

    @Test func addedGroupsCrossFadeExactly() throws {
        func layer(_ color: Color) -> DrawItem {
            .group(
                GroupDraw(
                    bounds: PixelRect(x: 0, y: 0, width: 4, height: 4),
                    items: [rect(Rect(x: 0, y: 0, width: 4, height: 4), color)],
                    opacity: 0.5, blend: .add))
        }
        let parent = GroupDraw(
            bounds: PixelRect(x: 0, y: 0, width: 4, height: 4), items: [layer(Self.red), layer(Self.blue)])
        let renderer = SoftwareRenderer(size: PixelSize(width: 4, height: 4))
        let stats = try renderer.render(
            DrawList(size: PixelSize(width: 4, height: 4), clearColor: .white, items: [.group(parent)]), damage: .full)
        // 128 + 128 saturates the alpha at 255: the mix is opaque, nothing of the white shows.
        #expect(try renderer.readPixels(PixelRect(x: 2, y: 2, width: 1, height: 1)).bytes == [128, 0, 128, 255])
        #expect(stats.offscreenPasses == 3)
        #expect(stats.itemsDrawn == 2)
    }

    @Test func shadowIsABlurredOffsetCopyOfTheAlpha() throws {
        let sigma = 2.0
        let shadow = ShadowDraw(
            bounds: PixelRect(x: 0, y: 0, width: 40, height: 40),
            source: [rect(Rect(x: 14, y: 14, width: 4, height: 4), Self.red)],
            offsetX: 3.4, offsetY: -0.6, sigma: sigma, color: .black)
        let out = try render(
            DrawList(size: PixelSize(width: 40, height: 40), clearColor: .white, items: [.shadow(shadow)]))
        // The offset rounds to (3, −1): the shadowed square spans pixels x 17..<21, y 13..<17.
        let kernel = GaussianKernel(sigma: sigma)
        func expectedAlpha(_ x: Int, _ y: Int) -> Int {
            var sum = 0.0
            for sy in 13..<17 {
                for sx in 17..<21 {
                    let i = x - sx + kernel.radius
                    let j = y - sy + kernel.radius
                    guard i >= 0, i < kernel.weights.count, j >= 0, j < kernel.weights.count else { continue }
                    sum += Double(kernel.weights[i]) * Double(kernel.weights[j]) * 255
                }
            }
            return Int(sum.rounded())
        }
        // Black over white: the red channel is 255 − alpha (± 1 for the Float sums and the blend's rounding).
        for (x, y) in [(18, 14), (19, 15), (16, 15), (21, 15), (19, 19), (23, 11), (12, 15)] {
            #expect(near(out.pixel(x: x, y: y).r, 255 - expectedAlpha(x, y)))
        }
        // Symmetric about the shifted centre (19, 15), exactly.
        #expect(out.pixel(x: 16, y: 15) == out.pixel(x: 21, y: 15))
        #expect(out.pixel(x: 19, y: 12) == out.pixel(x: 19, y: 17))
        // The peak is below the colour's full alpha; far away nothing.
        #expect(out.pixel(x: 18, y: 14).r > 0)
        #expect(out.pixel(x: 2, y: 2) == (255, 255, 255, 255))
        // The source itself is not drawn.
        #expect(out.pixel(x: 15, y: 15).g == out.pixel(x: 15, y: 15).r)
    }

    @Test func damageLeavesOtherPixelsUntouched() throws {
        let size = PixelSize(width: 32, height: 32)
        let renderer = SoftwareRenderer(size: size)
        let first = DrawList(
            size: size, clearColor: .black, items: [rect(Rect(x: 0, y: 0, width: 32, height: 32), Self.red)])
        let full = try renderer.render(first, damage: .full)
        #expect(full.pixelsRedrawn == 32 * 32)
        #expect(full.itemsDrawn == 1)
        // The next list is all green, but only two overlapping rectangles are damaged.
        let second = DrawList(
            size: size, clearColor: .black, items: [rect(Rect(x: 0, y: 0, width: 32, height: 32), Self.green)])
        let damage = [PixelRect(x: 4, y: 4, width: 8, height: 8), PixelRect(x: 8, y: 8, width: 8, height: 8)]
        let stats = try renderer.render(second, damage: .region(damage))
        #expect(stats.pixelsRedrawn == 64 + 64 - 16)
        let out = try renderer.readPixels(PixelRect(size: size))
        #expect(out.pixel(x: 4, y: 4) == (0, 255, 0, 255))
        #expect(out.pixel(x: 15, y: 15) == (0, 255, 0, 255))
        #expect(out.pixel(x: 3, y: 4) == (255, 0, 0, 255))
        #expect(out.pixel(x: 12, y: 4) == (255, 0, 0, 255))
        #expect(out.pixel(x: 16, y: 16) == (255, 0, 0, 255))
        // Nothing damaged: nothing drawn, nothing changed.
        let third = DrawList(
            size: size, clearColor: .white, items: [rect(Rect(x: 0, y: 0, width: 32, height: 32), Self.blue)])
        let idle = try renderer.render(third, damage: .region([]))
        #expect(idle.pixelsRedrawn == 0 && idle.itemsDrawn == 0)
        #expect(try renderer.readPixels(PixelRect(size: size)) == out)
        // An item outside the damage is culled.
        let culled = try renderer.render(
            DrawList(size: size, items: [rect(Rect(x: 20, y: 20, width: 4, height: 4), .white)]),
            damage: .region([PixelRect(x: 0, y: 0, width: 4, height: 4)]))
        #expect(culled.itemsDrawn == 0)
    }

    @Test func aNewSizeRedrawsEverything() throws {
        let renderer = SoftwareRenderer(size: PixelSize(width: 8, height: 8))
        _ = try renderer.render(DrawList(size: PixelSize(width: 8, height: 8)), damage: .full)
        let stats = try renderer.render(
            DrawList(size: PixelSize(width: 12, height: 6), clearColor: .white), damage: .region([]))
        #expect(stats.pixelsRedrawn == 72)
        #expect(try renderer.readPixels(PixelRect(x: 11, y: 5, width: 1, height: 1)).bytes == [255, 255, 255, 255])
    }

    @Test func readPixelsIsPremultipliedRGBATopRowFirst() throws {
        let size = PixelSize(width: 4, height: 3)
        let renderer = SoftwareRenderer(size: size)
        _ = try renderer.render(
            DrawList(
                size: size, clearColor: .clear,
                items: [
                    rect(Rect(x: 1, y: 0, width: 2, height: 1), Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.6)),
                    rect(Rect(x: 0, y: 2, width: 4, height: 1), Self.blue),
                ]),
            damage: .full)
        let out = try renderer.readPixels(PixelRect(x: 1, y: 0, width: 2, height: 3))
        #expect(out.size == PixelSize(width: 2, height: 3))
        // 0.6 → 153; premultiplied 1 × 0.6 → 153, 0.5 × 0.6 → 77 (76.5 rounds up), 0.25 × 0.6 → 38.
        #expect(Array(out.bytes[0..<8]) == [153, 77, 38, 153, 153, 77, 38, 153])
        #expect(Array(out.bytes[8..<16]) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(out.bytes[16..<24]) == [0, 0, 255, 255, 0, 0, 255, 255])
    }

    @Test func unionAreaCountsOverlapsOnce() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 5, y: 5, width: 10, height: 10)
        let c = PixelRect(x: 30, y: 0, width: 2, height: 3)
        let empty = PixelRect(x: 3, y: 3, width: 0, height: 9)
        #expect(SoftwareRenderer.unionArea([]) == 0)
        #expect(SoftwareRenderer.unionArea([empty]) == 0)
        #expect(SoftwareRenderer.unionArea([a, empty]) == 100)
        #expect(SoftwareRenderer.unionArea([a, a]) == 100)
        #expect(SoftwareRenderer.unionArea([a, b]) == 175)
        #expect(SoftwareRenderer.unionArea([c, b, empty, a]) == 181)
        // A rectangle inside another adds nothing.
        #expect(SoftwareRenderer.unionArea([a, PixelRect(x: 2, y: 2, width: 3, height: 3)]) == 100)
    }
}
