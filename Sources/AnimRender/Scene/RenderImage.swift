/// How the bytes of a `RenderImage` are laid out: 8 bits per channel, premultiplied alpha, sRGB.
public enum RenderPixelFormat: Hashable, Sendable {
    /// Bytes R, G, B, A in memory order.
    case rgba8Premultiplied
    /// Bytes B, G, R, A in memory order (pixman's and cairo's a8r8g8b8 on little-endian machines).
    case bgra8Premultiplied
}

/// Pixels a layer shows as `contents`: read-only memory that outlives every frame that refers to it.
///
/// The bytes belong to `owner` (for a client image, the mapping of its sealed memfd); the image keeps the
/// owner alive, so the pointer stays valid for as long as any copy of the image exists. `key` identifies
/// the pixels for caches (textures, tiles): two images with the same key have the same bytes.
public struct RenderImage: @unchecked Sendable {
    /// Identifies the pixels: equal keys mean equal bytes (a client image never changes once uploaded).
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The connection or other source the image came from (the server's session id).
        public var source: UInt64
        /// The image's id within that source.
        public var image: UInt64

        public init(source: UInt64, image: UInt64) {
            self.source = source
            self.image = image
        }

        public var description: String { "\(source):\(image)" }
    }

    public let key: Key
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (at least `width × 4`; 0 for an image drawn on demand).
    public let stride: Int
    public let format: RenderPixelFormat
    /// `stride × height` bytes, the top row first; immutable while the image exists. Empty for an image drawn on
    /// demand.
    public let bytes: UnsafeRawBufferPointer
    /// Draws the pixels tile by tile when asked, for an image too large to hold whole; nil when `bytes` holds them.
    public let tileSource: (any TileSource)?
    /// Keeps `bytes` valid.
    private let owner: AnyObject

    /// Traps unless the sizes are positive, `stride ≥ width × 4` and `bytes` holds `stride × height` bytes.
    public init(
        key: Key, width: Int, height: Int, stride: Int, format: RenderPixelFormat, bytes: UnsafeRawBufferPointer,
        owner: AnyObject
    ) {
        precondition(
            width >= 1 && height >= 1 && stride >= width * 4, "RenderImage \(width)x\(height) stride \(stride)")
        precondition(bytes.count >= stride * height, "RenderImage \(width)x\(height) needs \(stride * height) bytes")
        self.key = key
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.bytes = bytes
        self.owner = owner
        tileSource = nil
    }

    /// A `size` image whose pixels `tiles` draws on demand (traps unless both sides are positive).
    public init(key: Key, size: PixelSize, tiles: any TileSource) {
        precondition(size.width >= 1 && size.height >= 1, "RenderImage \(size) drawn on demand")
        self.key = key
        width = size.width
        height = size.height
        stride = 0
        format = .rgba8Premultiplied
        bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        owner = tiles
        tileSource = tiles
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
}

extension RenderImage {
    /// Owns a copy of premultiplied pixels made in this process (tests, splash images, PNG files).
    private final class OwnedBytes {
        let storage: UnsafeMutableRawBufferPointer
        init(copying source: UnsafeRawBufferPointer) {
            storage = .allocate(byteCount: max(1, source.count), alignment: 16)
            storage.copyMemory(from: source)
        }
        deinit { storage.deallocate() }
    }

    /// An image holding a copy of `pixels` (premultiplied RGBA8, top row first, no padding).
    public init(key: Key, pixels: PixelBuffer) {
        let owned = pixels.bytes.withUnsafeBytes { OwnedBytes(copying: $0) }
        self.init(
            key: key, width: pixels.size.width, height: pixels.size.height, stride: pixels.size.width * 4,
            format: .rgba8Premultiplied, bytes: UnsafeRawBufferPointer(owned.storage), owner: owned)
    }
}
