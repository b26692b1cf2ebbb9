import AnimImage
import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Testing

@Suite("Screenshots and PNG contents through the SDK")
struct ScreenshotTests {
    /// A sealed memfd holding `bytes`.
    static func memfd(_ bytes: [UInt8], sealed: Bool = true) throws -> Int32 {
        let (fd, memory) = try SharedMemory.create(name: "animkit-test", size: bytes.count)
        if let target = memory.mutableBytes { bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
        if sealed { try SharedMemory.seal(fd: fd) }
        return fd
    }

    @Test func theReplysRowsAreCopiedWithoutTheirPaddingAndBGRAIsSwapped() throws {
        let server = try FakeServer()
        // 2x2 pixels, rows of 12 bytes (4 of padding), BGRA.
        let rows: [UInt8] = [
            3, 2, 1, 255, 6, 5, 4, 255, 0xEE, 0xEE, 0xEE, 0xEE, 9, 8, 7, 255, 12, 11, 10, 128, 0xEE, 0xEE, 0xEE, 0xEE,
        ]
        server.respond { message in
            guard case .screenshotRequest(let r) = message else { return nil }
            guard r.client == 3, r.layer == 9, r.nextFrame, let fd = try? Self.memfd(rows) else { return nil }
            return .screenshotReply(
                ScreenshotReply(
                    request: r.request, width: 2, height: 2, stride: 12, format: .bgra8Premultiplied, frame: 42,
                    time: 1.5, fds: [fd]))
        }
        let shot = try server.connection.screenshot(client: 3, layer: 9, nextFrame: true)
        #expect(shot.width == 2 && shot.height == 2)
        #expect(shot.pixels == [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 128])
        #expect(shot.frame == 42 && shot.time == 1.5)
    }

    @Test func aScreenshotIsSavedAsAPNGWithStraightAlpha() throws {
        // Premultiplied: opaque red, half-transparent green (128/255 of 255 → 128), transparent.
        let shot = ScreenshotImage(
            width: 3, height: 1, pixels: [255, 0, 0, 255, 0, 128, 0, 128, 0, 0, 0, 0], frame: 1, time: 0)
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("shot.png").path
        try shot.writePNG(to: path)
        let read = try PNGImage.read(contentsOf: path)
        #expect(read.width == 3 && read.height == 1)
        #expect(read.pixels == [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0])
        #expect(try PNGImage.decode(shot.pngData()) == read)
        #expect(read.premultipliedPixels == shot.pixels)
    }

    @Test func anErrorReportAnswersTheScreenshot() throws {
        let server = try FakeServer()
        server.respond { message in
            guard case .screenshotRequest(let r) = message else { return nil }
            return .errorReport(
                ErrorReport(
                    code: WireErrorCode.unknownLayer.rawValue, opcode: ScreenshotRequest.opcode,
                    request: UInt64(r.request), field: "layer", value: "9", message: "no such layer", fatal: false))
        }
        #expect {
            try server.connection.screenshot(layer: 9)
        } throws: { error in
            guard case AnimKitError.server(let e) = error else { return false }
            return e.code == .unknownLayer && e.field == "layer"
        }
        // The connection is still usable.
        try server.connection.sync()
    }

    @Test func aMemfdSmallerThanTheReplySaysIsRefused() throws {
        let server = try FakeServer()
        server.respond { message in
            guard case .screenshotRequest(let r) = message, let fd = try? Self.memfd([1, 2, 3, 4]) else { return nil }
            return .screenshotReply(
                ScreenshotReply(
                    request: r.request, width: 2, height: 2, stride: 8, format: .rgba8Premultiplied, frame: 1,
                    time: 0, fds: [fd]))
        }
        #expect(throws: AnimKitError.self) { try server.connection.screenshot() }
    }

    @Test func aPNGFileIsPremultipliedAndUploadedInASealedMemfd() throws {
        let folder = try TemporaryFolder(prefix: "animkit-png")
        defer { withExtendedLifetime(folder) {} }
        let path = folder.url.appendingPathComponent("two.png").path
        try PNGImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 200, 100, 50, 128]).write(to: path)
        let server = try FakeServer()
        let image = try server.connection.uploadImage(contentsOfPNGFile: path)
        let sent = try server.drain()
        guard sent.count == 1, case .imageUpload(let upload) = sent[0], let fd = upload.fds.first else {
            Issue.record("expected one ImageUpload, got \(sent)")
            return
        }
        defer { FileDescriptor.close(fd) }
        #expect(upload.image == image.rawValue)
        #expect([upload.width, upload.height, upload.stride] == [2, 1, 8])
        #expect(try SharedMemory.seals(fd: fd) & SharedMemory.sealShrink != 0)
        let memory = try SharedMemory.mapReadOnly(fd: fd, size: 8)
        // 200·128/255 = 100.4 → 100, 100·128/255 = 50.2 → 50, 50·128/255 = 25.1 → 25.
        #expect(Array(memory.bytes) == [255, 0, 0, 255, 100, 50, 25, 128])
    }

    @Test func aFileThatIsNotAPNGIsATypedErrorNamingIt() throws {
        let server = try FakeServer()
        let path = "/nonexistent/animkit/missing.png"
        #expect {
            try server.connection.uploadImage(contentsOfPNGFile: path)
        } throws: { error in
            guard case AnimKitError.imageFile(.readFailed(let failed, let message)) = error else { return false }
            return failed == path && !message.isEmpty
        }
        #expect(try server.drain().isEmpty)
    }
}
