import Testing

@testable import AnimRender

/// Line breaking and truncation with every character (space and "…" included) 10 units wide.
@Suite struct TextLayoutTests {
    func layout(
        width: Double, wrapped: Bool = false, truncation: TextLayout.Truncation = .none, maxLines: Int = 100
    ) -> TextLayout {
        TextLayout(width: width, wrapped: wrapped, truncation: truncation, maxLines: maxLines) { Double($0.count) * 10 }
    }

    func texts(_ layout: TextLayout, _ string: String) -> [String] {
        layout.lines(string).map(\.text)
    }

    @Test func truncationModesKeepWhatFitsAroundTheEllipsis() {
        #expect(texts(layout(width: 55, truncation: .end), "abcdefghij") == ["abcd…"])
        #expect(texts(layout(width: 55, truncation: .start), "abcdefghij") == ["…ghij"])
        #expect(texts(layout(width: 55, truncation: .middle), "abcdefghij") == ["ab…ij"])
        #expect(texts(layout(width: 55, truncation: .none), "abcdefghij") == ["abcdefghij"])
        #expect(texts(layout(width: 100, truncation: .end), "abcdefghij") == ["abcdefghij"])
        // The ellipsis does not follow a space.
        #expect(texts(layout(width: 55, truncation: .end), "abc defghij") == ["abc…"])
        // Too narrow for anything but the ellipsis.
        #expect(texts(layout(width: 5, truncation: .end), "abc") == ["…"])
    }

    @Test func wrapsAtSpacesAndBreaksLongWords() {
        let wrap = layout(width: 50, wrapped: true)
        #expect(texts(wrap, "aa bb cc") == ["aa bb", "cc"])
        #expect(wrap.lines("aa bb cc").map(\.stretches) == [true, false])
        #expect(texts(layout(width: 30, wrapped: true), "abcdefgh") == ["abc", "def", "gh"])
        #expect(texts(wrap, "aa  bb") == ["aa bb"])
    }

    @Test func lineBreaksStartNewLinesAndEmptyLinesStay() {
        #expect(texts(layout(width: 100), "a\nb") == ["a", "b"])
        #expect(texts(layout(width: 100), "a\r\n\nb") == ["a", "", "b"])
        #expect(texts(layout(width: 100, wrapped: true), "a\n\nb") == ["a", "", "b"])
        #expect(texts(layout(width: 100), "a\tb\u{0}c") == ["a bc"])
    }

    @Test func linesBelowTheBoundsAreLeftOutWithAnEllipsisWhenTruncating() {
        #expect(texts(layout(width: 20, wrapped: true, maxLines: 2), "aa bb cc dd") == ["aa", "bb"])
        #expect(texts(layout(width: 20, wrapped: true, truncation: .end, maxLines: 2), "aa bb cc dd") == ["aa", "b…"])
        #expect(texts(layout(width: 100, truncation: .end, maxLines: 1), "a\nb") == ["a…"])
    }

    @Test func fontNamesMapToDejaVuFaces() {
        #expect(FontFace(name: "Helvetica") == FontFace(name: "Unknown Font"))
        #expect(FontFace(name: "Helvetica").family == FontFace.sans)
        #expect(!FontFace(name: "Helvetica").bold && !FontFace(name: "Helvetica").italic)
        let boldOblique = FontFace(name: "Helvetica-BoldOblique")
        #expect(boldOblique.family == FontFace.sans && boldOblique.bold && boldOblique.italic)
        #expect(FontFace(name: "Courier-Bold").family == FontFace.mono)
        #expect(FontFace(name: "Courier-Bold").bold)
        #expect(FontFace(name: "Times-Italic").family == FontFace.serif)
        #expect(FontFace(name: "Times-Italic").italic)
        #expect(FontFace(name: "DejaVu Sans").family == FontFace.sans)
        #expect(FontFace(name: "DejaVu Serif").family == FontFace.serif)
    }
}
