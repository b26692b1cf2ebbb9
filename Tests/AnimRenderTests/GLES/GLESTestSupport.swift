import AnimCore
import Testing

@testable import AnimRender

/// Shared by the GLES and tile tests: a renderer, whole-frame renders and small test images.
enum GLESTest {
    static func renderer(_ size: Int = 64, maxTextureSize: Int? = nil) throws -> GLESRenderer {
        try GLESRenderer(size: PixelSize(width: size, height: size), maxTextureSize: maxTextureSize)
    }

    /// Renders `items` on transparent black over the whole output and reads every pixel back.
    static func frame(
        _ renderer: GLESRenderer, _ items: [DrawItem], size: Int = 64, clear: Color = .clear
    ) throws -> PixelBuffer {
        let list = DrawList(size: PixelSize(width: size, height: size), clearColor: clear, items: items)
        _ = try renderer.render(list, damage: .full)
        return try renderer.readPixels(PixelRect(size: list.size))
    }

    static func rgba(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [Int] {
        [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// An image whose pixel (x, y) is `pixel(x, y)` (premultiplied RGBA).
    static func image(
        key: UInt64, width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) -> RenderImage {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [p.0, p.1, p.2, p.3]
            }
        }
        return RenderImage(
            key: RenderImage.Key(source: 7, image: key),
            pixels: PixelBuffer(size: PixelSize(width: width, height: height), bytes: bytes))
    }

    /// The CPU reference of a white rectangle drawn source over on transparent black: 255 × coverage in every
    /// channel.
    static func reference(_ coverage: RectCoverage, size: Int) -> PixelBuffer {
        let a = coverage.rasterize(area: PixelRect(x: 0, y: 0, width: size, height: size))
        return PixelBuffer(size: PixelSize(width: size, height: size), bytes: a.flatMap { [$0, $0, $0, $0] })
    }
}
