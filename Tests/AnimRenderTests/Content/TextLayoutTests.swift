import AnimCore
import Testing

@testable import AnimRender

/// Font names as CATextLayer takes them, and Pango's lines placed as Core Animation places them
/// (docs/core-animation-rules.md#text).
@Suite struct TextLayoutTests {
    @Test func postScriptNamesGiveFamilyWeightAndSlant() {
        #expect(FontFace(name: "Helvetica") == FontFace(family: "Helvetica"))
        #expect(FontFace(name: "Helvetica-Bold") == FontFace(family: "Helvetica", weight: 700))
        #expect(FontFace(name: "Helvetica-BoldOblique") == FontFace(family: "Helvetica", weight: 700, italic: true))
        #expect(FontFace(name: "Times-Italic") == FontFace(family: "Times", italic: true))
        #expect(FontFace(name: "NotoSansCJKsc-Regular") == FontFace(family: "NotoSansCJKsc"))
        #expect(FontFace(name: "DejaVuSans-ExtraLight") == FontFace(family: "DejaVuSans", weight: 200))
        #expect(FontFace(name: "Inter-SemiBold") == FontFace(family: "Inter", weight: 600))
    }

    @Test func namesWithSpacesAreFontDescriptions() {
        #expect(FontFace(name: "DejaVu Sans Bold") == FontFace(family: "DejaVu Sans", weight: 700))
        #expect(FontFace(name: "Noto Sans CJK SC") == FontFace(family: "Noto Sans CJK SC"))
        #expect(FontFace(name: "Noto Serif Italic") == FontFace(family: "Noto Serif", italic: true))
    }

    /// fontconfig ignores case and spaces in family names, so PostScript-style names find their families.
    @Test func fontconfigFindsTheFamilies() {
        #expect(FontFace(name: "DejaVuSans-Bold").resolvedFamily() == "DejaVu Sans")
        #expect(FontFace(name: "DejaVu Sans Mono").resolvedFamily() == "DejaVu Sans Mono")
        #expect(FontFace(name: "NotoSansCJKsc-Regular").resolvedFamily() == "Noto Sans CJK SC")
        #expect(FontFace(name: "Noto Sans Arabic").resolvedFamily() == "Noto Sans Arabic")
    }

    func lines(
        _ string: String, width: Double = 200, font: String = "DejaVu Sans", alignment: String = "natural",
        wrapped: Bool = false
    ) throws -> [TextLayout.Line] {
        var properties = TextLayerProperties()
        properties.string = AttributedText(string)
        properties.font = font
        properties.fontSize = 20
        properties.alignmentMode = alignment
        properties.isWrapped = wrapped
        let content = try #require(TextContent(properties, size: Size(width: width, height: 200)))
        let canvas = try ContentCanvas(width: 1, height: 1)
        let layout = try #require(TextLayout(content, cr: canvas.cr))
        return layout.lines(above: 200)
    }

    @Test func naturalAlignmentFollowsTheParagraphsDirection() throws {
        let placed = try lines("Hello\nمرحبا بالعالم", font: "Noto Sans Arabic")
        #expect(placed.count == 2)
        #expect(placed[0].x == 0)
        // The Arabic paragraph is right to left: it ends at the bounds' right edge.
        #expect(placed[1].x > 50)
        let left = try lines("Hello\nمرحبا بالعالم", font: "Noto Sans Arabic", alignment: "left")
        #expect(left[1].x == 0)
    }

    @Test func firstBaselineIsTheAscentAndLinesFollow() throws {
        let placed = try lines("A\nB")
        #expect(placed.count == 2)
        // DejaVu Sans at 20 units: ascent 18.56, line height 23.28.
        #expect(abs(placed[0].baseline - 18.56) < 0.05)
        #expect(abs(placed[1].baseline - placed[0].baseline - 23.28) < 0.05)
    }

    @Test func wrappingBreaksAtWordsWithinTheWidth() throws {
        #expect(try lines("alpha beta gamma delta", width: 120).count == 1)
        #expect(try lines("alpha beta gamma delta", width: 120, wrapped: true).count >= 2)
    }
}
