import AnimKit
import AnimRender
import AnimTestSupport
import Foundation
import Synchronization
import Testing

/// CATiledLayer against the real daemon: the server asks the SDK's `TiledLayer` for the tiles it shows at the
/// level of detail the scale needs, draws them once they arrive (faded in over 0.25 s), and keeps a coarser tile
/// where a finer one never comes (docs/core-animation-rules.md#catiledlayer). The output is 160 × 120.
@Suite struct TiledLayerIntegrationTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// The tiles a layer was asked for, in order.
    final class TileLog: Sendable {
        private let tiles = Mutex<[TileContext]>([])
        /// Tiles of these (level, column, row) are never drawn.
        let withheld = Mutex<Set<[Int]>>([])

        var all: [TileContext] { tiles.withLock { $0 } }

        func draw(_ tile: TileContext) -> [UInt8]? {
            tiles.withLock { $0.append(tile) }
            if withheld.withLock({ $0.contains([tile.level, tile.column, tile.row]) }) { return nil }
            return TiledLayerIntegrationTests.pixels(tile)
        }
    }

    /// A checkerboard of 20-point squares over a green ramp; blue says the level (64 × (level + 1)).
    static func pixels(_ tile: TileContext) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: tile.width * tile.height * 4)
        for y in 0..<tile.height {
            for x in 0..<tile.width {
                let p = tile.point(x: x, y: y)
                let i = (y * tile.width + x) * 4
                out[i] = (Int(p.x / 20) + Int(p.y / 20)) % 2 == 0 ? 230 : 40
                out[i + 1] = UInt8(Int(p.x) % 256)
                out[i + 2] = UInt8(64 * (tile.level + 1))
            }
        }
        return out
    }

    /// A 2048-point tiled layer at the output's origin (anchor at its top left), 64-pixel tiles, levels −1 … 2.
    static func tiledLayer(_ client: Connection, log: TileLog, scale: Double) -> TiledLayer {
        Transaction.begin()
        Transaction.disableActions = true
        let layer = TiledLayer(connection: client)
        layer.anchorPoint = Point(x: 0, y: 0)
        layer.position = Point(x: 0, y: 0)
        layer.bounds = Rect(x: 0, y: 0, width: 2048, height: 2048)
        layer.tileSize = Size(width: 64, height: 64)
        layer.levelsOfDetail = 3
        layer.levelsOfDetailBias = 1
        layer.transform = .scale(scale, scale, 1)
        layer.drawTile = { log.draw($0) }
        Transaction.commit()
        return layer
    }

    static func zoom(_ layer: TiledLayer, to scale: Double) {
        Transaction.begin()
        Transaction.disableActions = true
        layer.transform = .scale(scale, scale, 1)
        Transaction.commit()
    }

    /// The commit's frame asked for its tiles, the layer drew them on the delegate queue and the server has them.
    static func settle(_ client: Connection) throws {
        try client.sync()
        try client.sync()
    }

    static func cells(_ tiles: ArraySlice<TileContext>) -> [[Int]] { tiles.map { [$0.level, $0.column, $0.row] } }

    @Test func onlyTheVisibleTilesAreRequestedAtTheLevelTheScaleNeeds() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "tiled")
        let log = TileLog()
        let layer = Self.tiledLayer(client, log: log, scale: 1)
        try Self.settle(client)
        // Scale 1: level 0, 64-point tiles; 160 × 120 points show: 3 columns, 2 rows.
        #expect(Self.cells(log.all[...]) == [[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 0, 1], [0, 1, 1], [0, 2, 1]])
        #expect(log.all.first?.rect == Rect(x: 0, y: 0, width: 64, height: 64) && log.all.first?.scale == 1)
        // A quarter: level 2, 256-point tiles over 640 × 480 points.
        Self.zoom(layer, to: 0.25)
        try Self.settle(client)
        #expect(Self.cells(log.all[6...]) == [[2, 0, 0], [2, 1, 0], [2, 2, 0], [2, 0, 1], [2, 1, 1], [2, 2, 1]])
        #expect(log.all.last?.scale == 0.25 && log.all.last?.rect == Rect(x: 512, y: 256, width: 256, height: 256))
        // Back to 1: those tiles are held, nothing is asked again.
        Self.zoom(layer, to: 1)
        try Self.settle(client)
        #expect(log.all.count == 12)
        // Twice the size: the magnified level −1, 32-point tiles drawn at 2 pixels a point.
        Self.zoom(layer, to: 2)
        try Self.settle(client)
        #expect(
            Self.cells(log.all[12...]) == [
                [-1, 0, 0], [-1, 1, 0], [-1, 2, 0], [-1, 0, 1], [-1, 1, 1], [-1, 2, 1],
            ])
        #expect(log.all.last?.scale == 2 && log.all.last?.width == 64)
        // setNeedsDisplay(in:) asks again for the tile it meets at the level shown.
        layer.setNeedsDisplay(in: Rect(x: 40, y: 40, width: 2, height: 2))
        try Self.settle(client)
        #expect(Self.cells(log.all[18...]) == [[-1, 1, 1]])
        withExtendedLifetime(layer) {}
    }

    @Test(arguments: TestRenderers.all)
    func theTilesAreDrawnOnceTheyArriveAndHaveFadedIn(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "tiled")
        let start = try client.clock(.query).time
        let log = TileLog()
        let layer = Self.tiledLayer(client, log: log, scale: 0.5)
        try Self.settle(client)
        // Half size: level 1, its pixels one to one with the output's; 3 × 2 tiles of 128 points over 320 × 240.
        #expect(Self.cells(log.all[...]) == [[1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 0, 1], [1, 1, 1], [1, 2, 1]])
        // Halfway through the fade the tiles are drawn at half their alpha over the black output.
        try moveClock(client, to: start + 0.125)
        let half = try client.screenshot()
        #expect(
            abs(Int(half.pixels[(10 * 160 + 10) * 4 + 2]) - 64) <= 2, "blue \(half.pixels[(10 * 160 + 10) * 4 + 2])")
        try moveClock(client, to: start + 1)
        let shot = try client.screenshot()
        let actual = PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
        let golden = try GoldenImage.read(
            Self.goldens.appendingPathComponent("tiled-level-1.png"), recording: renderer == "software" ? actual : nil)
        let comparison = try GoldenImage.compare(
            actual, against: golden, RenderTolerance.golden(renderer: renderer), label: "\(renderer)-tiled-level-1")
        #expect(comparison.passes, "\(comparison.message)")
        withExtendedLifetime(layer) {}
    }

    @Test func aTileThatNeverArrivesLeavesTheCoarserOneDrawn() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "tiled")
        let start = try client.clock(.query).time
        let log = TileLog()
        let layer = Self.tiledLayer(client, log: log, scale: 0.5)
        try Self.settle(client)
        log.withheld.withLock { $0 = [[0, 0, 0]] }
        Self.zoom(layer, to: 1)
        try Self.settle(client)
        #expect(Self.cells(log.all[6...]) == [[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 0, 1], [0, 1, 1], [0, 2, 1]])
        try moveClock(client, to: start + 1)
        let shot = try client.screenshot()
        func blue(_ x: Int, _ y: Int) -> UInt8 { shot.pixels[(y * 160 + x) * 4 + 2] }
        // Level 1's tile where level 0's never came, level 0 everywhere else.
        #expect(blue(10, 10) == 128 && blue(60, 60) == 128)
        #expect(blue(70, 10) == 64 && blue(10, 70) == 64 && blue(150, 110) == 64)
        withExtendedLifetime(layer) {}
    }

    @Test func thePanAndZoomExampleRunsToItsEnd() throws {
        let daemon = try DaemonHarness(clock: "monotonic")
        let result = try BuiltProgram.run(
            "panzoom", ["--socket", daemon.socketPath, "--size", "160x120", "--hold", "0"])
        #expect(result.status == 0, "\(result.standardError)")
        let drawn = result.standardOutput.split(separator: "\n").last { $0.hasSuffix(" tiles drawn") }
        let count = drawn.flatMap { Int($0.split(separator: " ")[0]) } ?? 0
        // At least the whole map's tile and those of each zoom's first frame.
        #expect(count >= 4, "\(result.standardOutput)")
    }

    @Test func scrollHelpersMoveTheNearestScrollLayer() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "scroll")
        Transaction.begin()
        let scroller = ScrollLayer(connection: client)
        scroller.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        let content = Layer(connection: client)
        content.frame = Rect(x: 0, y: 0, width: 1000, height: 1000)
        let inner = Layer(connection: client)
        inner.frame = Rect(x: 200, y: 300, width: 50, height: 50)
        try content.addSublayer(inner)
        try scroller.addSublayer(content)
        Transaction.commit()
        Transaction.begin()
        Transaction.disableActions = true
        inner.scrollPoint(Point(x: 10, y: 20))
        #expect(scroller.bounds.origin == Point(x: 210, y: 320))
        scroller.scrollMode = .vertically
        scroller.scroll(to: Point(x: 5, y: 6))
        #expect(scroller.bounds.origin == Point(x: 210, y: 6))
        // The least move that shows (400, 500, 20 × 20): its bottom edge at the bounds' bottom, vertically only.
        content.scrollRectToVisible(Rect(x: 400, y: 500, width: 20, height: 20))
        #expect(scroller.bounds.origin == Point(x: 210, y: 440))
        scroller.scroll(to: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(scroller.bounds.origin == Point(x: 210, y: 0))
        // With no scroll layer above, nothing moves.
        let lone = Layer(connection: client)
        lone.scrollPoint(Point(x: 5, y: 5))
        Transaction.commit()
        try client.sync()
        #expect(try scroller.presentation().bounds.origin == Point(x: 210, y: 0))
        withExtendedLifetime([scroller, content, inner, lone]) {}
    }
}
