import AnimCore

/// One tile of a CATiledLayer: its level of detail and its column and row in that level's grid.
public struct TileAddress: Hashable, Sendable, CustomStringConvertible {
    public var level: Int
    public var column: Int
    public var row: Int

    public init(level: Int, column: Int, row: Int) {
        self.level = level
        self.column = column
        self.row = row
    }

    /// The tile of level `coarser` (≥ `level`) that holds this one: a tile's side in points doubles from one
    /// level to the next coarser one and every grid starts at the bounds' origin, so the grids nest.
    public func ancestor(atLevel coarser: Int) -> TileAddress {
        let shift = coarser - level
        return TileAddress(level: coarser, column: column >> shift, row: row >> shift)
    }

    public var description: String { "level \(level) (\(column), \(row))" }
}

/// A CATiledLayer's levels of detail (docs/core-animation-rules.md#special-layer-classes): level 0 draws
/// `contentsScale` pixels per point, level k 2^-k times that. `levelsOfDetail` levels minify (0 … levelsOfDetail − 1)
/// and `levelsOfDetailBias` more magnify (−1 … −bias). The layer is drawn from the coarsest level that is still at
/// least as fine as the screen, in tiles of `tileSize` pixels laid from the bounds' origin.
public struct TiledLayerLevels: Hashable, Sendable {
    /// More levels than this would make tiles of less than a pixel or of more points than a Double counts.
    public static let maximumLevels = 24

    public let finest: Int
    public let coarsest: Int
    public let contentsScale: Double
    /// Pixels, each side at least 1.
    public let tileWidth: Int
    public let tileHeight: Int

    public init(_ properties: TiledLayerProperties, contentsScale: Double) {
        func count(_ v: Double) -> Int { v.isFinite ? Int(min(max(v, 0), Double(Self.maximumLevels))) : 0 }
        coarsest = max(count(properties.levelsOfDetail), 1) - 1
        finest = -count(properties.levelsOfDetailBias)
        self.contentsScale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        func side(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), 1), 16384)) : 256 }
        tileWidth = side(properties.tileSize.width)
        tileHeight = side(properties.tileSize.height)
    }

    public var levels: ClosedRange<Int> { finest...coarsest }

    /// Pixels per point of a tile of `level`.
    public func scale(ofLevel level: Int) -> Double {
        var s = contentsScale
        if level > 0 { for _ in 0..<level { s /= 2 } } else { for _ in 0 ..< -level { s *= 2 } }
        return s
    }

    /// The level drawn when the layer shows `screenScale` output pixels per point: the coarsest whose pixels are
    /// no larger than the screen's, within the layer's levels.
    public func level(forScreenScale screenScale: Double) -> Int {
        guard screenScale.isFinite, screenScale > 0 else { return coarsest }
        // A scale a hair under a power of two (rounding in a chain of transforms) is that power of two.
        let exact = log(contentsScale / screenScale) / log(2.0) + 1e-9
        guard exact.isFinite else { return exact > 0 ? coarsest : finest }
        let level = exact.rounded(.down)
        return Int(min(max(level, Double(finest)), Double(coarsest)))
    }

    /// The points a tile of `level` covers, each side.
    public func tileSide(atLevel level: Int) -> Size {
        let s = scale(ofLevel: level)
        return Size(width: Double(tileWidth) / s, height: Double(tileHeight) / s)
    }

    /// The tile's rectangle in layer coordinates, whole (it may reach past the bounds at their far edges).
    public func rect(of tile: TileAddress, in bounds: Rect) -> Rect {
        let side = tileSide(atLevel: tile.level)
        let origin = bounds.standardized.origin
        return Rect(
            x: origin.x + Double(tile.column) * side.width, y: origin.y + Double(tile.row) * side.height,
            width: side.width, height: side.height)
    }

    /// The tiles of `level` meeting `area` (layer coordinates) within `bounds`, row by row, at most `limit`
    /// (the first rows and columns when there are more).
    public func tiles(atLevel level: Int, meeting area: Rect, in bounds: Rect, limit: Int) -> [TileAddress] {
        let b = bounds.standardized
        guard let a = area.standardized.intersection(b) else { return [] }
        let side = tileSide(atLevel: level)
        func cells(
            _ low: Double, _ high: Double, _ origin: Double, _ side: Double, _ extent: Double
        ) -> ClosedRange<Int>? {
            let count = (extent / side).rounded(.up)
            guard count >= 1, count < Double(Int32.max) else { return nil }
            let first = ((low - origin) / side).rounded(.down)
            let last = ((high - origin) / side).rounded(.up) - 1
            let lo = Int(min(max(first, 0), count - 1))
            let hi = Int(min(max(last, first), count - 1))
            return lo...max(lo, hi)
        }
        guard let columns = cells(a.minX, a.maxX, b.minX, side.width, b.width),
            let rows = cells(a.minY, a.maxY, b.minY, side.height, b.height)
        else { return [] }
        var out: [TileAddress] = []
        for row in rows {
            for column in columns {
                guard out.count < limit else { return out }
                out.append(TileAddress(level: level, column: column, row: row))
            }
        }
        return out
    }
}
