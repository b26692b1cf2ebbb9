import AnimImage

/// A frame or part of one as the renderers produce it: premultiplied RGBA8 (bytes R, G, B, A), sRGB, the top
/// row first, no padding between rows. Screenshots, goldens and renderer comparisons all use this layout.
public struct PixelBuffer: Hashable, Sendable {
    public let size: PixelSize
    /// `width × height × 4` bytes.
    public var bytes: [UInt8]

    /// Traps unless `bytes` holds exactly `width × height × 4` bytes.
    public init(size: PixelSize, bytes: [UInt8]) {
        precondition(size.width >= 0 && size.height >= 0 && bytes.count == size.pixelCount * 4, "PixelBuffer \(size)")
        self.size = size
        self.bytes = bytes
    }

    /// Every pixel transparent black.
    public init(size: PixelSize) {
        self.init(size: size, bytes: [UInt8](repeating: 0, count: size.pixelCount * 4))
    }

    /// The premultiplied pixel in column `x`, row `y` (row 0 is the top). Traps when outside.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "pixel (\(x), \(y)) outside \(size)")
        let i = (y * size.width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The pixels of `rect`, which must lie inside the buffer.
    public func cropped(to rect: PixelRect) -> PixelBuffer {
        precondition(PixelRect(size: size).contains(rect), "crop \(rect) outside \(size)")
        var out = [UInt8]()
        out.reserveCapacity(rect.pixelCount * 4)
        for row in rect.y..<rect.maxY {
            let start = (row * size.width + rect.x) * 4
            out.append(contentsOf: bytes[start..<start + rect.width * 4])
        }
        return PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), bytes: out)
    }
}

extension PixelBuffer {
    /// The image with straight alpha, as PNG stores it (a transparent pixel becomes 0, 0, 0, 0).
    public var pngImage: PNGImage {
        PNGImage(width: max(1, size.width), height: max(1, size.height), premultipliedPixels: bytes)
    }

    /// `image` premultiplied (rounded to nearest).
    public init(premultiplying image: PNGImage) {
        self.init(size: PixelSize(width: image.width, height: image.height), bytes: image.premultipliedPixels)
    }
}
