import CPango

/// The family, weight and slant a CATextLayer font name asks fontconfig for (docs/core-animation-rules.md#text):
///
/// - A name with a space is read as a Pango font description: the family, then style words ("DejaVu Sans Bold",
///   "Noto Sans CJK SC", "Noto Serif Italic").
/// - A name without a space is PostScript-style: the family, then after the last hyphen the style in CamelCase
///   ("Helvetica-Bold", "Helvetica-BoldOblique", "NotoSansCJKsc-Regular", "DejaVuSans-ExtraLight").
///
/// fontconfig compares family names ignoring case and spaces, so "DejaVuSans" finds "DejaVu Sans"; a family it does
/// not have goes through its aliases (Helvetica → sans-serif), and characters the chosen font lacks come from
/// fontconfig's fallback list, per character (`TextLayout`).
struct FontFace: Hashable, Sendable {
    let family: String
    /// CSS/OpenType weight: 400 regular, 700 bold.
    let weight: Int
    let italic: Bool

    static let regular = 400
    static let bold = 700

    /// Style words and the weight each names (lower case, without spaces or hyphens).
    private static let weights: [(word: String, weight: Int)] = [
        ("thin", 100), ("hairline", 100), ("extralight", 200), ("ultralight", 200), ("light", 300),
        ("book", 400), ("regular", 400), ("roman", 400), ("normal", 400), ("medium", 500), ("semibold", 600),
        ("demibold", 600), ("extrabold", 800), ("ultrabold", 800), ("bold", 700), ("black", 900), ("heavy", 900),
    ]

    init(family: String, weight: Int = FontFace.regular, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    init(name: String) {
        let trimmed = name.trimmingSpaces
        if trimmed.contains(" ") {
            self = Self.fromDescription(trimmed)
        } else if let hyphen = trimmed.lastIndex(of: "-"), hyphen != trimmed.startIndex {
            let style = Self.style(of: String(trimmed[trimmed.index(after: hyphen)...]))
            self.init(family: String(trimmed[..<hyphen]), weight: style.weight, italic: style.italic)
        } else {
            self.init(family: trimmed.isEmpty ? "sans-serif" : trimmed)
        }
    }

    /// The weight and slant a PostScript style suffix names: "BoldOblique" is bold and slanted, "Regular" neither;
    /// words it does not know are ignored.
    static func style(of suffix: String) -> (weight: Int, italic: Bool) {
        var rest = suffix.lowercased()
        var weight = regular
        var italic = false
        for slant in ["italic", "oblique"] where rest.contains(slant) {
            italic = true
            rest = rest.replacing(slant, with: "")
        }
        // Longest words first, so "extrabold" is not read as "bold".
        for entry in weights.sorted(by: { $0.word.count > $1.word.count }) where rest.contains(entry.word) {
            weight = entry.weight
            break
        }
        return (weight, italic)
    }

    /// A name with spaces, read by Pango's font description parser (its size, if any, is ignored).
    private static func fromDescription(_ name: String) -> FontFace {
        guard let description = pango_font_description_from_string(name) else { return FontFace(family: name) }
        defer { pango_font_description_free(description) }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? name
        let style = pango_font_description_get_style(description)
        return FontFace(
            family: family, weight: Int(pango_font_description_get_weight(description).rawValue),
            italic: style == PANGO_STYLE_ITALIC || style == PANGO_STYLE_OBLIQUE)
    }

    /// A new Pango font description of this face at `size` layer units; the caller frees it.
    func description(size: Double) -> OpaquePointer? {
        guard let description = pango_font_description_new() else { return nil }
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: weight)))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        return description
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}

extension FontFace {
    /// The family of the font fontconfig picks for this face (what text without fallback is drawn in): the fonts
    /// tests pin are checked with it.
    func resolvedFamily() -> String? {
        guard let map = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(map),
            let description = description(size: 20)
        else { return nil }
        defer {
            pango_font_description_free(description)
            g_object_unref(UnsafeMutableRawPointer(context))
        }
        guard let font = pango_font_map_load_font(map, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let described = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}
