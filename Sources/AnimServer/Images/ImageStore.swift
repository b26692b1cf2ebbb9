import AnimCore
import AnimProtocol
import AnimTransport

/// One client's uploaded images and the bytes they hold.
struct ImageStore {
    private(set) var images: [ImageID: ClientImage] = [:]
    private(set) var totalBytes = 0

    func contains(_ id: ImageID) -> Bool { images[id] != nil }

    /// Checks `upload` and its memfd and maps it. Never closes `fd`: the caller does, since the mapping
    /// outlives the descriptor.
    mutating func add(_ upload: ImageUpload, fd: Int32, maxBytes: UInt64) throws(ProtocolError) {
        let id = ImageID(upload.image)
        guard images[id] == nil else {
            throw imageError(.invalidImage, "image", "\(upload.image)", "\(id) is already uploaded; release it first")
        }
        guard upload.width > 0, upload.height > 0 else {
            throw imageError(
                .invalidImage, upload.width == 0 ? "width" : "height", "0", "an image is at least 1 × 1 pixels")
        }
        let width = Int(upload.width)
        let height = Int(upload.height)
        let stride = Int(upload.stride)
        guard stride >= width * 4 else {
            throw imageError(
                .invalidImage, "stride", "\(stride)", "the stride must be at least width × 4 = \(width * 4) bytes")
        }
        let (byteCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, UInt64(byteCount) <= maxBytes, UInt64(totalBytes) <= maxBytes - UInt64(byteCount) else {
            throw imageError(
                .quotaExceeded, "image", "\(upload.image)",
                "maxImageBytes quota: \(stride) × \(height) more bytes on top of the client's \(totalBytes); "
                    + "the limit is \(maxBytes)")
        }
        let seals: Int32
        let size: Int
        do {
            seals = try SharedMemory.seals(fd: fd)
            size = try SharedMemory.size(fd: fd)
        } catch {
            throw imageError(.invalidImage, "fds[0]", "\(fd)", "not a sealable memfd: \(error)")
        }
        guard seals & SharedMemory.sealShrink != 0 else {
            throw imageError(.invalidImage, "fds[0]", "seals \(seals)", "the memfd must be sealed with F_SEAL_SHRINK")
        }
        guard size >= byteCount else {
            throw imageError(
                .invalidImage, "fds[0]", "\(size) bytes",
                "the memfd holds \(size) bytes; stride × height needs \(byteCount)")
        }
        let memory: SharedMemory
        do {
            memory = try SharedMemory.mapReadOnly(fd: fd, size: byteCount)
        } catch {
            throw imageError(.invalidImage, "fds[0]", "\(fd)", "cannot map the memfd: \(error)")
        }
        images[id] = ClientImage(width: width, height: height, stride: stride, format: upload.format, memory: memory)
        totalBytes += byteCount
    }

    mutating func release(_ id: ImageID) throws(ProtocolError) {
        guard let image = images.removeValue(forKey: id) else {
            throw ProtocolError(
                .unknownImage, opcode: ImageRelease.opcode, field: "image", value: "\(id.rawValue)",
                detail: "\(id) was never uploaded or was released")
        }
        totalBytes -= image.byteCount
    }

    private func imageError(_ code: WireErrorCode, _ field: String, _ value: String, _ detail: String) -> ProtocolError
    {
        ProtocolError(code, opcode: ImageUpload.opcode, field: field, value: value, detail: detail)
    }
}
