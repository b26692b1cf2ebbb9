import AnimCore
import AnimRender
import CPixman

/// The reference the software renderer is measured against: pixman writing the same pixel area the
/// renderer writes, with nothing else (no coverage, no clipping, no compile): the damaged area filled with
/// the clear colour, then solid colours composited over the pixel boxes the frame's draw list covers.
final class PixmanReference {
    private let target: OpaquePointer
    private let size: PixelSize

    init(size: PixelSize) {
        self.size = size
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(size.width), Int32(size.height), nil, 0)
        else {
            preconditionFailure("pixman could not allocate a \(size) buffer")
        }
        target = image
    }

    deinit { pixman_image_unref(target) }

    /// The pixel boxes and premultiplied colours of the list's rectangles (groups and other kinds are not in
    /// the benchmark's scene).
    static func boxes(of list: DrawList, within damage: Damage) -> [(PixelRect, pixman_color_t)] {
        let area = PixelRect(size: list.size)
        let limits: [PixelRect]
        switch damage {
        case .full: limits = [area]
        case .region(let rects): limits = rects
        }
        var out: [(PixelRect, pixman_color_t)] = []
        for item in list.items {
            guard case .rect(let r) = item,
                let origin = r.transform.apply(to: r.rect.origin),
                let box = PixelRect(covering: Rect(origin: origin, size: r.rect.size))?.intersection(area)
            else { continue }
            let p = r.color.premultiplied
            let color = pixman_color_t(
                red: UInt16(p.r * 65535), green: UInt16(p.g * 65535), blue: UInt16(p.b * 65535),
                alpha: UInt16(p.a * 65535))
            for limit in limits {
                if let clipped = box.intersection(limit) { out.append((clipped, color)) }
            }
        }
        return out
    }

    /// Fills `cleared` with opaque black, then composites every box source over.
    func composite(_ boxes: [(PixelRect, pixman_color_t)], clearing cleared: [PixelRect]) {
        var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0xFFFF)
        var rects = cleared.map {
            pixman_rectangle16_t(x: Int16($0.x), y: Int16($0.y), width: UInt16($0.width), height: UInt16($0.height))
        }
        _ = pixman_image_fill_rectangles(PIXMAN_OP_SRC, target, &black, Int32(rects.count), &rects)
        for (box, var color) in boxes {
            guard let solid = pixman_image_create_solid_fill(&color) else { continue }
            pixman_image_composite32(
                PIXMAN_OP_OVER, solid, nil, target, 0, 0, 0, 0, Int32(box.x), Int32(box.y), Int32(box.width),
                Int32(box.height))
            pixman_image_unref(solid)
        }
    }
}
