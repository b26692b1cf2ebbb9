import AnimKit
import AnimProtocol
import AnimTransport
import Testing

@Suite struct ImageTests {
    @Test func anImageTravelsInASealedMemfdBesideImageUpload() throws {
        let server = try FakeServer()
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0]
        let image = try server.connection.uploadImage(width: 2, height: 2, rgbaPremultiplied: pixels)
        let sent = try server.drain()
        guard sent.count == 1, case .imageUpload(let upload) = sent[0], let fd = upload.fds.first else {
            Issue.record("expected one ImageUpload with a descriptor, got \(sent)")
            return
        }
        defer { FileDescriptor.close(fd) }
        #expect(upload.image == image.rawValue)
        #expect([upload.width, upload.height, upload.stride] == [2, 2, 8])
        #expect(upload.format == .rgba8Premultiplied)
        #expect(try SharedMemory.seals(fd: fd) & SharedMemory.sealShrink != 0)
        let memory = try SharedMemory.mapReadOnly(fd: fd, size: try SharedMemory.size(fd: fd))
        #expect(Array(memory.bytes) == pixels)
    }

    @Test func pixelsThatDoNotMatchTheSizeAreRefusedBeforeSending() throws {
        let server = try FakeServer()
        #expect(throws: AnimKitError.self) {
            try server.connection.uploadImage(width: 2, height: 2, rgbaPremultiplied: [0, 0, 0, 0])
        }
        #expect(throws: AnimKitError.self) {
            try server.connection.uploadImage(width: 0, height: 2, rgbaPremultiplied: [])
        }
        #expect(try server.drain().isEmpty)
    }
}
