import AnimCore

/// One tile the server asks a `TiledLayer` to draw (docs/core-animation-rules.md#special-layer-classes).
public struct TileContext: Sendable, Hashable {
    /// 0 draws `contentsScale` pixels per point, k 2^-k times that (negative levels magnify).
    public let level: Int
    public let column: Int
    public let row: Int
    /// The part of the layer the tile covers, in layer coordinates.
    public let rect: Rect
    /// Pixels per point: the image is `rect` scaled by this.
    public let scale: Double
    /// The image's size in pixels.
    public let width: Int
    public let height: Int

    public init(level: Int, column: Int, row: Int, rect: Rect, scale: Double, width: Int, height: Int) {
        self.level = level
        self.column = column
        self.row = row
        self.rect = rect
        self.scale = scale
        self.width = width
        self.height = height
    }

    /// The layer point the centre of pixel (x, y) of the tile shows.
    public func point(x: Int, y: Int) -> Point {
        Point(x: rect.minX + (Double(x) + 0.5) / scale, y: rect.minY + (Double(y) + 0.5) / scale)
    }
}

/// CATiledLayer: its content drawn tile by tile, on demand, at the level of detail its on-screen scale needs. The
/// server asks for each tile it shows and lacks; `drawTile` (on the connection's `delegateQueue`) answers with
/// the tile's pixels, which the server fades in over `fadeDuration`. Until then it draws the nearest coarser tile
/// it has, or nothing.
open class TiledLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .tiled }

    /// CATiledLayer `fadeDuration`: the server fades each new tile in over this long.
    public static let fadeDuration = 0.25

    /// Draws a tile: `width × height` pixels of RGBA, premultiplied, top row first (`width × height × 4` bytes),
    /// or nil to leave the tile undrawn. Called on the connection's `delegateQueue`.
    public var drawTile: (@Sendable (TileContext) -> [UInt8]?)? {
        get { drawer.withLock { $0 } }
        set { drawer.withLock { $0 = newValue } }
    }

    private let drawer = Locked<(@Sendable (TileContext) -> [UInt8]?)?>(nil)

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// Draws one tile; calls `drawTile` unless a subclass draws itself.
    open func draw(_ tile: TileContext) -> [UInt8]? {
        drawTile?(tile)
    }

    /// CALayer `setNeedsDisplay()`: every tile is asked for again; the old ones stay drawn until the new arrive.
    public func setNeedsDisplay() {
        connection.invalidateTiles(of: id, in: nil)
    }

    /// CALayer `setNeedsDisplay(_:)`: the tiles meeting `rect` (layer coordinates) are asked for again.
    public func setNeedsDisplay(in rect: Rect) {
        connection.invalidateTiles(of: id, in: rect)
    }
}
