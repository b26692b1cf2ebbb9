import AnimCore
import CCairo

/// A cairo ARGB32 image surface whose memory becomes a `RenderImage` without a copy: cairo's premultiplied
/// a8r8g8b8 words are B, G, R, A in memory on little-endian machines, `RenderPixelFormat.bgra8Premultiplied`.
final class ContentCanvas {
    /// What a canvas could not do, for the log line.
    enum Failure: Error, CustomStringConvertible {
        case size(width: Int, height: Int)
        case cairo(String)

        var description: String {
            switch self {
            case .size(let width, let height): "no \(width)x\(height) surface"
            case .cairo(let message): message
            }
        }
    }

    /// Owns the pixel memory once the canvas has handed it to an image.
    private final class Pixels {
        let storage: UnsafeMutableRawBufferPointer
        init(byteCount: Int) {
            storage = .allocate(byteCount: max(1, byteCount), alignment: 16)
            storage.initializeMemory(as: UInt8.self, repeating: 0)
        }
        deinit { storage.deallocate() }
    }

    let width: Int
    let height: Int
    let stride: Int
    private let pixels: Pixels
    private let surface: OpaquePointer
    /// The drawing context: its user space is the canvas's pixels until the caller transforms it.
    let cr: OpaquePointer

    /// A transparent `width`×`height` canvas.
    init(width: Int, height: Int) throws(Failure) {
        guard width >= 1, height >= 1, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .size(width: width, height: height)
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride >= width * 4 else { throw .size(width: width, height: height) }
        // One spare row: a cropped image's bytes run `stride × rows` from its first pixel, past the last row's end.
        let pixels = Pixels(byteCount: stride * (height + 1))
        guard let base = pixels.storage.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let surface = cairo_image_surface_create_for_data(
                base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        else { throw .size(width: width, height: height) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .cairo("surface: \(Self.message(status))")
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.surface = surface
        self.cr = cr
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Throws when the context has gone into an error state (every later cairo call on it did nothing).
    func check(_ what: String) throws(Failure) {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo("\(what): \(Self.message(status))") }
    }

    /// The pixels of `area` (the whole canvas when nil) drawn so far as an image with `key`, and the bytes of
    /// memory the image holds. A crop of at least half the canvas shares the canvas's memory (the image starts
    /// inside it and keeps its stride); a smaller one is copied, so a cached crop does not hold the whole canvas.
    func image(key: RenderImage.Key, area: PixelRect? = nil) throws(Failure) -> (image: RenderImage, bytes: Int) {
        try check("drawing")
        cairo_surface_flush(surface)
        if UInt32(1).littleEndian != 1 { swapToBGRA() }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let area = area.flatMap { whole.intersection($0) } ?? whole
        if area.pixelCount * 2 < whole.pixelCount {
            let rowBytes = area.width * 4
            let copy = Pixels(byteCount: rowBytes * area.height)
            for row in 0..<area.height {
                let from = (area.y + row) * stride + area.x * 4
                let target = row * rowBytes
                UnsafeMutableRawBufferPointer(rebasing: copy.storage[target..<target + rowBytes]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: pixels.storage[from..<from + rowBytes]))
            }
            let image = RenderImage(
                key: key, width: area.width, height: area.height, stride: rowBytes, format: .bgra8Premultiplied,
                bytes: UnsafeRawBufferPointer(copy.storage), owner: copy)
            return (image, copy.storage.count)
        }
        let start = area.y * stride + area.x * 4
        let bytes = UnsafeRawBufferPointer(rebasing: pixels.storage[start..<start + area.height * stride])
        let image = RenderImage(
            key: key, width: area.width, height: area.height, stride: stride, format: .bgra8Premultiplied,
            bytes: bytes, owner: pixels)
        return (image, pixels.storage.count)
    }

    /// The smallest rectangle of pixels with a non-zero alpha, or nil when every pixel is transparent.
    func inkBounds() -> PixelRect? {
        cairo_surface_flush(surface)
        var minX = width, minY = height, maxX = -1, maxY = -1
        for row in 0..<height {
            var first = -1, last = -1
            for x in 0..<width
            where pixels.storage.load(fromByteOffset: row * stride + x * 4, as: UInt32.self) >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first)
            maxX = max(maxX, last)
            if minY > row { minY = row }
            maxY = row
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Lets `body` write premultiplied ARGB32 words (native-endian, alpha in the high byte) straight into the
    /// surface, row `y` starting at byte `y × stride`.
    func writePixels(_ body: (UnsafeMutableRawBufferPointer) -> Void) {
        cairo_surface_flush(surface)
        body(pixels.storage)
        cairo_surface_mark_dirty(surface)
    }

    /// On a big-endian machine cairo's words are A, R, G, B in memory; the image promises B, G, R, A.
    private func swapToBGRA() {
        for row in 0..<height {
            for x in 0..<width {
                let offset = row * stride + x * 4
                let word = pixels.storage.load(fromByteOffset: offset, as: UInt32.self)
                pixels.storage.storeBytes(of: word.byteSwapped, toByteOffset: offset, as: UInt32.self)
            }
        }
    }

    private static func message(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
        return String(cString: text)
    }
}
