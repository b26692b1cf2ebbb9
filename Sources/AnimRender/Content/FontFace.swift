/// The installed face a CATextLayer font name maps to: one of the DejaVu families (fonts-dejavu-core), with the
/// weight and slant the name's suffix asks for ("Helvetica-Bold", "Helvetica-BoldOblique", "Times-Italic").
struct FontFace: Hashable {
    static let sans = "DejaVu Sans"
    static let serif = "DejaVu Serif"
    static let mono = "DejaVu Sans Mono"

    let family: String
    let bold: Bool
    let italic: Bool

    /// Helvetica, Arial and every name not recognised map to DejaVu Sans; Courier-, Menlo- or Mono-like names to
    /// DejaVu Sans Mono; Times-, Georgia- or Serif-like names to DejaVu Serif.
    init(name: String) {
        let lower = name.lowercased()
        func mentions(_ words: [String]) -> Bool { words.contains { lower.contains($0) } }
        if mentions(["courier", "mono", "menlo", "monaco", "consolas", "code"]) {
            family = Self.mono
        } else if mentions(["times", "georgia", "palatino", "garamond", "baskerville", "didot", "charter"])
            || (lower.contains("serif") && !lower.contains("sans"))
        {
            family = Self.serif
        } else {
            family = Self.sans
        }
        bold = mentions(["bold", "black", "heavy"])
        italic = mentions(["italic", "oblique"])
    }
}
