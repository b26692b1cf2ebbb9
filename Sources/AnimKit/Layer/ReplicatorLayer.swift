import AnimCore

/// CAReplicatorLayer: draws its sublayers `instanceCount` times, each step transformed, delayed and tinted.
open class ReplicatorLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .replicator }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    public var instanceCount: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceCount } }
        set { set(.instanceCount, .number(newValue)) }
    }

    public var preservesDepth: Bool {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).replicatorPreservesDepth } }
        set { set(.replicatorPreservesDepth, .bool(newValue)) }
    }

    public var instanceDelay: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceDelay } }
        set { set(.instanceDelay, .number(newValue)) }
    }

    public var instanceTransform: Transform3D {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceTransform } }
        set { set(.instanceTransform, .transform(newValue)) }
    }

    public var instanceColor: Color? {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceColor } }
        set { set(.instanceColor, .color(newValue)) }
    }

    public var instanceRedOffset: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceRedOffset } }
        set { set(.instanceRedOffset, .number(newValue)) }
    }

    public var instanceGreenOffset: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceGreenOffset } }
        set { set(.instanceGreenOffset, .number(newValue)) }
    }

    public var instanceBlueOffset: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceBlueOffset } }
        set { set(.instanceBlueOffset, .number(newValue)) }
    }

    public var instanceAlphaOffset: Double {
        get { read { ($0.special.replicator ?? ReplicatorLayerProperties()).instanceAlphaOffset } }
        set { set(.instanceAlphaOffset, .number(newValue)) }
    }
}
