import AnimCore
import AnimTestSupport
import Testing

@testable import AnimRender

/// The same draw lists through both renderers. Stated tolerance: no channel off by more than 2/255 on at least
/// 99.9 % of the pixels (`RenderTolerance.crossRenderer`).
@Suite("GLES against software", .serialized)
struct GLESSoftwareComparisonTests {
    static let size = 96

    static let photo = GLESTest.image(key: 200, width: 40, height: 30) { x, y in
        let a = UInt8(155 + (x * 100) / 40)
        func pm(_ v: Int) -> UInt8 { UInt8(v * Int(a) / 255) }
        return (pm((x * 6) & 255), pm((y * 8) & 255), pm(((x + y) * 3) & 255), a)
    }

    static func rect(
        _ t: Transform3D, _ r: Rect, radius: Double = 0, _ c: Color, border: Double? = nil, clip: PixelRect? = nil
    ) -> DrawItem {
        .rect(
            RectDraw(
                transform: t, rect: r, radii: CornerRadii(radius: radius), color: c, borderWidth: border, clip: clip))
    }

    static let scenes: [(String, [DrawItem])] = [
        (
            "rects and borders",
            [
                rect(
                    .translation(5, 5, 0), Rect(x: 0, y: 0, width: 60, height: 40), radius: 10,
                    Color(red: 0.9, green: 0.2, blue: 0.1)),
                rect(
                    Transform3D.rotation(0.5, 0, 0, 1).concatenating(.translation(50, 30, 0)),
                    Rect(x: -20, y: -15, width: 40, height: 30), radius: 6,
                    Color(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.7),
                    border: 3),
                rect(
                    .translation(10.5, 60.25, 0), Rect(x: 0, y: 0, width: 70, height: 20), Color(white: 1, alpha: 0.4),
                    clip: PixelRect(x: 0, y: 0, width: 50, height: 96)),
            ]
        ),
        (
            "perspective",
            [
                rect(
                    Transform3D.translation(-30, -30, 0).concatenating(.rotation(0.7, 1, 1, 0))
                        .concatenating(.perspective(eyeDistance: 150)).concatenating(.translation(48, 48, 0)),
                    Rect(x: 0, y: 0, width: 60, height: 60), radius: 8, Color(red: 0.3, green: 0.8, blue: 0.4))
            ]
        ),
        (
            "images",
            [
                .image(
                    ImageDraw(
                        transform: Transform3D.scale(1.5, 1.5, 1).concatenating(.translation(4, 4, 0)),
                        rect: Rect(x: 0, y: 0, width: 40, height: 30), image: photo,
                        source: Rect(x: 0, y: 0, width: 40, height: 30), magnificationFilter: .nearest)),
                .image(
                    ImageDraw(
                        transform: Transform3D.rotation(0.2, 0, 0, 1).concatenating(.translation(40, 50, 0)),
                        rect: Rect(x: 0, y: 0, width: 40, height: 30), image: photo,
                        source: Rect(x: 0, y: 0, width: 40, height: 30), alpha: 0.8)),
            ]
        ),
        (
            "group, mask and shadow",
            [
                .shadow(
                    ShadowDraw(
                        bounds: PixelRect(x: 0, y: 0, width: 96, height: 96),
                        source: [
                            rect(.translation(20, 20, 0), Rect(x: 0, y: 0, width: 40, height: 30), radius: 6, .white)
                        ],
                        offsetX: 3, offsetY: 4, sigma: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))),
                .group(
                    GroupDraw(
                        bounds: PixelRect(x: 10, y: 10, width: 70, height: 70),
                        items: [
                            rect(
                                .translation(15, 15, 0), Rect(x: 0, y: 0, width: 40, height: 40),
                                Color(red: 1, green: 0.8, blue: 0)),
                            rect(
                                .translation(35, 35, 0), Rect(x: 0, y: 0, width: 40, height: 40),
                                Color(red: 0, green: 0.4, blue: 1)),
                        ],
                        opacity: 0.6,
                        mask: [
                            rect(.translation(12, 12, 0), Rect(x: 0, y: 0, width: 60, height: 60), radius: 30, .black)
                        ])),
            ]
        ),
    ]

    @Test(arguments: 0..<4) func bothRenderersDrawTheSamePixels(index: Int) throws {
        let (name, items) = Self.scenes[index]
        let size = PixelSize(width: Self.size, height: Self.size)
        let list = DrawList(size: size, clearColor: Color(red: 0.2, green: 0.2, blue: 0.25), items: items)
        let frames = try TestRenderers.drawBoth(list)
        let comparison = PixelComparison(
            actual: frames.gles, expected: frames.software, tolerance: RenderTolerance.crossRenderer)
        #expect(comparison.passes, "\(name): \(comparison)")
    }
}
