import AnimCore

/// CATextLayer: a string in a font, laid out in the bounds.
open class TextLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .text }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }
}
