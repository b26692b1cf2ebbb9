import AnimCore

/// CATiledLayer: contents drawn in tiles at levels of detail.
open class TiledLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .tiled }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    public var tileSize: Size {
        get { read { ($0.special.tiled ?? TiledLayerProperties()).tileSize } }
        set { set(.tileSize, .size(newValue)) }
    }

    public var levelsOfDetail: Double {
        get { read { ($0.special.tiled ?? TiledLayerProperties()).levelsOfDetail } }
        set { set(.levelsOfDetail, .number(newValue)) }
    }

    public var levelsOfDetailBias: Double {
        get { read { ($0.special.tiled ?? TiledLayerProperties()).levelsOfDetailBias } }
        set { set(.levelsOfDetailBias, .number(newValue)) }
    }
}
