import AnimCore
import AnimRender
import CCairo

/// The arrow the server draws for the pointer: a black arrow with a white outline, drawn once with cairo when
/// the output starts. Its tip, the hotspot, is the pointer's position.
public struct CursorImage: Sendable {
    /// The image's key among the scene images: a source no client session has (sessions count up from 1, the
    /// splash is `.max`).
    static let imageKey = RenderImage.Key(source: .max - 1, image: 0)

    public let pixels: PixelBuffer
    /// The pixel of the image at the pointer's position.
    public let hotspot: Point

    /// The arrow's outline in image pixels, from the tip: the classic pointer (left edge straight down, a tail
    /// towards the bottom right).
    static let outline: [(Double, Double)] = [
        (1.5, 1.5), (1.5, 18.5), (5.5, 14.5), (8.5, 21.5), (11.0, 20.5), (8.0, 13.5), (13.5, 13.5),
    ]
    static let size = PixelSize(width: 16, height: 24)

    public static let arrow = CursorImage()

    private init() {
        let size = Self.size
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size.width)))
        var bgra = [UInt8](repeating: 0, count: stride * size.height)
        bgra.withUnsafeMutableBytes { buffer in
            guard
                let surface = cairo_image_surface_create_for_data(
                    buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width),
                    Int32(size.height), Int32(stride))
            else { return }
            let cr = cairo_create(surface)
            for (i, p) in Self.outline.enumerated() {
                if i == 0 { cairo_move_to(cr, p.0, p.1) } else { cairo_line_to(cr, p.0, p.1) }
            }
            cairo_close_path(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_fill_preserve(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_line_width(cr, 1)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        // cairo's ARGB32 is a native-endian word: B, G, R, A in memory here; the scene images are RGBA.
        var rgba = [UInt8](repeating: 0, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let s = y * stride + x * 4
                let d = (y * size.width + x) * 4
                rgba[d] = bgra[s + 2]
                rgba[d + 1] = bgra[s + 1]
                rgba[d + 2] = bgra[s]
                rgba[d + 3] = bgra[s + 3]
            }
        }
        pixels = PixelBuffer(size: size, bytes: rgba)
        hotspot = Point(x: 1, y: 1)
    }
}
