import AnimProtocol
import AnimTransport

/// The pixels of a screenshot, as `Connection.screenshot` returns them.
public struct ScreenshotImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// Premultiplied RGBA8 (bytes R, G, B, A), the top row first, no padding: `width × height × 4` bytes.
    public var pixels: [UInt8]
    /// The server frame and time the pixels show.
    public var frame: UInt64
    public var time: Double

    public init(width: Int, height: Int, pixels: [UInt8], frame: UInt64, time: Double) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.frame = frame
        self.time = time
    }
}

extension Connection {
    /// The output's pixels (`layer` 0) or one layer of a client drawn alone (`client` 0 is this connection),
    /// at the server's current time or, with `nextFrame`, in the next frame its loop presents. For the
    /// server's own user and root.
    public func screenshot(
        client: UInt32 = 0, layer: UInt64 = 0, nextFrame: Bool = false
    ) throws(AnimKitError)
        -> ScreenshotImage
    {
        let reply = try request {
            .screenshotRequest(ScreenshotRequest(request: $0, client: client, layer: layer, nextFrame: nextFrame))
        }
        guard case .screenshotReply(let r) = reply else {
            FileDescriptor.close(reply.fds)
            throw .unexpectedReply("\(reply.name) to ScreenshotRequest")
        }
        defer { FileDescriptor.close(r.fds) }
        return try Self.pixels(of: r)
    }

    /// Copies the reply's memfd rows into tightly packed RGBA, checking the sizes against the memfd.
    static func pixels(of reply: ScreenshotReply) throws(AnimKitError) -> ScreenshotImage {
        let width = Int(reply.width)
        let height = Int(reply.height)
        let stride = Int(reply.stride)
        guard let fd = reply.fds.first, width >= 1, height >= 1, stride >= width * 4 else {
            throw .unexpectedReply(
                "ScreenshotReply \(width)x\(height) with stride \(stride) and \(reply.fds.count) descriptors")
        }
        let (byteCount, overflow) = stride.multipliedReportingOverflow(by: height)
        let memory: SharedMemory
        do {
            let size = try SharedMemory.size(fd: fd)
            guard !overflow, size >= byteCount, try SharedMemory.seals(fd: fd) & SharedMemory.sealShrink != 0 else {
                throw AnimKitError.unexpectedReply(
                    "ScreenshotReply memfd of \(size) bytes for \(height) rows of \(stride); it must be sealed")
            }
            memory = try SharedMemory.mapReadOnly(fd: fd, size: byteCount)
        } catch let error as AnimKitError {
            throw error
        } catch {
            throw .transport("screenshot memfd: \(error)")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let swapRedBlue = reply.format == .bgra8Premultiplied
        withExtendedLifetime(memory) {
            let source = memory.bytes
            pixels.withUnsafeMutableBytes { out in
                for row in 0..<height {
                    let from = row * stride
                    let to = row * width * 4
                    UnsafeMutableRawBufferPointer(rebasing: out[to..<to + width * 4]).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: source[from..<from + width * 4]))
                    if swapRedBlue {
                        for i in Swift.stride(from: to, to: to + width * 4, by: 4) { out.swapAt(i, i + 2) }
                    }
                }
            }
        }
        return ScreenshotImage(width: width, height: height, pixels: pixels, frame: reply.frame, time: reply.time)
    }
}
