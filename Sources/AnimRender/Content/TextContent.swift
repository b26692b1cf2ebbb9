import AnimCore
import CCairo

/// CATextLayer's own drawing (docs/core-animation-rules.md#special-layer-classes): `string` in `font` at `fontSize` and
/// `foregroundColor`, laid out by `TextLayout`, the first line's ascent at the top of the bounds, lines `height` of the
/// font's extents apart, aligned per `alignmentMode` (natural is left), clipped to the bounds. Drawn in a space whose
/// origin is the bounds' top-left corner. Glyphs come from cairo's toy text API with metric hinting off, so the layout
/// is the same at every raster scale.
struct TextContent {
    enum Alignment: String {
        case natural, left, right, center, justified
    }

    let string: String
    let face: FontFace
    let fontSize: Double
    let color: Color
    let wrapped: Bool
    let truncation: TextLayout.Truncation
    let alignment: Alignment
    let size: Size

    /// Glyphs larger than this many pixels are filled as outlines instead of drawn from cairo's glyph cache (which
    /// would rasterize each whole glyph, however much of it the bounds clip away).
    static let largestCachedGlyph = 256.0

    init?(_ properties: TextLayerProperties, size: Size) {
        guard let string = properties.string, !string.isEmpty, let color = properties.foregroundColor,
            color.isFinite, color.alpha > 0, properties.fontSize.isFinite, properties.fontSize > 0, size.isFinite,
            size.width > 0, size.height > 0
        else { return nil }
        self.string = string
        face = FontFace(name: properties.font)
        fontSize = properties.fontSize
        self.color = color.clamped
        wrapped = properties.isWrapped
        truncation = TextLayout.Truncation(rawValue: properties.truncationMode) ?? .none
        alignment = Alignment(rawValue: properties.alignmentMode) ?? .natural
        self.size = size
    }

    /// Draws into `canvas`, whose user space `grid` has set to local units from the bounds' corner.
    func draw(on canvas: ContentCanvas, grid: ContentGrid) throws(ContentCanvas.Failure) {
        let cr = canvas.cr
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        cairo_select_font_face(
            cr, face.family, face.italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
            face.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, fontSize)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        try canvas.check("font \(face.family)")
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        let lineHeight = extents.height > 0 ? extents.height : fontSize
        let layout = TextLayout(
            width: size.width, wrapped: wrapped, truncation: truncation,
            maxLines: max(1, Int(min(size.height / lineHeight, 1e6).rounded(.up))),
            measure: { Self.advance(of: $0, cr) })
        let asOutlines = fontSize * max(grid.scaleX, grid.scaleY) > Self.largestCachedGlyph
        ContentCairo.setSource(cr, color)
        for (index, line) in layout.lines(string).enumerated() {
            let baseline = extents.ascent + Double(index) * lineHeight
            if alignment == .justified && line.stretches {
                drawJustified(line.text, baseline: baseline, cr: cr, outlines: asOutlines)
                continue
            }
            let width = Self.advance(of: line.text, cr)
            let x: Double =
                switch alignment {
                case .right: size.width - width
                case .center: (size.width - width) / 2
                case .natural, .left, .justified: 0
                }
            show(line.text, x: x, y: baseline, cr: cr, outlines: asOutlines)
        }
        try canvas.check("text")
    }

    /// The words of `text` spread so the line spans the bounds' width.
    private func drawJustified(_ text: String, baseline: Double, cr: OpaquePointer, outlines: Bool) {
        let words = text.split(separator: " ").map(String.init)
        let widths = words.map { Self.advance(of: $0, cr) }
        let gaps = Double(max(1, words.count - 1))
        let gap = words.count > 1 ? (size.width - widths.reduce(0, +)) / gaps : 0
        var x = 0.0
        for (word, width) in zip(words, widths) {
            show(word, x: x, y: baseline, cr: cr, outlines: outlines)
            x += width + gap
        }
    }

    private func show(_ text: String, x: Double, y: Double, cr: OpaquePointer, outlines: Bool) {
        guard !text.isEmpty else { return }
        cairo_move_to(cr, x, y)
        if outlines {
            cairo_text_path(cr, text)
            cairo_fill(cr)
        } else {
            cairo_show_text(cr, text)
        }
    }

    /// How far `text` advances the pen, in user space.
    static func advance(of text: String, _ cr: OpaquePointer) -> Double {
        guard !text.isEmpty else { return 0 }
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }
}
