import AnimCore
import CCairo
import CPango

/// CATextLayer's own drawing (docs/core-animation-rules.md#text): `string` (plain or attributed) in `font` at
/// `fontSize` and `foregroundColor`, laid out by `TextLayout` (Pango), clipped to the bounds. Drawn in a space whose
/// origin is the bounds' top-left corner, so the same layout gives every raster scale and every tile.
struct TextContent: Sendable {
    enum Alignment: String, Sendable {
        case natural, left, right, center, justified
    }

    enum Truncation: String, Sendable {
        case none, start, middle, end
    }

    let text: AttributedText
    let face: FontFace
    let fontSize: Double
    let color: Color
    let wrapped: Bool
    let truncation: Truncation
    let alignment: Alignment
    let size: Size

    /// Glyphs larger than this many pixels are filled as outlines instead of drawn from cairo's glyph cache (which
    /// would rasterize each whole glyph, however much of it the bounds or a tile clip away).
    static let largestCachedGlyph = 1024.0

    init?(_ properties: TextLayerProperties, size: Size) {
        guard let text = properties.string, !text.string.isEmpty, text.problem() == nil,
            let color = properties.foregroundColor, color.isFinite,
            properties.fontSize.isFinite, properties.fontSize > 0, size.isFinite, size.width > 0, size.height > 0
        else { return nil }
        // Text that is only spaces and line breaks draws nothing (unless a run underlines it).
        guard
            text.string.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
                || text.runs.contains(where: { $0.underline != .none && $0.length > 0 })
        else { return nil }
        self.text = text
        face = FontFace(name: properties.font)
        fontSize = properties.fontSize
        self.color = color.clamped
        wrapped = properties.isWrapped
        truncation = Truncation(rawValue: properties.truncationMode) ?? .none
        alignment = Alignment(rawValue: properties.alignmentMode) ?? .natural
        self.size = size
    }

    /// Draws into `canvas`, whose user space `grid` has set to local units from the bounds' corner.
    func draw(on canvas: ContentCanvas, grid: ContentGrid) throws(ContentCanvas.Failure) {
        let cr = canvas.cr
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        guard let layout = TextLayout(self, cr: cr) else { throw .cairo("no Pango layout") }
        let largestSize = text.runs.reduce(fontSize) { max($0, $1.fontSize ?? 0) }
        let asOutlines = largestSize * max(grid.scaleX, grid.scaleY) > Self.largestCachedGlyph
        ContentCairo.setSource(cr, color)
        for line in layout.lines(above: size.height) {
            cairo_move_to(cr, line.x, line.baseline)
            if asOutlines {
                // Outlines take one colour: the layer's (runs' colours and colour glyphs need the glyph cache).
                pango_cairo_layout_line_path(cr, line.line)
                cairo_fill(cr)
            } else {
                pango_cairo_show_layout_line(cr, line.line)
            }
        }
        try canvas.check("text")
    }
}
