/// The CPU side of a tile: its texture's pixels copied out of the image (converted to RGBA), the border
/// taken from the neighbouring tiles and, outside the image, from the image's edge pixels; for an image drawn on
/// demand, what its `TileSource` draws.
enum TileRaster {
    /// Premultiplied RGBA8, top row first, `grid.texture(of: tile)`'s size.
    static func pixels(of image: RenderImage, tile: TileIndex, grid: TileGrid) -> [UInt8] {
        if let source = image.tileSource { return source.pixels(of: tile, grid: grid) }
        return pixels(of: image, area: grid.texture(of: tile))
    }

    /// The pixels of `area` (image coordinates, possibly reaching outside the image, where the nearest edge pixel
    /// repeats) as premultiplied RGBA8, top row first. `image` holds its pixels (not drawn on demand).
    static func pixels(of image: RenderImage, area: PixelRect) -> [UInt8] {
        precondition(image.tileSource == nil, "the pixels of image \(image.key), drawn on demand, read as a whole")
        var out = [UInt8](repeating: 0, count: area.pixelCount * 4)
        let swap = image.format == .bgra8Premultiplied
        // Columns clamped once: the inside run is copied as a block, the edge columns repeat.
        let firstInside = min(max(area.x, 0), image.width - 1)
        let lastInside = min(max(area.maxX - 1, 0), image.width - 1)
        out.withUnsafeMutableBytes { dst in
            for j in 0..<area.height {
                let sy = min(max(area.y + j, 0), image.height - 1)
                let srcRow = sy * image.stride
                let dstRow = j * area.width * 4
                for i in 0..<area.width {
                    let sx = min(max(area.x + i, firstInside), lastInside)
                    let s = srcRow + sx * 4
                    let d = dstRow + i * 4
                    if swap {
                        dst[d] = image.bytes[s + 2]
                        dst[d + 1] = image.bytes[s + 1]
                        dst[d + 2] = image.bytes[s]
                    } else {
                        dst[d] = image.bytes[s]
                        dst[d + 1] = image.bytes[s + 1]
                        dst[d + 2] = image.bytes[s + 2]
                    }
                    dst[d + 3] = image.bytes[s + 3]
                }
            }
        }
        return out
    }
}
