import AnimCore

/// CAShapeLayer: a path filled and stroked.
open class ShapeLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .shape }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
