import AnimCore
import AnimTestSupport
import Testing

@testable import AnimRender

/// Filters in both renderers (docs/core-animation-rules.md#filters): exact values of a blend mode, a colour matrix,
/// a blur and a backdrop, the compiler's groups for a filtered layer, and the damage a backdrop's blur reads.
@Suite("Filters", .serialized)
struct FilterRenderingTests {
    static let size = PixelSize(width: 32, height: 32)
    static let whole = PixelRect(x: 0, y: 0, width: 32, height: 32)

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) -> DrawItem {
        .rect(RectDraw(transform: .identity, rect: Rect(x: x, y: y, width: w, height: h), color: color))
    }

    static func channels(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [Int] {
        [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Each renderer's pixel at (x, y) within `tolerance` of `expected` (0…255 per channel).
    static func expectBoth(
        _ frames: (software: PixelBuffer, gles: PixelBuffer), x: Int, y: Int, _ expected: [Int], tolerance: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, frame) in [("software", frames.software), ("gles", frames.gles)] {
            let got = channels(frame.pixel(x: x, y: y))
            let close = zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }
            #expect(close, "\(name) at (\(x), \(y)): \(got), expected \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func blendModesMixWithWhatLiesBelow() throws {
        // Backdrop (0.8, 0.4, 0.2) opaque; source (0.5, 1, 0.25) opaque.
        let below = Self.box(0, 0, 32, 32, Color(red: 0.8, green: 0.4, blue: 0.2))
        func frame(_ mode: BlendMode) throws -> (software: PixelBuffer, gles: PixelBuffer) {
            let group = GroupDraw(
                bounds: Self.whole, items: [Self.box(0, 0, 32, 32, Color(red: 0.5, green: 1, blue: 0.25))],
                blend: .blend(mode))
            return try TestRenderers.drawBoth(DrawList(size: Self.size, items: [below, .group(group)]))
        }
        // multiply: cb·cs.
        Self.expectBoth(try frame(.multiply), x: 5, y: 5, [102, 102, 13, 255])
        // screen: cb + cs − cb·cs.
        Self.expectBoth(try frame(.screen), x: 5, y: 5, [230, 255, 102, 255])
        // difference: |cb − cs|.
        Self.expectBoth(try frame(.difference), x: 5, y: 5, [76, 153, 13, 255])
        // luminosity: the backdrop's hue and saturation with the source's luminosity (0.3·0.5 + 0.59 + 0.11·0.25
        // = 0.7675 against 0.494): every channel raised by 0.2735, then clipped into range around that luminosity.
        let lum = try frame(.luminosity)
        let software = Self.channels(lum.software.pixel(x: 5, y: 5))
        #expect(software[0] > software[1] && software[1] > software[2] && software[3] == 255, "\(software)")
        let l = (0.3 * Double(software[0]) + 0.59 * Double(software[1]) + 0.11 * Double(software[2])) / 255
        #expect(abs(l - 0.7675) < 0.01, "\(software)")
        Self.expectBoth(lum, x: 5, y: 5, software, tolerance: 2)
    }

    @Test func aBlendModeOverTransparentPixelsIsSourceOver() throws {
        let group = GroupDraw(
            bounds: Self.whole, items: [Self.box(0, 0, 16, 32, Color(red: 0.5, green: 1, blue: 0.25, alpha: 0.5))],
            blend: .blend(.multiply))
        let frames = try TestRenderers.drawBoth(DrawList(size: Self.size, clearColor: .clear, items: [.group(group)]))
        Self.expectBoth(frames, x: 4, y: 4, [64, 128, 32, 128])
        Self.expectBoth(frames, x: 20, y: 4, [0, 0, 0, 0], tolerance: 0)
    }

    @Test func aColorMatrixMapsStraightColour() throws {
        // Red and blue swapped, alpha halved, 0.1 added to green.
        let swap: [Float] = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0.1, 1, 0, 0, 0, 0, 0, 0, 0, 0.5, 0]
        let group = GroupDraw(
            bounds: Self.whole, items: [Self.box(0, 0, 32, 32, Color(red: 0.8, green: 0.4, blue: 0.2))],
            filters: [.colorMatrix(swap)])
        let frames = try TestRenderers.drawBoth(DrawList(size: Self.size, clearColor: .clear, items: [.group(group)]))
        // Straight (0.2, 0.5, 0.8) at alpha 0.5, premultiplied.
        Self.expectBoth(frames, x: 8, y: 8, [26, 64, 102, 128])
    }

    @Test func aBlurSpreadsTheGroupAndKeepsItsTotal() throws {
        let sigma = 2.0
        let reach = GaussianKernel.reach(sigma: sigma)
        let group = GroupDraw(
            bounds: PixelRect(x: 12 - reach, y: 12 - reach, width: 8 + 2 * reach, height: 8 + 2 * reach),
            items: [Self.box(12, 12, 8, 8, .white)], filters: [.blur(sigma: sigma)])
        let frames = try TestRenderers.drawBoth(DrawList(size: Self.size, clearColor: .clear, items: [.group(group)]))
        for frame in [frames.software, frames.gles] {
            var total = 0
            for y in 0..<32 { for x in 0..<32 { total += Int(frame.pixel(x: x, y: y).a) } }
            // 64 opaque pixels spread out: the sum stays within rounding of 64 × 255.
            #expect(abs(total - 64 * 255) < 64 * 255 / 50, "\(total)")
            #expect(frame.pixel(x: 10, y: 16).a > 0 && frame.pixel(x: 16, y: 16).a < 255)
            #expect(frame.pixel(x: 16, y: 16).r == frame.pixel(x: 16, y: 16).a)
        }
        #expect(
            try GoldenImage.compare(frames.gles, against: frames.software, RenderTolerance.crossRenderer, label: "blur")
                .passes)
    }

    @Test func aBackdropBlursWhatLiesBelowOnlyInsideTheShape() throws {
        // One-pixel black and white columns: blurred, the middle of the shape is an even grey.
        var stripes: [DrawItem] = [Self.box(0, 0, 32, 32, .white)]
        for x in stride(from: 0, to: 32, by: 2) { stripes.append(Self.box(Double(x), 0, 1, 32, .black)) }
        let shape = Rect(x: 8, y: 8, width: 16, height: 16)
        let backdrop = BackdropDraw(
            transform: .identity, rect: shape, radii: CornerRadii(radius: 4), filters: [.blur(sigma: 2)],
            bounds: PixelRect(x: 8, y: 8, width: 16, height: 16))
        let group = GroupDraw(bounds: backdrop.bounds, items: [], backdrop: backdrop)
        let frames = try TestRenderers.drawBoth(DrawList(size: Self.size, items: stripes + [.group(group)]))
        Self.expectBoth(frames, x: 16, y: 16, [128, 128, 128, 255], tolerance: 2)
        Self.expectBoth(frames, x: 17, y: 16, [128, 128, 128, 255], tolerance: 2)
        // Outside the shape, and in its rounded corner, the stripes are untouched.
        Self.expectBoth(frames, x: 6, y: 16, [0, 0, 0, 255], tolerance: 0)
        Self.expectBoth(frames, x: 7, y: 16, [255, 255, 255, 255], tolerance: 0)
        Self.expectBoth(frames, x: 8, y: 8, [0, 0, 0, 255], tolerance: 0)
        #expect(
            try GoldenImage.compare(
                frames.gles, against: frames.software, RenderTolerance.crossRenderer, label: "backdrop"
            ).passes)
    }

    @Test func aFilteredLayerCompilesToOneGroupWithItsFiltersAndOpacity() throws {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 20, y: 20, width: 40, height: 40)) {
                $0.backgroundColor = red
                $0.transform = .scale(2, 2, 1)
                $0.opacity = 0.5
                $0.cornerRadius = 5
                $0.filters = [.gaussianBlur(name: "blur", inputRadius: 3), .gaussianBlur(name: "none", inputRadius: 0)]
                $0.backgroundFilters = [.gaussianBlur(name: "frost", inputRadius: 1)]
                $0.compositingFilter = "screen"
            }, root: true)
        let items = t.compile().items
        try #require(items.count == 1)
        guard case .group(let g) = items[0] else {
            Issue.record("\(items)")
            return
        }
        // σ = inputRadius × √(area scale 4); a blur of radius 0 is dropped.
        #expect(g.filters == [.blur(sigma: 6)])
        #expect(g.backdrop?.filters == [.blur(sigma: 2)])
        #expect(g.backdrop?.bounds == PixelRect(x: 0, y: 0, width: 80, height: 80))
        #expect(g.blend == .blend(.screen))
        #expect(g.opacity == 0.5)
        // The content (80×80 at 0, 0 after scaling about the centre) grown by the blur's reach 18, within the
        // output grown by it.
        #expect(g.bounds == PixelRect(x: -18, y: -18, width: 116, height: 116))
        #expect(g.items.count == 1)
    }

    @Test func aChangeWithinABackdropsBlurDamagesItsShape() {
        let tracker = DamageTracker()
        let backdrop = BackdropDraw(
            transform: .identity, rect: Rect(x: 10, y: 10, width: 10, height: 10), radii: .zero,
            filters: [.blur(sigma: 2)], bounds: PixelRect(x: 10, y: 10, width: 10, height: 10))
        let glass = DrawItem.group(GroupDraw(bounds: backdrop.bounds, items: [], backdrop: backdrop))
        let size = PixelSize(width: 64, height: 64)
        _ = tracker.damage(for: DrawList(size: size, items: [Self.box(22, 10, 4, 4, red), glass]))
        // The box moved from 2 to 8 pixels right of the shape: the blur (reach 6) read its old place.
        let damage = tracker.damage(for: DrawList(size: size, items: [Self.box(28, 10, 4, 4, red), glass]))
        guard case .region(let rects) = damage else {
            Issue.record("\(damage)")
            return
        }
        #expect(rects.contains { $0.intersection(backdrop.bounds) == backdrop.bounds }, "\(rects)")
    }
}
