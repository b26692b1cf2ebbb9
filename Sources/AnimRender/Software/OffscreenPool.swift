import CPixman

/// A pixman image over pooled memory: an offscreen colour buffer (a8r8g8b8) or a coverage mask (a8), covering
/// `rect` (output pixels). Give it back to its pool with `OffscreenPool.recycle` when done.
struct Offscreen {
    let image: OpaquePointer
    let rect: PixelRect
    let stride: Int
    let bytes: UnsafeMutableRawBufferPointer
    /// The first byte of the top row.
    let base: UnsafeMutablePointer<UInt8>
}

/// Memory for offscreen buffers and masks, kept between frames so a steady frame allocates little: a buffer
/// given back is reused by the next request it is large enough for.
final class OffscreenPool {
    private var free: [UnsafeMutableRawBufferPointer] = []
    /// The most bytes kept while unused; past this, buffers given back are released.
    private let keepBytes: Int
    private var keptBytes = 0

    init(keepBytes: Int = 64 << 20) {
        self.keepBytes = keepBytes
    }

    deinit {
        for buffer in free { buffer.deallocate() }
    }

    /// A zeroed image of `format` (a8r8g8b8 or a8) covering `rect`.
    func take(_ rect: PixelRect, format: pixman_format_code_t) throws(RenderError) -> Offscreen {
        let bytesPerPixel = format == PIXMAN_a8 ? 1 : 4
        let stride = (rect.width * bytesPerPixel + 3) & ~3
        let (count, overflow) = stride.multipliedReportingOverflow(by: rect.height)
        guard !overflow, !rect.isEmpty, rect.width <= 1 << 15, rect.height <= 1 << 15 else {
            throw .outOfMemory(size: PixelSize(width: rect.width, height: rect.height))
        }
        let buffer = takeBuffer(count)
        guard let base = buffer.baseAddress else {
            throw .outOfMemory(size: PixelSize(width: rect.width, height: rect.height))
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        guard
            let image = pixman_image_create_bits(
                format, Int32(rect.width), Int32(rect.height), base.assumingMemoryBound(to: UInt32.self), Int32(stride))
        else {
            giveBuffer(buffer)
            throw .outOfMemory(size: PixelSize(width: rect.width, height: rect.height))
        }
        return Offscreen(
            image: image, rect: rect, stride: stride, bytes: buffer, base: base.assumingMemoryBound(to: UInt8.self))
    }

    /// Releases the image and keeps its memory for later requests.
    func recycle(_ offscreen: Offscreen) {
        pixman_image_unref(offscreen.image)
        giveBuffer(offscreen.bytes)
    }

    private func takeBuffer(_ count: Int) -> UnsafeMutableRawBufferPointer {
        // The smallest free buffer that fits.
        var best: Int?
        for (i, buffer) in free.enumerated() where buffer.count >= count {
            if best.map({ free[$0].count > buffer.count }) ?? true { best = i }
        }
        if let best {
            let buffer = free.remove(at: best)
            keptBytes -= buffer.count
            return buffer
        }
        return .allocate(byteCount: max(16, count), alignment: 16)
    }

    private func giveBuffer(_ buffer: UnsafeMutableRawBufferPointer) {
        if keptBytes + buffer.count > keepBytes {
            buffer.deallocate()
            return
        }
        free.append(buffer)
        keptBytes += buffer.count
    }
}
