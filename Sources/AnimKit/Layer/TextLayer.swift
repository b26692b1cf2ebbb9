import AnimCore

/// CATextLayer: a string in a font, laid out in the bounds (docs/core-animation-rules.md#text).
///
/// `string` and `attributedString` are two views of the one `string` property, as UILabel's `text` and
/// `attributedText` are: setting a plain string clears the runs; reading `string` gives the text without them.
open class TextLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .text }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// The text drawn, in the layer's `font`, `fontSize` and `foregroundColor`; nil draws nothing.
    public var string: String? {
        get { attributedString?.string }
        set { attributedString = newValue.map { AttributedText($0) } }
    }
}
