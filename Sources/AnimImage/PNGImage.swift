import AnimCore
import CPNG

/// An 8-bit RGBA image in memory, read from and written to PNG through libpng's simplified API.
///
/// `pixels` holds `width * height * 4` bytes: red, green, blue, alpha per pixel, straight (not premultiplied)
/// alpha, sRGB, the top row first, no padding between rows.
public struct PNGImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Changed only through `setPixel(x:y:to:)`, so the byte count always matches the size.
    public private(set) var pixels: [UInt8]

    /// The most pixels a decoded image may have (8192 x 8192). A larger header is refused before any pixel
    /// memory is allocated, so a small hostile file cannot ask for gigabytes.
    public static let maximumPixelCount = 8192 * 8192

    /// Wraps `pixels` (RGBA8, straight alpha, top row first). Traps unless `width` and `height` are at least 1
    /// and `pixels` holds exactly `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 1 && height >= 1, "PNGImage needs a size of at least 1x1, got \(width)x\(height)")
        let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
        precondition(!overflow && pixels.count == count, "PNGImage \(width)x\(height) needs \(count) bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of `width` x `height` pixels, every one `fill` (clamped to [0, 1], rounded to 8 bits).
    public init(width: Int, height: Int, fill: Color) {
        precondition(width >= 1 && height >= 1, "PNGImage needs a size of at least 1x1, got \(width)x\(height)")
        let rgba = Self.rgba8(fill)
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            pixels.append(rgba.r)
            pixels.append(rgba.g)
            pixels.append(rgba.b)
            pixels.append(rgba.a)
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel in column `x`, row `y` (row 0 is the top). Traps when outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = byteOffset(x: x, y: y)
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Replaces the pixel in column `x`, row `y`. Traps when outside the image.
    public mutating func setPixel(x: Int, y: Int, to rgba: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let i = byteOffset(x: x, y: y)
        pixels[i] = rgba.r
        pixels[i + 1] = rgba.g
        pixels[i + 2] = rgba.b
        pixels[i + 3] = rgba.a
    }

    /// `color` clamped to [0, 1] and rounded to 8 bits per channel.
    public static func rgba8(_ color: Color) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let c = color.clamped
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        return (byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
    }

    private func byteOffset(x: Int, y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return (y * width + x) * 4
    }
}

// MARK: - Reading and decoding

extension PNGImage {
    /// Reads and decodes the PNG file at `path`. Any PNG libpng understands (grey, palette, 16-bit, interlaced)
    /// comes back as 8-bit sRGB RGBA.
    public static func read(contentsOf path: String) throws(PNGError) -> PNGImage {
        var image = newControl()
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw .readFailed(path: path, message: message(of: image))
        }
        return try finishRead(&image, path: path)
    }

    /// Decodes PNG bytes held in memory.
    public static func decode(_ data: [UInt8]) throws(PNGError) -> PNGImage {
        let result = data.withUnsafeBytes { bytes -> Result<PNGImage, PNGError> in
            var image = newControl()
            defer { png_image_free(&image) }
            // libpng reads from `bytes` until png_image_finish_read returns, so both calls stay in this closure.
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.decodeFailed(message: message(of: image)))
            }
            return Result { () throws(PNGError) in try finishRead(&image, path: nil) }
        }
        return try result.get()
    }

    private static func finishRead(_ image: inout png_image, path: String?) throws(PNGError) -> PNGImage {
        let width = Int(image.width)
        let height = Int(image.height)
        guard width * height <= maximumPixelCount else {
            throw .tooLarge(path: path, width: width, height: height)
        }
        image.format = rgbaFormat
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let text = message(of: image)
            if let path { throw .readFailed(path: path, message: text) }
            throw .decodeFailed(message: text)
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }
}

// MARK: - Encoding and writing

extension PNGImage {
    /// Encodes the image and writes it to `path`, replacing any file there.
    public func write(to path: String) throws(PNGError) {
        var image = control()
        defer { png_image_free(&image) }
        let ok = pixels.withUnsafeBytes { buffer in
            png_image_write_to_file(&image, path, 0, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else { throw .writeFailed(path: path, message: Self.message(of: image)) }
    }

    /// The image encoded as PNG bytes.
    public func encoded() throws(PNGError) -> [UInt8] {
        // Room for the uncompressed rows, so one pass almost always suffices.
        try encoded(initialCapacity: pixels.count + height + pixels.count / 64 + 1024)
    }

    /// Encodes into a buffer of `initialCapacity` bytes; when libpng reports that it needs more, encodes once
    /// more into a buffer of the size it asked for.
    func encoded(initialCapacity: Int) throws(PNGError) -> [UInt8] {
        var capacity = initialCapacity
        for _ in 0..<2 {
            var image = control()
            defer { png_image_free(&image) }
            var output = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                pixels.withUnsafeBytes { buffer in
                    png_image_write_to_memory(
                        &image, out.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
                }
            }
            if ok != 0 {
                output.removeLast(output.count - Int(size))
                return output
            }
            guard Int(size) > capacity else { throw .encodeFailed(message: Self.message(of: image)) }
            capacity = Int(size)
        }
        throw .encodeFailed(message: "libpng asked for a larger buffer twice")
    }

    /// A write control block describing this image's memory layout.
    private func control() -> png_image {
        var image = Self.newControl()
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = Self.rgbaFormat
        return image
    }
}

// MARK: - libpng plumbing

extension PNGImage {
    /// `PNG_FORMAT_RGBA`, which Swift does not import because it is a macro built from other macros.
    fileprivate static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    fileprivate static func newControl() -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        return image
    }

    /// libpng's NUL-terminated `message` field as a String.
    fileprivate static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
