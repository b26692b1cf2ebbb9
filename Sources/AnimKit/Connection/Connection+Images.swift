import AnimCore
import AnimImage
import AnimProtocol
import AnimTransport

extension Connection {
    /// Uploads an RGBA image (8 bits per channel, alpha premultiplied, rows top to bottom, no padding) through
    /// a sealed memfd, and returns the id to set as a layer's `contents`. The server checks it when the
    /// message arrives; a refused image comes back through `errorHandler`.
    public func uploadImage(width: Int, height: Int, rgbaPremultiplied pixels: [UInt8]) throws(AnimKitError) -> ImageID
    {
        guard width > 0, height > 0, let w = UInt32(exactly: width), let h = UInt32(exactly: height),
            let stride = UInt32(exactly: width * 4), width * 4 <= Int.max / height
        else {
            throw .invalid(
                .invalid(field: "uploadImage", reason: "size \(width)×\(height) is not a positive image size"))
        }
        guard pixels.count == width * height * 4 else {
            throw .invalid(
                .invalid(
                    field: "uploadImage.rgbaPremultiplied",
                    reason: "\(pixels.count) bytes, a \(width)×\(height) RGBA image has \(width * height * 4)"))
        }
        let image = state.withLock { s in
            let image = ImageID(s.nextImage)
            s.nextImage += 1
            return image
        }
        let fd: Int32
        do {
            let created = try SharedMemory.create(name: "animkit-\(image.rawValue)", size: pixels.count)
            fd = created.fd
            if let target = created.memory.mutableBytes {
                pixels.withUnsafeBytes { target.copyMemory(from: $0) }
            }
            try SharedMemory.seal(fd: fd)
        } catch {
            throw .transport("\(error)")
        }
        defer { FileDescriptor.close(fd) }
        try send(
            .imageUpload(
                ImageUpload(
                    image: image.rawValue, width: w, height: h, stride: stride, format: .rgba8Premultiplied, fds: [fd]))
        )
        return image
    }

    /// Reads the PNG file at `path` (any PNG libpng decodes: grey, palette, 16-bit, interlaced), premultiplies
    /// it and uploads it as `uploadImage(width:height:rgbaPremultiplied:)` does. A file that cannot be read or
    /// decoded throws `.imageFile`, naming the file and libpng's message.
    public func uploadImage(contentsOfPNGFile path: String) throws(AnimKitError) -> ImageID {
        let image: PNGImage
        do {
            image = try PNGImage.read(contentsOf: path)
        } catch {
            throw .imageFile(error)
        }
        return try uploadImage(
            width: image.width, height: image.height, rgbaPremultiplied: image.premultipliedPixels)
    }

    /// Tells the server the image is no longer needed; layers showing it keep it until they show another.
    public func releaseImage(_ image: ImageID) throws(AnimKitError) {
        try send(.imageRelease(ImageRelease(image: image.rawValue)))
    }
}
