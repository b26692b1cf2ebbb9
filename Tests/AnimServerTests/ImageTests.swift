import AnimCore
import AnimProtocol
import AnimTransport
import Glibc
import Testing

@testable import AnimServer

@Suite("Images")
struct ImageTests {
    /// A memfd of `size` bytes filled with 0xAB, sealed against shrinking unless `sealed` is false.
    static func sealedMemfd(size: Int, sealed: Bool = true) throws -> Int32 {
        let (fd, memory) = try SharedMemory.create(name: "animserver-test", size: size)
        if let bytes = memory.mutableBytes {
            for i in 0..<bytes.count { bytes[i] = 0xAB }
        }
        if sealed { try SharedMemory.seal(fd: fd) }
        return fd
    }

    /// The inode `fd` refers to, nil when it is closed. Tests run in parallel and may reuse a closed number,
    /// so "still open" means "still the same file".
    static func inode(_ fd: Int32) -> UInt? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return UInt(info.st_ino)
    }

    static func upload(_ id: UInt32, fd: Int32, width: UInt32 = 4, height: UInt32 = 2, stride: UInt32 = 16) -> Message {
        .imageUpload(
            ImageUpload(image: id, width: width, height: height, stride: stride, format: .rgba8Premultiplied, fds: [fd])
        )
    }

    @Test func anUploadedImageIsMappedAndItsDescriptorClosed() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let fd = try Self.sealedMemfd(size: 32)
        let file = try #require(Self.inode(fd))
        #expect(h.send(Self.upload(1, fd: fd), from: s, fds: [fd]).isEmpty)
        #expect(Self.inode(fd) != file)
        #expect(h.core.statistics.images == 1)
        #expect(h.core.statistics.imageBytes == 32)
        #expect(h.commit([W.create(1), W.set(1, "contents", .image(1))], from: s).errorReports.isEmpty)
        try h.frame(at: 0)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        let image = try #require(client.images[ImageID(1)])
        #expect(image.width == 4)
        #expect(image.memory.bytes[31] == 0xAB)
        #expect(client.layers[LayerID(1)]?.state.contents == ImageID(1))
    }

    @Test func badUploadsAreRefused() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let unsealed = try Self.sealedMemfd(size: 32, sealed: false)
        let file = try #require(Self.inode(unsealed))
        let a = try #require(h.send(Self.upload(1, fd: unsealed), from: s, fds: [unsealed]).errorReports.first)
        #expect(a.code == WireErrorCode.invalidImage.rawValue)
        #expect(a.message.contains("F_SEAL_SHRINK"))
        #expect(Self.inode(unsealed) != file)
        let small = try Self.sealedMemfd(size: 16)
        let b = try #require(h.send(Self.upload(2, fd: small), from: s, fds: [small]).errorReports.first)
        #expect(b.code == WireErrorCode.invalidImage.rawValue)
        #expect(b.value == "16 bytes")
        let narrow = try Self.sealedMemfd(size: 64)
        let c = try #require(h.send(Self.upload(3, fd: narrow, stride: 8), from: s, fds: [narrow]).errorReports.first)
        #expect(c.field == "ImageUpload.stride")
        let empty = try Self.sealedMemfd(size: 64)
        let d = try #require(h.send(Self.upload(4, fd: empty, width: 0), from: s, fds: [empty]).errorReports.first)
        #expect(d.field == "ImageUpload.width")
        #expect(d.request == 4)
        #expect(h.core.statistics.images == 0)
    }

    @Test func releaseAndUnknownImages() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let missing = try #require(
            h.commit([W.create(1), W.set(1, "contents", .image(5))], from: s).errorReports.first)
        #expect(missing.code == WireErrorCode.unknownImage.rawValue)
        #expect(missing.field == "Commit.operations[1].setProperty.value")
        let fd = try Self.sealedMemfd(size: 32)
        _ = h.send(Self.upload(5, fd: fd), from: s, fds: [fd])
        let again = try Self.sealedMemfd(size: 32)
        let duplicate = h.send(Self.upload(5, fd: again), from: s, fds: [again]).errorReports.first
        #expect(duplicate?.code == WireErrorCode.invalidImage.rawValue)
        #expect(h.send(.imageRelease(ImageRelease(image: 5)), from: s).isEmpty)
        #expect(h.core.statistics.imageBytes == 0)
        let twice = h.send(.imageRelease(ImageRelease(image: 5)), from: s).errorReports.first
        #expect(twice?.code == WireErrorCode.unknownImage.rawValue)
        // Another session's image ids are its own.
        let other = try h.connect()
        let fd2 = try Self.sealedMemfd(size: 32)
        _ = h.send(Self.upload(6, fd: fd2), from: other, fds: [fd2])
        #expect(
            h.commit([W.create(1), W.set(1, "contents", .image(6))], from: s).errorReports.first?.code
                == WireErrorCode.unknownImage.rawValue)
    }
}
