/// The carousel's banners, drawn here rather than loaded, so the app needs no image files: banner `index` is a
/// left-to-right gradient between two colours of its own with `index + 1` white discs along its middle, so a
/// frame tells which banner shows and a piece of it tells where it was.
enum BannerArt {
    /// Opaque (start, end) colours, 0…255.
    static let palettes: [((Int, Int, Int), (Int, Int, Int))] = [
        ((230, 90, 70), (250, 190, 60)),
        ((30, 150, 140), (60, 90, 200)),
        ((130, 60, 190), (230, 80, 150)),
        ((70, 160, 60), (200, 220, 70)),
    ]

    static var count: Int { palettes.count }

    /// Premultiplied RGBA, `width * height * 4` bytes, opaque.
    static func pixels(index: Int, width: Int, height: Int) -> [UInt8] {
        let (start, end) = palettes[index % palettes.count]
        let discs = index % palettes.count + 1
        let radius = Double(min(width / (2 * discs + 1), height / 3)) / 2
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let f = width > 1 ? Double(x) / Double(width - 1) : 0
                var rgb = [
                    Double(start.0) + (Double(end.0) - Double(start.0)) * f,
                    Double(start.1) + (Double(end.1) - Double(start.1)) * f,
                    Double(start.2) + (Double(end.2) - Double(start.2)) * f,
                ]
                // Disc d is centred at the (2d + 1)th of 2·discs + 1 equal columns.
                let slot = Double(width) / Double(2 * discs + 1)
                for d in 0..<discs {
                    let cx = slot * (Double(2 * d + 1) + 0.5)
                    let cy = Double(height) / 2
                    let dx = Double(x) + 0.5 - cx
                    let dy = Double(y) + 0.5 - cy
                    if dx * dx + dy * dy <= radius * radius { rgb = [255, 255, 255] }
                }
                let i = (y * width + x) * 4
                out[i] = UInt8(rgb[0].rounded())
                out[i + 1] = UInt8(rgb[1].rounded())
                out[i + 2] = UInt8(rgb[2].rounded())
            }
        }
        return out
    }
}
