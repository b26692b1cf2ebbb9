import AnimCore
import Testing

@testable import AnimRender

@Suite("Tiled layer levels")
struct TiledLayerLevelsTests {
    static func levels(_ count: Double, bias: Double = 0, tile: Double = 256, scale: Double = 1) -> TiledLayerLevels {
        var properties = TiledLayerProperties()
        properties.levelsOfDetail = count
        properties.levelsOfDetailBias = bias
        properties.tileSize = Size(width: tile, height: tile)
        return TiledLayerLevels(properties, contentsScale: scale)
    }

    @Test func theLevelIsTheCoarsestStillAsFineAsTheScreen() {
        let l = Self.levels(4, bias: 2)
        #expect(l.levels == -2...3)
        #expect(l.level(forScreenScale: 1) == 0)
        #expect(l.level(forScreenScale: 0.7) == 0)
        #expect(l.level(forScreenScale: 0.5) == 1)
        #expect(l.level(forScreenScale: 0.26) == 1)
        #expect(l.level(forScreenScale: 0.25) == 2)
        #expect(l.level(forScreenScale: 0.01) == 3)  // as coarse as the layer goes
        #expect(l.level(forScreenScale: 1.5) == -1)
        #expect(l.level(forScreenScale: 2) == -1)
        #expect(l.level(forScreenScale: 2.01) == -2)
        #expect(l.level(forScreenScale: 64) == -2)  // as fine as the bias allows
        #expect(l.scale(ofLevel: -2) == 4 && l.scale(ofLevel: 3) == 0.125)
        // The default: one level, no magnification.
        #expect(Self.levels(1).levels == 0...0)
        #expect(Self.levels(0).levels == 0...0)
        // contentsScale 2: level 0 is 2 pixels a point already.
        #expect(Self.levels(3, scale: 2).level(forScreenScale: 1) == 1)
    }

    @Test func tilesCoverTheVisibleAreaWithinTheBounds() {
        let l = Self.levels(3, tile: 100)
        let bounds = Rect(x: 0, y: 0, width: 1000, height: 450)
        #expect(l.tileSide(atLevel: 1) == Size(width: 200, height: 200))
        let visible = Rect(x: 150, y: 0, width: 120, height: 101)
        #expect(
            l.tiles(atLevel: 0, meeting: visible, in: bounds, limit: 100).map { [$0.column, $0.row] } == [
                [1, 0], [2, 0], [1, 1], [2, 1],
            ])
        #expect(
            l.tiles(atLevel: 1, meeting: visible, in: bounds, limit: 100).map { [$0.column, $0.row] } == [
                [0, 0], [1, 0],
            ])
        // The last row is cut by the bounds: no row past it.
        #expect(
            l.tiles(atLevel: 2, meeting: bounds, in: bounds, limit: 100).map { [$0.column, $0.row] } == [
                [0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1],
            ])
        #expect(l.tiles(atLevel: 0, meeting: Rect(x: 2000, y: 0, width: 5, height: 5), in: bounds, limit: 100).isEmpty)
        #expect(l.tiles(atLevel: 0, meeting: bounds, in: bounds, limit: 7).count == 7)
        #expect(
            l.rect(of: TileAddress(level: 1, column: 4, row: 2), in: bounds)
                == Rect(x: 800, y: 400, width: 200, height: 200))
        #expect(
            TileAddress(level: 0, column: 5, row: 3).ancestor(atLevel: 2) == TileAddress(level: 2, column: 1, row: 0))
    }

    @Test func theViewIsWhatTheOutputShowsAtTheLayersScale() throws {
        // A 32768-point layer scaled by 1/8 and moved so that its point (4096, 4096) is at the output's origin.
        let world = Transform3D.scale(0.125, 0.125, 1).concatenating(.translation(-512, -512, 0))
        let view = try #require(
            TiledLayerView(
                world: world, area: Rect(x: 0, y: 0, width: 32768, height: 32768),
                viewport: Rect(x: 0, y: 0, width: 800, height: 600)))
        #expect(abs(view.screenScale - 0.125) < 1e-12)
        #expect(abs(view.visible.minX - 4096) < 1e-6 && abs(view.visible.maxX - 10496) < 1e-6)
        #expect(abs(view.visible.minY - 4096) < 1e-6 && abs(view.visible.maxY - 8896) < 1e-6)
        #expect(
            TiledLayerView(
                world: .translation(2000, 0, 0), area: Rect(x: 0, y: 0, width: 100, height: 100),
                viewport: Rect(x: 0, y: 0, width: 800, height: 600)) == nil)
    }
}
