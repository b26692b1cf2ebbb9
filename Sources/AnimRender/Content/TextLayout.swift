import AnimCore
import CCairo
import CPango

/// A CATextLayer's text laid out by Pango (HarfBuzz shaping, FriBidi, fontconfig fallback per character) in the
/// layer's local units, and where each line goes (docs/core-animation-rules.md#text):
///
/// - Paragraphs end at line breaks; with `isWrapped` each wraps at word boundaries to the bounds' width (a word wider
///   than the bounds breaks between characters). Without it each paragraph is one line.
/// - Truncation cuts what does not fit with "…": each line of unwrapped text that is wider than the bounds, or the
///   last line that fits the bounds' height of wrapped text, at its start, middle or end.
/// - The first line's ascent is at the top of the bounds; lines follow at the fonts' line height.
/// - Lines align per `alignmentMode`: natural by the paragraph's base direction (its first strong character: right
///   for Arabic or Hebrew, else left), justified spreads every line but a paragraph's last to the bounds' width.
///
/// Layout does not depend on the raster's scale: metric hinting and glyph position rounding are off.
final class TextLayout {
    /// One line to draw: its left end on the baseline, in local units.
    struct Line {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        let x: Double
        let baseline: Double
        let top: Double
    }

    private let layout: OpaquePointer
    let content: TextContent
    /// Each UTF-16 offset of the string (and its end) as a byte offset in the UTF-8 text Pango holds.
    private var byteOffsets: [Int32] = []

    /// The layout on `cr`'s current transform (its scale picks glyph rasters; it does not move glyphs).
    init?(_ content: TextContent, cr: OpaquePointer) {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        self.layout = layout
        self.content = content
        let context = pango_layout_get_context(layout)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        pango_context_set_round_glyph_positions(context, 0)
        pango_layout_context_changed(layout)

        let text = sanitizedUTF8(Self.visiblePrefix(of: content))
        text.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(clamping: chars.count))
            }
        }
        if let description = content.face.description(size: content.fontSize) {
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        applyRuns()
        let width = Self.pangoUnits(content.size.width)
        if content.wrapped {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if content.truncation != .none { pango_layout_set_height(layout, Self.pangoUnits(content.size.height)) }
        } else if content.truncation != .none {
            // Height -1: each paragraph stays one line, ellipsized to the width.
            pango_layout_set_width(layout, width)
            pango_layout_set_height(layout, -1)
        }
        pango_layout_set_ellipsize(layout, content.truncation.pango)
        pango_layout_set_justify(layout, content.alignment == .justified ? 1 : 0)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Wrapped text cut after the most UTF-16 units its bounds could show (lines of at least 0.8 em, glyphs at
    /// least 0.05 em wide, at the smallest size a run uses), plus one so truncation still sees there is more: a
    /// megabyte-long string is not shaped whole for the few lines that show.
    static func visiblePrefix(of content: TextContent) -> String {
        let string = content.text.string
        guard content.wrapped else { return string }
        let smallest = content.text.runs.reduce(content.fontSize) { size, run in
            guard let s = run.fontSize, s > 0 else { return size }
            return min(size, s)
        }
        let lines = (content.size.height / (0.8 * smallest)).rounded(.up) + 1
        let perLine = (content.size.width / (0.05 * smallest)).rounded(.up) + 1
        let limit = lines * perLine + 1
        guard limit.isFinite, limit < Double(string.utf16.count) else { return string }
        var kept = String.UnicodeScalarView()
        var units = 0
        for scalar in string.unicodeScalars {
            units += scalar.utf16.count
            if Double(units) > limit { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Local units as Pango units (1/1024), within what Pango's ints hold.
    static func pangoUnits(_ value: Double) -> Int32 {
        let units = (value * Double(PANGO_SCALE)).rounded()
        return units.isFinite ? Int32(max(0, min(units, Double(Int32.max / 2)))) : Int32.max / 2
    }

    /// The lines whose box starts above `bottom`, placed.
    func lines(above bottom: Double) -> [Line] {
        var placed: [Line] = []
        guard let iter = pango_layout_get_iter(layout) else { return placed }
        defer { pango_layout_iter_free(iter) }
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var box = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &box)
            let top = Double(box.y) / scale
            if top >= bottom { break }
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            let width = Double(logical.width) / scale
            let rightToLeft = PangoDirection(rawValue: line.pointee.resolved_dir) == PANGO_DIRECTION_RTL
            let slack = content.size.width - width
            let x: Double =
                switch content.alignment {
                case .left: 0
                case .right: slack
                case .center: slack / 2
                case .natural, .justified: rightToLeft ? slack : 0
                }
            placed.append(
                Line(
                    line: line, x: x - Double(logical.x) / scale,
                    baseline: Double(pango_layout_iter_get_baseline(iter)) / scale, top: top))
        } while pango_layout_iter_next_line(iter) != 0
        return placed
    }

    /// The string as UTF-8 for Pango, with C0 control characters other than line breaks and tabs (which Pango would
    /// draw as boxes) shown as nothing (a zero-width space), and the byte offset of every UTF-16 offset recorded.
    private func sanitizedUTF8(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        byteOffsets = []
        byteOffsets.reserveCapacity(string.utf16.count + 1)
        for scalar in string.unicodeScalars {
            let start = Int32(clamping: bytes.count)
            let value = scalar.value
            let shown: Unicode.Scalar =
                (value < 0x20 && value != 0x0A && value != 0x0D && value != 0x09) || value == 0x7F ? "\u{200B}" : scalar
            bytes.append(contentsOf: String(shown).utf8)
            for _ in 0..<scalar.utf16.count { byteOffsets.append(start) }
        }
        byteOffsets.append(Int32(clamping: bytes.count))
        return bytes
    }

    /// Each run's attributes over its bytes (runs that `AttributedText.problem()` would refuse are skipped).
    private func applyRuns() {
        guard !content.text.runs.isEmpty, let list = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(list) }
        for run in content.text.runs {
            // Runs past a cut string (`visiblePrefix`) end with it.
            guard run.location >= 0, run.length > 0, run.location < byteOffsets.count - 1 else { continue }
            let start = UInt32(byteOffsets[run.location])
            let end = UInt32(byteOffsets[min(run.location + run.length, byteOffsets.count - 1)])
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
            if let font = run.font {
                let face = FontFace(name: font)
                add(pango_attr_family_new(face.family))
                add(pango_attr_weight_new(PangoWeight(rawValue: UInt32(clamping: face.weight))))
                add(pango_attr_style_new(face.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL))
            }
            if let size = run.fontSize, size.isFinite, size > 0 {
                add(pango_attr_size_new_absolute(Self.pangoUnits(size)))
            }
            if let color = run.foregroundColor, color.isFinite {
                let c = color.clamped
                func channel(_ v: Double) -> UInt16 { UInt16((v * 65535).rounded()) }
                add(pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)))
                add(pango_attr_foreground_alpha_new(max(1, channel(c.alpha))))
            }
            if run.underline != .none { add(pango_attr_underline_new(run.underline.pango)) }
            if run.kern != 0, run.kern.isFinite {
                let units = (run.kern * Double(PANGO_SCALE)).rounded()
                add(pango_attr_letter_spacing_new(Int32(max(-1e7, min(units, 1e7)))))
            }
        }
        pango_layout_set_attributes(layout, list)
    }
}

extension TextContent.Truncation {
    fileprivate var pango: PangoEllipsizeMode {
        switch self {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }
}

extension AttributedText.Underline {
    fileprivate var pango: PangoUnderline {
        switch self {
        case .none: PANGO_UNDERLINE_NONE
        case .single: PANGO_UNDERLINE_SINGLE
        case .double: PANGO_UNDERLINE_DOUBLE
        }
    }
}
