import AnimCore
import Foundation
import Testing

@testable import AnimImage

@Suite("PNGImage")
struct PNGImageTests {
    /// Every byte value in every channel, alpha 0 with colour included, from a fixed linear congruential sequence.
    static func patternImage(width: Int = 37, height: Int = 23) -> PNGImage {
        var state: UInt32 = 12_345
        var pixels = [UInt8]()
        for _ in 0..<(width * height * 4) {
            state = state &* 1_103_515_245 &+ 12_345
            pixels.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("animrender-\(UUID().uuidString)-\(name)").path
    }

    @Test func roundTripInMemoryIsLossless() throws {
        let image = Self.patternImage()
        let bytes = try image.encoded()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGImage.decode(bytes)
        #expect(decoded.width == 37)
        #expect(decoded.height == 23)
        #expect(decoded == image)
    }

    @Test func roundTripThroughAFileIsLossless() throws {
        let image = Self.patternImage(width: 64, height: 5)
        let path = Self.temporaryPath("roundtrip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.write(to: path)
        #expect(try PNGImage.read(contentsOf: path) == image)
        // The file holds the same stream as the in-memory encoder produces.
        let fileBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(fileBytes == (try image.encoded()))
    }

    @Test func encodingALargeFlatImageNeedsNoSecondPass() throws {
        let image = PNGImage(width: 640, height: 360, fill: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        let bytes = try image.encoded()
        #expect(bytes.count < 10_000)
        #expect(try PNGImage.decode(bytes) == image)
    }

    @Test func tooSmallFirstBufferIsRetriedWithTheSizeLibpngAsksFor() throws {
        let image = Self.patternImage(width: 30, height: 20)
        let retried = try image.encoded(initialCapacity: 16)
        #expect(retried == (try image.encoded()))
        #expect(try PNGImage.decode(retried) == image)
    }

    @Test func greyscaleFromAnotherEncoderDecodesToRGBA() throws {
        // 2x1 8-bit greyscale (black, white) written by Python's zlib, not by libpng.
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0xD1, 0x49, 0x20, 0x56, 0x00, 0x00, 0x00,
            0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x02, 0x01, 0x00, 0x42, 0xBE,
            0xBC, 0x68, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        let image = try PNGImage.decode(bytes)
        #expect(image.width == 2 && image.height == 1)
        #expect(image.pixels == [0, 0, 0, 255, 255, 255, 255, 255])
    }

    @Test func oversizedHeaderIsRefusedBeforeAllocating() {
        // A valid 100000x100000 RGBA header: 40 GB of pixels if it were believed.
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01,
            0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 0x08, 0x06, 0x00, 0x00, 0x00, 0xA8, 0x52, 0x0B, 0xC8, 0x00, 0x00, 0x00,
            0x09, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x5E, 0xFF, 0x7D, 0xF9,
            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        #expect(throws: PNGError.tooLarge(path: nil, width: 100_000, height: 100_000)) {
            try PNGImage.decode(bytes)
        }
    }

    @Test func readingANonPNGFileNamesThePathAndLibpngsReason() throws {
        let path = Self.temporaryPath("not-a.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("this is plain text, not a PNG\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PNGError.self) { try PNGImage.read(contentsOf: path) }
        guard case .readFailed(let errorPath, let message) = error else {
            Issue.record("expected .readFailed, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(message == "Not a PNG file")
        #expect(error?.description == "cannot read PNG '\(path)': \(message)")
    }

    @Test func readingAMissingFileNamesThePath() {
        let path = Self.temporaryPath("missing.png")
        #expect(throws: PNGError.readFailed(path: path, message: "No such file or directory")) {
            try PNGImage.read(contentsOf: path)
        }
    }

    @Test func decodingGarbageIsATypedError() {
        let error = #expect(throws: PNGError.self) { try PNGImage.decode([1, 2, 3, 4, 5, 6, 7, 8, 9]) }
        guard case .decodeFailed(let message) = error else {
            Issue.record("expected .decodeFailed, got \(String(describing: error))")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func writingIntoAMissingFolderNamesThePath() {
        let path = Self.temporaryPath("no-such-folder") + "/image.png"
        #expect(throws: PNGError.writeFailed(path: path, message: "No such file or directory")) {
            try PNGImage(width: 1, height: 1, fill: .black).write(to: path)
        }
    }

    @Test func fillAndPixelAccess() {
        var image = PNGImage(width: 3, height: 2, fill: Color(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(image.pixels.count == 24)
        #expect(image.pixel(x: 2, y: 1) == (255, 128, 0, 64))
        image.setPixel(x: 1, y: 1, to: (1, 2, 3, 4))
        #expect(image.pixel(x: 1, y: 1) == (1, 2, 3, 4))
        // Row-major, top row first: (1, 1) is the fifth pixel.
        #expect(Array(image.pixels[16..<20]) == [1, 2, 3, 4])
        #expect(image.pixel(x: 1, y: 0) == (255, 128, 0, 64))
    }

    @Test func rgba8ClampsAndRounds() {
        #expect(PNGImage.rgba8(Color(red: -1, green: 2, blue: 0.5, alpha: 0.499 / 255)) == (0, 255, 128, 0))
    }
}
