import AnimCore

/// CAGradientLayer: colours at locations between two points.
open class GradientLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .gradient }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
