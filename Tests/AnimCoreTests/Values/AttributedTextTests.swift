import Testing

@testable import AnimCore

/// A text layer's attributed string: runs over UTF-16 ranges, checked against the string, and its JSON form
/// (docs/json-format.md).
@Suite struct AttributedTextTests {
    static let sample = AttributedText(
        "Hello 世界 🙂",
        runs: [
            .init(
                location: 0, length: 5, font: "Helvetica-Bold", fontSize: 24,
                foregroundColor: Color(red: 1, green: 0, blue: 0), underline: .single, kern: 1.5),
            // 🙂 is two UTF-16 code units.
            .init(location: 9, length: 2, underline: .double),
        ])

    @Test func rangesCountUTF16CodeUnits() {
        #expect(Self.sample.utf16Count == 11)
        #expect(Self.sample.problem() == nil)
        var past = Self.sample
        past.runs[1].length = 3
        #expect(past.problem()?.field == "runs[1].length")
    }

    @Test func runsMustBeInOrderAndMustNotOverlap() {
        let overlapping = AttributedText(
            "Hello", runs: [.init(location: 0, length: 3), .init(location: 2, length: 3)])
        #expect(overlapping.problem()?.field == "runs[1].location")
        #expect(overlapping.problem()?.run == 1)
        let backwards = AttributedText("Hello", runs: [.init(location: 3, length: 1), .init(location: 0, length: 1)])
        #expect(backwards.problem()?.field == "runs[1].location")
        let touching = AttributedText("Hello", runs: [.init(location: 0, length: 2), .init(location: 2, length: 3)])
        #expect(touching.problem() == nil)
        let negativeSize = AttributedText("Hello", runs: [.init(location: 0, length: 2, fontSize: -1)])
        #expect(negativeSize.problem()?.field == "runs[0].fontSize")
    }

    @Test func aPlainStringIsAnAttributedStringForTheTextLayersString() throws {
        var text = LayerState(layerClass: .text)
        try text.set(.string("Hi"), for: .string)
        #expect(text.special.text?.string == AttributedText("Hi"))
        #expect(text.value(of: .string) == .attributedString(AttributedText("Hi")))
        try text.set(.attributedString(Self.sample), for: .string)
        #expect(text.special.text?.string == Self.sample)
        // Other string properties take only strings.
        #expect(throws: AnimCoreError.self) { try text.set(.attributedString(Self.sample), for: .font) }
    }

    @Test func jsonTakesAStringOrAnObjectAndNamesTheRunAtFault() throws {
        #expect(try JSONTest.value(#""Hi""#, as: .attributedString) == .attributedString(AttributedText("Hi")))
        #expect(try JSONTest.text(.attributedString(AttributedText("Hi"))) == #""Hi""#)
        let json = ##"""
            {"string": "Hi you", "runs": [{"location": 3, "length": 3, "foregroundColor": "#ff0000",
            "underline": "single"}]}
            """##
        #expect(
            try JSONTest.value(json, as: .attributedString)
                == .attributedString(
                    AttributedText(
                        "Hi you",
                        runs: [
                            .init(
                                location: 3, length: 3, foregroundColor: Color(red: 1, green: 0, blue: 0),
                                underline: .single)
                        ])))
        #expect(
            JSONTest.valueError(#"{"string": "Hi", "runs": [{"location": 1, "length": 2}]}"#, as: .attributedString)
                == "v.runs[0].length: range 1..<3 is outside the string's 2 UTF-16 code units")
        #expect(
            JSONTest.valueError(
                #"{"string": "Hi", "runs": [{"location": 0, "length": 1, "bold": true}]}"#, as: .attributedString)?
                .hasPrefix("v.runs[0].bold: unknown field 'bold'") == true)
    }
}
