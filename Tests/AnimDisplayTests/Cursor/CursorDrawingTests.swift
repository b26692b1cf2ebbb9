import AnimCore
import AnimRender
import Logging
import Synchronization
import Testing

@testable import AnimDisplay

@Suite("Cursor: the server's arrow drawn over every client's layers")
struct CursorDrawingTests {
    static let size = PixelSize(width: 64, height: 48)
    static let white = Color(red: 1, green: 1, blue: 1)

    /// A client's scene: one white layer over the whole output.
    static var scene: StaticScene {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: 64, height: 48)
        state.position = Point(x: 32, y: 24)
        state.backgroundColor = white
        return StaticScene(
            roots: [LayerID(1)], layers: [LayerID(1): SceneLayer(id: LayerID(1), state: state, sublayers: [])])
    }

    static func output() throws -> HeadlessOutput {
        try HeadlessOutput(
            configuration: OutputConfiguration(size: size, renderer: .software),
            logger: Logger(label: "cursor-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func shot(_ output: HeadlessOutput, frame: UInt64) throws -> PixelBuffer {
        let result = Mutex<Result<Screenshot, ScreenshotError>?>(nil)
        output.screenshotNextFrame([ScreenshotJob(target: .output, completion: { r in result.withLock { $0 = r } })])
        output.submit(DisplayFrame(frame: frame, time: Double(frame), scenes: [scene]))
        output.waitUntilIdle()
        return try #require(result.withLock { $0 }).get().pixels
    }

    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> [UInt8] { [p.r, p.g, p.b] }

    /// The arrow's image: its tip (the hotspot) is outlined white, its body black, outside it transparent.
    @Test func theArrowIsABlackBodyOutlinedInWhite() {
        let image = CursorImage.arrow
        #expect(image.hotspot == Point(x: 1, y: 1))
        let body = image.pixels.pixel(x: 4, y: 10)
        #expect(body.a == 255 && Self.rgb(body) == [0, 0, 0])
        let outside = image.pixels.pixel(x: 12, y: 4)
        #expect(outside.a == 0)
        // The left edge's outline: the stroke's half pixel either side of x = 1.5 covers column 1 fully.
        let edge = image.pixels.pixel(x: 1, y: 10)
        #expect(edge.a == 255 && edge.r >= 200, "\(edge)")
    }

    @Test func aPointerPositionPutsTheArrowsTipThereOverTheScene() throws {
        let output = try Self.output()
        let hidden = try Self.shot(output, frame: 1)
        #expect(Self.rgb(hidden.pixel(x: 23, y: 19)) == [255, 255, 255])
        #expect(!output.needsRedraw)

        output.cursor.update(position: Point(x: 20, y: 10), visible: true)
        #expect(output.needsRedraw, "a cursor that moves wants a frame though the scene is still")
        let shown = try Self.shot(output, frame: 2)
        #expect(!output.needsRedraw)
        // The image's (4, 10), inside the arrow, at the tip (20, 10) less the hotspot (1, 1) plus (4, 10).
        #expect(Self.rgb(shown.pixel(x: 23, y: 19)) == [0, 0, 0])
        // Right of the arrow's slanted edge: the scene.
        #expect(Self.rgb(shown.pixel(x: 31, y: 13)) == [255, 255, 255])
        // Above and left of the tip: the scene.
        #expect(Self.rgb(shown.pixel(x: 18, y: 8)) == [255, 255, 255])

        // Moved: drawn at the new place, the old one shows the scene again.
        output.cursor.update(position: Point(x: 40.7, y: 20.2), visible: true)
        let moved = try Self.shot(output, frame: 3)
        #expect(Self.rgb(moved.pixel(x: 23, y: 19)) == [255, 255, 255])
        #expect(Self.rgb(moved.pixel(x: 43, y: 29)) == [0, 0, 0])

        output.cursor.update(position: Point(x: 40.7, y: 20.2), visible: false)
        let gone = try Self.shot(output, frame: 4)
        #expect(Self.rgb(gone.pixel(x: 43, y: 29)) == [255, 255, 255])
    }

    @Test func aHiddenCursorThatMovesAsksForNoFrame() {
        let cursor = CursorOverlay()
        cursor.update(position: Point(x: 5, y: 5), visible: false)
        #expect(!cursor.needsFrame)
        cursor.update(position: Point(x: 5, y: 5), visible: true)
        #expect(cursor.needsFrame)
    }
}
