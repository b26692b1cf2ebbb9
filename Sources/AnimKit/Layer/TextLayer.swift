import AnimCore

/// CATextLayer: a string in a font, laid out in the bounds.
open class TextLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .text }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    public var string: String? {
        get { read { ($0.special.text ?? TextLayerProperties()).string } }
        set { set(.string, .string(newValue)) }
    }

    /// A font name fontconfig resolves.
    public var font: String {
        get { read { ($0.special.text ?? TextLayerProperties()).font } }
        set { set(.font, .string(newValue)) }
    }

    public var fontSize: Double {
        get { read { ($0.special.text ?? TextLayerProperties()).fontSize } }
        set { set(.fontSize, .number(newValue)) }
    }

    public var foregroundColor: Color? {
        get { read { ($0.special.text ?? TextLayerProperties()).foregroundColor } }
        set { set(.foregroundColor, .color(newValue)) }
    }

    public var isWrapped: Bool {
        get { read { ($0.special.text ?? TextLayerProperties()).isWrapped } }
        set { set(.isWrapped, .bool(newValue)) }
    }

    public var truncationMode: String {
        get { read { ($0.special.text ?? TextLayerProperties()).truncationMode } }
        set { set(.truncationMode, .string(newValue)) }
    }

    public var alignmentMode: String {
        get { read { ($0.special.text ?? TextLayerProperties()).alignmentMode } }
        set { set(.alignmentMode, .string(newValue)) }
    }

    public var allowsFontSubpixelQuantization: Bool {
        get { read { ($0.special.text ?? TextLayerProperties()).allowsFontSubpixelQuantization } }
        set { set(.allowsFontSubpixelQuantization, .bool(newValue)) }
    }
}
