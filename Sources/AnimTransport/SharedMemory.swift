import CIPC
import Glibc

/// A mapped memfd: how images and other bulk data travel beside the records.
///
/// The mapping does not keep the descriptor: it may be closed once mapped. `deinit` unmaps. Thread rules: the
/// object may be shared; synchronising access to the bytes is the users' business.
public final class SharedMemory: @unchecked Sendable {
    public let size: Int
    private let base: UnsafeMutableRawPointer?
    private let writable: Bool

    private init(base: UnsafeMutableRawPointer?, size: Int, writable: Bool) {
        self.base = base
        self.size = size
        self.writable = writable
    }

    deinit {
        if let base { munmap(base, size) }
    }

    /// The mapped bytes. The pointer is valid only while this object lives: keep a reference (or use
    /// `withExtendedLifetime`) for as long as it is read, or the mapping may be gone.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: size) }

    /// The bytes for writing (same lifetime rule as `bytes`); nil for a read-only mapping.
    public var mutableBytes: UnsafeMutableRawBufferPointer? {
        writable ? UnsafeMutableRawBufferPointer(start: base, count: size) : nil
    }

    /// A new memfd of `size` bytes (close-on-exec, sealing allowed, not yet sealed) mapped read-write. The caller
    /// owns `fd`: fill the memory, `seal(fd:)` it, send it, close it.
    public static func create(name: String, size: Int) throws(TransportError) -> (fd: Int32, memory: SharedMemory) {
        guard size >= 0 else {
            throw TransportError(operation: "memfd_create", target: name, code: EINVAL, detail: "size \(size) < 0")
        }
        let fd = ipc_memfd_create(name, size, 0)
        guard fd >= 0 else { throw .lastError("memfd_create", name, detail: "\(size) bytes") }
        do {
            let memory = try map(fd: fd, size: size, writable: true)
            return (fd, memory)
        } catch {
            FileDescriptor.close(fd)
            throw error
        }
    }

    /// Seals `fd` against shrinking, growing and further sealing (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL), so
    /// a receiver that mapped it cannot be made to fault by a truncation.
    public static func seal(fd: Int32) throws(TransportError) {
        guard ipc_seal(fd) == 0 else { throw .lastError("fcntl F_ADD_SEALS", fd: fd) }
    }

    /// The F_SEAL_* bits set on `fd` (compare with `sealShrink`, `sealGrow`, `sealSeal`, `sealWrite`).
    public static func seals(fd: Int32) throws(TransportError) -> Int32 {
        let seals = ipc_get_seals(fd)
        guard seals >= 0 else { throw .lastError("fcntl F_GET_SEALS", fd: fd) }
        return seals
    }

    public static let sealSeal = IPC_F_SEAL_SEAL
    public static let sealShrink = IPC_F_SEAL_SHRINK
    public static let sealGrow = IPC_F_SEAL_GROW
    public static let sealWrite = IPC_F_SEAL_WRITE

    /// The file's size in bytes (fstat).
    public static func size(fd: Int32) throws(TransportError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .lastError("fstat", fd: fd) }
        return Int(info.st_size)
    }

    /// Maps the first `size` bytes of `fd` read-only. `size` must not exceed the file's size (touching a page
    /// past the end would raise SIGBUS); check the seals first when the sender could still shrink it.
    public static func mapReadOnly(fd: Int32, size: Int) throws(TransportError) -> SharedMemory {
        let actual = try Self.size(fd: fd)
        guard size >= 0, size <= actual else {
            throw TransportError(
                operation: "mmap", target: "fd \(fd)", code: EINVAL,
                detail: "mapping \(size) bytes of a \(actual)-byte file")
        }
        return try map(fd: fd, size: size, writable: false)
    }

    private static func map(fd: Int32, size: Int, writable: Bool) throws(TransportError) -> SharedMemory {
        guard size > 0 else { return SharedMemory(base: nil, size: 0, writable: writable) }
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        let address = mmap(nil, size, protection, MAP_SHARED, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .lastError("mmap", fd: fd, detail: "\(size) bytes")
        }
        return SharedMemory(base: address, size: size, writable: writable)
    }
}
