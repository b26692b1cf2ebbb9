/// One tile of an image: its column and row in the image's `TileGrid`.
public struct TileIndex: Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    public var description: String { "(\(column), \(row))" }
}

/// An image cut into square tiles (the last column and row may be narrower), each stored with a border of
/// `border` pixels copied from its neighbours (the image's edge pixels repeat outside it) so bilinear sampling
/// across a tile edge reads the same pixels as sampling the whole image does.
public struct TileGrid: Hashable, Sendable {
    public static let defaultTileSize = 256

    public let imageSize: PixelSize
    public let tileSize: Int
    public let border: Int

    /// `tileSize` must be at least 1 and the image not empty (traps otherwise: both are the renderer's choice).
    public init(imageSize: PixelSize, tileSize: Int = TileGrid.defaultTileSize, border: Int = 1) {
        precondition(tileSize >= 1 && border >= 0, "tile size \(tileSize), border \(border)")
        precondition(imageSize.width >= 1 && imageSize.height >= 1, "tiles of an empty image \(imageSize)")
        self.imageSize = imageSize
        self.tileSize = tileSize
        self.border = border
    }

    public var columns: Int { (imageSize.width + tileSize - 1) / tileSize }
    public var rows: Int { (imageSize.height + tileSize - 1) / tileSize }

    /// The image pixels the tile holds (without its border).
    public func pixels(of tile: TileIndex) -> PixelRect {
        let x = tile.column * tileSize
        let y = tile.row * tileSize
        return PixelRect(
            x: x, y: y, width: min(tileSize, imageSize.width - x), height: min(tileSize, imageSize.height - y))
    }

    /// The tile's texture: its pixels grown by the border on every side (in image pixels, partly outside the image
    /// at its edges, where the edge pixels repeat).
    public func texture(of tile: TileIndex) -> PixelRect { pixels(of: tile).outset(by: border) }

    /// Bytes of the tile's RGBA8 texture.
    public func textureBytes(of tile: TileIndex) -> Int { texture(of: tile).pixelCount * 4 }

    /// The column holding image x coordinate `x`; coordinates left of the image belong to the first column and
    /// those right of it to the last (sampling outside the image repeats its edge).
    public func column(at x: Double) -> Int { Self.cell(x, tileSize, columns) }

    public func row(at y: Double) -> Int { Self.cell(y, tileSize, rows) }

    private static func cell(_ v: Double, _ size: Int, _ count: Int) -> Int {
        guard v.isFinite else { return v > 0 ? count - 1 : 0 }
        let c = (v / Double(size)).rounded(.down)
        return Int(min(max(c, 0), Double(count - 1)))
    }
}
