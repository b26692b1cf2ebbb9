import AnimCore

/// CATransformLayer: its sublayers keep their 3D positions instead of being flattened into its plane; it
/// draws nothing itself and is never returned by hit testing.
open class TransformLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .transformLayer }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
