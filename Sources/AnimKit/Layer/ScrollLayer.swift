import AnimCore

/// CAScrollLayer: shows the part of its sublayers its bounds origin scrolls to.
open class ScrollLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .scroll }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
