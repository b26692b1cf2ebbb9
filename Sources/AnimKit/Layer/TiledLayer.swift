import AnimCore

/// CATiledLayer: contents drawn in tiles at levels of detail.
open class TiledLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .tiled }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
