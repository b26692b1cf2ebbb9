import AnimCore
import Testing

@testable import AnimRender

@Suite("Tile maths")
struct TileMathsTests {
    @Test func theGridCutsEdgeTilesShort() {
        let grid = TileGrid(imageSize: PixelSize(width: 20000, height: 300))
        #expect(grid.columns == 79 && grid.rows == 2)
        #expect(grid.pixels(of: TileIndex(column: 78, row: 1)) == PixelRect(x: 19968, y: 256, width: 32, height: 44))
        #expect(grid.texture(of: TileIndex(column: 0, row: 0)) == PixelRect(x: -1, y: -1, width: 258, height: 258))
        #expect(grid.textureBytes(of: TileIndex(column: 3, row: 0)) == 258 * 258 * 4)
        #expect(grid.column(at: -5) == 0 && grid.column(at: 255.9) == 0 && grid.column(at: 256) == 1)
        #expect(grid.column(at: 1e9) == 78 && grid.row(at: 299.5) == 1 && grid.row(at: .infinity) == 1)
    }

    @Test func aTileCarriesItsNeighboursAndTheEdgeInItsBorder() {
        // Pixel (x, y) = (x, y, x + y, 255) in BGRA order: converted to RGBA on the way.
        let width = 5
        let height = 3
        var bytes = [UInt8]()
        for y in 0..<height { for x in 0..<width { bytes += [UInt8(x + y), UInt8(y), UInt8(x), 255] } }
        let owner = BytesOwner(bytes)
        let image = RenderImage(
            key: RenderImage.Key(source: 1, image: 1), width: width, height: height, stride: width * 4,
            format: .bgra8Premultiplied, bytes: owner.raw, owner: owner)
        let grid = TileGrid(imageSize: image.size, tileSize: 2)
        let tile = TileRaster.pixels(of: image, tile: TileIndex(column: 1, row: 0), grid: grid)
        // Texture x −1…4 → image columns 1…4 (x 4 is the next tile's first column), rows −1…2 → 0, 0, 1, 2.
        #expect(tile.count == 4 * 4 * 4)
        func px(_ i: Int, _ j: Int) -> [UInt8] { Array(tile[(j * 4 + i) * 4..<(j * 4 + i) * 4 + 4]) }
        #expect(px(0, 0) == [1, 0, 1, 255])
        #expect(px(1, 1) == [2, 0, 2, 255])
        #expect(px(3, 3) == [4, 2, 6, 255])
        // The last column: its right border repeats the image's last column.
        let last = TileRaster.pixels(of: image, tile: TileIndex(column: 2, row: 1), grid: grid)
        #expect(last.count == 3 * 3 * 4)
        #expect(Array(last[4..<8]) == [4, 1, 5, 255])  // texture (1, 0) = image (4, 1)
        #expect(Array(last[8..<12]) == [4, 1, 5, 255])  // texture (2, 0): past the edge, image (4, 1) again
        #expect(Array(last[32..<36]) == [4, 2, 6, 255])  // texture (2, 2): corner past both edges
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedWithinItsBudget() {
        var cache = ByteBudgetCache<Int, String>(budget: 30)
        #expect(cache.insert("a", bytes: 10, for: 1).isEmpty)
        #expect(cache.insert("b", bytes: 10, for: 2).isEmpty)
        #expect(cache.insert("c", bytes: 10, for: 3).isEmpty)
        #expect(cache.value(for: 1) == "a")  // 1 is now the most recent
        #expect(cache.insert("d", bytes: 10, for: 4) == ["b"])
        #expect(cache.bytes == 30 && cache.count == 3 && !cache.contains(2))
        #expect(cache.insert("e", bytes: 25, for: 5).sorted() == ["a", "c", "d"])
        // An entry over the budget is still held, alone.
        #expect(cache.insert("f", bytes: 40, for: 6) == ["e"])
        #expect(cache.count == 1 && cache.bytes == 40)
        #expect(cache.insert("g", bytes: 5, for: 6) == ["f"])
        #expect(cache.bytes == 5)
    }

    static func visibility(_ transform: Transform3D, clampToSource: Bool = false) throws -> TileVisibility {
        let grid = TileGrid(imageSize: PixelSize(width: 20000, height: 300))
        return TileVisibility(
            grid: grid, map: try #require(ProjectiveMap(transform)), rect: Rect(x: 0, y: 0, width: 20000, height: 300),
            source: Rect(x: 0, y: 0, width: 20000, height: 300), clampToSource: clampToSource)
    }

    @Test func onlyTilesUnderVisiblePixelsAreNeeded() throws {
        let view = PixelRect(x: 0, y: 0, width: 256, height: 256)
        #expect(try Self.visibility(.identity).tiles(visible: view) == [TileIndex(column: 0, row: 0)])
        let scrolled = try Self.visibility(.translation(-100, 0, 0)).tiles(visible: view)
        #expect(scrolled == [TileIndex(column: 0, row: 0), TileIndex(column: 1, row: 0)])
        // Shifted down by 100: rows 0 and 1 of columns 0 and 1 ... rows 0–155 of the image only: row 0.
        let down = try Self.visibility(.translation(-300, 100, 0)).tiles(visible: view)
        #expect(down == [TileIndex(column: 1, row: 0), TileIndex(column: 2, row: 0)])
        // Half scale: 512 image pixels across, rows 0…1.
        let half = try Self.visibility(.scale(0.5, 0.5, 1)).tiles(visible: view)
        #expect(half.count == 4 && half.contains(TileIndex(column: 1, row: 1)))
        // Far right: the last column only.
        let end = try Self.visibility(.translation(-19900, 0, 0)).tiles(visible: view)
        #expect(end == [TileIndex(column: 77, row: 0), TileIndex(column: 78, row: 0)])
        // Nothing visible: no tiles.
        #expect(try Self.visibility(.translation(0, 400, 0)).tiles(visible: view).isEmpty)
    }

    @Test func rotatedDrawsSkipTheTilesOutsideTheView() throws {
        // Rotated 45°: the image's diagonal band crosses the view; a tile far along the image is not needed.
        let t = Transform3D.rotation(.pi / 4, 0, 0, 1)
        let tiles = try Self.visibility(t).tiles(visible: PixelRect(x: 0, y: 0, width: 256, height: 256))
        #expect(!tiles.isEmpty)
        #expect(tiles.allSatisfy { $0.column <= 2 })
        // The bounding box of the preimage would include (0, 1); the polygon test keeps only tiles it meets.
        for tile in tiles {
            let rect = TileGrid(imageSize: PixelSize(width: 20000, height: 300)).pixels(of: tile)
            let centre = Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
            let corners = [
                Point(x: Double(rect.x), y: Double(rect.y)), Point(x: Double(rect.maxX), y: Double(rect.y)),
                Point(x: Double(rect.x), y: Double(rect.maxY)), Point(x: Double(rect.maxX), y: Double(rect.maxY)),
                centre,
            ]
            let projected = corners.compactMap { try? #require(ProjectiveMap(t)).project($0) }
            #expect(projected.contains { $0.x > -260 && $0.x < 520 && $0.y > -260 && $0.y < 520 }, "\(tile)")
        }
    }

    @Test func perspectiveBehindTheEyeIsNotNeeded() throws {
        // A plane tilted away so that the far end of the image passes behind the eye.
        let t = Transform3D.rotation(1.3, 0, 1, 0).concatenating(.perspective(eyeDistance: 500))
            .concatenating(.translation(128, 0, 0))
        let tiles = try Self.visibility(t).tiles(visible: PixelRect(x: 0, y: 0, width: 256, height: 256))
        #expect(!tiles.isEmpty)
        #expect(tiles.count < 79 * 2)
    }

    @Test func projectiveMapRoundTrips() throws {
        let t = Transform3D.rotation(0.5, 1, 0, 0).concatenating(.perspective(eyeDistance: 300))
            .concatenating(.translation(40, 50, 0))
        let map = try #require(ProjectiveMap(t))
        let q = Point(x: 12, y: -7)
        let p = try #require(map.project(q))
        let back = try #require(map.unproject(p))
        #expect(abs(back.x - q.x) < 1e-9 && abs(back.y - q.y) < 1e-9)
        #expect(ProjectiveMap(.scale(1, 0, 1)) == nil)
    }
}
