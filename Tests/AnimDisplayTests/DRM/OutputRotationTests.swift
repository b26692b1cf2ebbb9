import AnimCore
import AnimRender
import Testing

@testable import AnimDisplay

@Suite("Output rotation")
struct OutputRotationTests {
    /// A 4x2 scene (landscape); at 90 and 270 the panel is 2x4.
    static let scene = PixelSize(width: 4, height: 2)

    @Test("Parsing takes the four right angles only")
    func parsing() throws {
        #expect(try OutputRotation(parsing: "90") == .clockwise90)
        #expect(try OutputRotation(parsing: "0") == OutputRotation.none)
        for bad in ["45", "-90", "360", "", "ninety"] {
            #expect(throws: OutputRotationError.badRotation(bad)) { try OutputRotation(parsing: bad) }
        }
    }

    @Test("The scene's corners land on the panel's corners a quarter turn clockwise at a time")
    func corners() {
        let topLeft = Point(x: 0, y: 0)
        let topRight = Point(x: 4, y: 0)
        #expect(OutputRotation.none.panelPoint(topLeft, scene: Self.scene) == Point(x: 0, y: 0))
        // 90: the scene's top-left is at the panel's top-right (panel 2 wide), its top-right at bottom-right.
        #expect(OutputRotation.clockwise90.panelPoint(topLeft, scene: Self.scene) == Point(x: 2, y: 0))
        #expect(OutputRotation.clockwise90.panelPoint(topRight, scene: Self.scene) == Point(x: 2, y: 4))
        #expect(OutputRotation.upsideDown.panelPoint(topLeft, scene: Self.scene) == Point(x: 4, y: 2))
        #expect(OutputRotation.clockwise270.panelPoint(topLeft, scene: Self.scene) == Point(x: 0, y: 4))
        #expect(OutputRotation.clockwise270.panelPoint(topRight, scene: Self.scene) == Point(x: 0, y: 0))
    }

    @Test("Panel to scene undoes scene to panel", arguments: OutputRotation.allCases)
    func roundTrip(rotation: OutputRotation) {
        for p in [Point(x: 0.5, y: 1.25), Point(x: 3, y: 0), Point(x: 4, y: 2)] {
            let back = rotation.scenePoint(rotation.panelPoint(p, scene: Self.scene), scene: Self.scene)
            #expect(back == p)
        }
    }

    @Test("A pixel's panel position is the pixel its centre maps into", arguments: OutputRotation.allCases)
    func pixels(rotation: OutputRotation) {
        let panel = rotation.sceneSize(panel: Self.scene)
        var seen = Set<Int>()
        for y in 0..<Self.scene.height {
            for x in 0..<Self.scene.width {
                let centre = rotation.panelPoint(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), scene: Self.scene)
                let pixel = rotation.panelPixel(x: x, y: y, scene: Self.scene)
                #expect(pixel.x == Int(centre.x.rounded(.down)) && pixel.y == Int(centre.y.rounded(.down)))
                #expect((0..<panel.width).contains(pixel.x) && (0..<panel.height).contains(pixel.y))
                seen.insert(pixel.y * panel.width + pixel.x)
            }
        }
        #expect(seen.count == Self.scene.pixelCount)
    }

    @Test("A rectangle's panel rectangle holds exactly its pixels' panel pixels", arguments: OutputRotation.allCases)
    func rects(rotation: OutputRotation) {
        let rect = PixelRect(x: 1, y: 0, width: 2, height: 1)
        let mapped = rotation.panelRect(rect, scene: Self.scene)
        #expect(mapped.pixelCount == rect.pixelCount)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = rotation.panelPixel(x: x, y: y, scene: Self.scene)
                #expect(mapped.contains(PixelRect(x: p.x, y: p.y, width: 1, height: 1)))
            }
        }
    }

    @Test("DRM's plane rotation runs counter-clockwise")
    func drmBits() {
        #expect(OutputRotation.none.drmPlaneRotation == 1)
        #expect(OutputRotation.clockwise90.drmPlaneRotation == 8)
        #expect(OutputRotation.upsideDown.drmPlaneRotation == 4)
        #expect(OutputRotation.clockwise270.drmPlaneRotation == 2)
    }

    @Test("The scan-out copy turns the pixels and writes XRGB8888", arguments: OutputRotation.allCases)
    func scanout(rotation: OutputRotation) {
        // Each scene pixel's red channel is its index; green 7, blue 9, premultiplied opaque.
        var bytes: [UInt8] = []
        for i in 0..<Self.scene.pixelCount { bytes += [UInt8(i), 7, 9, 255] }
        let source = PixelBuffer(size: Self.scene, bytes: bytes)
        let panel = rotation.sceneSize(panel: Self.scene)
        let pitch = panel.width * 4 + 8
        var out = [UInt8](repeating: 0, count: pitch * panel.height)
        out.withUnsafeMutableBytes { ScanoutCopy.copy(source, rotation: rotation, into: $0, pitch: pitch) }
        for y in 0..<Self.scene.height {
            for x in 0..<Self.scene.width {
                let p = rotation.panelPixel(x: x, y: y, scene: Self.scene)
                let at = p.y * pitch + p.x * 4
                #expect(Array(out[at..<at + 4]) == [9, 7, UInt8(y * Self.scene.width + x), 0xFF])
            }
        }
        // The padding at the end of each row is left alone.
        #expect(out[panel.width * 4] == 0)
    }

    @Test("A part of the scene placed at its origin copies only its pixels", arguments: OutputRotation.allCases)
    func scanoutPart(rotation: OutputRotation) {
        // Scene pixel (2, 1) alone, read back as a 1x1 buffer.
        let part = PixelBuffer(size: PixelSize(width: 1, height: 1), bytes: [200, 100, 50, 255])
        let panel = rotation.sceneSize(panel: Self.scene)
        var out = [UInt8](repeating: 0, count: panel.pixelCount * 4)
        out.withUnsafeMutableBytes {
            ScanoutCopy.copy(
                part, origin: (2, 1), scene: Self.scene, rotation: rotation, into: $0, pitch: panel.width * 4)
        }
        let p = rotation.panelPixel(x: 2, y: 1, scene: Self.scene)
        let at = (p.y * panel.width + p.x) * 4
        #expect(Array(out[at..<at + 4]) == [50, 100, 200, 255])
        #expect(out.filter { $0 != 0 }.count == 4)
    }
}
