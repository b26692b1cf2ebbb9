import AnimCore

/// CAReplicatorLayer: draws its sublayers `instanceCount` times, each step transformed, delayed and tinted.
open class ReplicatorLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .replicator }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
