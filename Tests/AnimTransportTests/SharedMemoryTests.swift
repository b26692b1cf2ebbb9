import AnimTransport
import Glibc
import Testing

@Suite struct SharedMemoryTests {
    @Test func createdMemoryIsWritableAndSizedAndUnsealed() throws {
        let (fd, memory) = try SharedMemory.create(name: "size", size: 10_000)
        defer { FileDescriptor.close(fd) }
        #expect(memory.size == 10_000)
        #expect(try SharedMemory.size(fd: fd) == 10_000)
        #expect(try SharedMemory.seals(fd: fd) == 0)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        try withExtendedLifetime(memory) {
            let bytes = try #require(memory.mutableBytes)
            bytes[9_999] = 0xAB
            #expect(memory.bytes[9_999] == 0xAB)
        }
        // Writes through the mapping are in the file.
        var byte: UInt8 = 0
        #expect(pread(fd, &byte, 1, 9_999) == 1)
        #expect(byte == 0xAB)
    }

    @Test func sealForbidsResizingAndFurtherSeals() throws {
        let (fd, _) = try SharedMemory.create(name: "seal", size: 8192)
        defer { FileDescriptor.close(fd) }
        #expect(ftruncate(fd, 4096) == 0)
        try SharedMemory.seal(fd: fd)
        let seals = try SharedMemory.seals(fd: fd)
        #expect(seals == SharedMemory.sealShrink | SharedMemory.sealGrow | SharedMemory.sealSeal)
        #expect(ftruncate(fd, 1024) == -1 && errno == EPERM)
        #expect(ftruncate(fd, 16_384) == -1 && errno == EPERM)
        #expect(try SharedMemory.size(fd: fd) == 4096)
        let again = #expect(throws: TransportError.self) { try SharedMemory.seal(fd: fd) }
        #expect(again?.code == EPERM)
    }

    @Test func mappingBeyondTheFileIsRefused() throws {
        let (fd, _) = try SharedMemory.create(name: "short", size: 100)
        defer { FileDescriptor.close(fd) }
        let error = #expect(throws: TransportError.self) { try SharedMemory.mapReadOnly(fd: fd, size: 101) }
        #expect(error?.code == EINVAL)
        #expect(error?.description.contains("mapping 101 bytes of a 100-byte file") == true)
        #expect(try SharedMemory.mapReadOnly(fd: fd, size: 100).size == 100)
    }

    @Test func badDescriptorIsATypedError() throws {
        let error = #expect(throws: TransportError.self) { try SharedMemory.size(fd: -1) }
        #expect(error?.code == EBADF)
        #expect(error?.description == "fstat fd -1: EBADF (Bad file descriptor)")
    }

    @Test func zeroSizedMemoryHasNoBytes() throws {
        let (fd, memory) = try SharedMemory.create(name: "empty", size: 0)
        defer { FileDescriptor.close(fd) }
        #expect(memory.bytes.isEmpty)
        #expect(try SharedMemory.mapReadOnly(fd: fd, size: 0).bytes.isEmpty)
    }
}
