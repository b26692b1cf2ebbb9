import AnimProtocol
import AnimTransport

/// An image a client uploaded: its pixels stay in the client's sealed memfd, mapped read-only.
public struct ClientImage: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (≥ width × 4).
    public let stride: Int
    public let format: WirePixelFormat
    /// The mapping; unmapped when the last copy of the image goes.
    public let memory: SharedMemory

    /// The bytes the image occupies (stride × height), what the image quota counts.
    public var byteCount: Int { stride * height }
}
