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
                fillOutlines(line, cr: cr)
            } else {
                pango_cairo_show_layout_line(cr, line.line)
            }
        }
        try canvas.check("text")
    }

    /// A line filled as glyph outlines, run by run in each run's foreground colour (else the layer's). Colour glyphs
    /// (emoji) have no outlines and underlines are not drawn this way: only glyphs beyond `largestCachedGlyph` are.
    private func fillOutlines(_ line: TextLayout.Line, cr: OpaquePointer) {
        let units = Double(PANGO_SCALE)
        var x = line.x
        var node = line.line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                let item = run.pointee.item, let glyphs = run.pointee.glyphs
            else { continue }
            var rgb = (color.red, color.green, color.blue)
            var alpha = color.alpha
            var attributes = item.pointee.analysis.extra_attrs
            while let entry = attributes {
                attributes = entry.pointee.next
                guard let attribute = entry.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
                switch attribute.pointee.klass.pointee.type {
                case PANGO_ATTR_FOREGROUND:
                    if let c = pango_attribute_as_color(attribute)?.pointee.color {
                        rgb = (Double(c.red) / 65535, Double(c.green) / 65535, Double(c.blue) / 65535)
                    }
                case PANGO_ATTR_FOREGROUND_ALPHA:
                    if let a = pango_attribute_as_int(attribute)?.pointee.value { alpha = Double(a) / 65535 }
                default: break
                }
            }
            cairo_move_to(
                cr, x + Double(run.pointee.start_x_offset) / units, line.baseline - Double(run.pointee.y_offset) / units
            )
            pango_cairo_glyph_string_path(cr, item.pointee.analysis.font, glyphs)
            ContentCairo.setSource(cr, Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha))
            cairo_fill(cr)
            x += Double(pango_glyph_string_get_width(glyphs)) / units
        }
    }
}
