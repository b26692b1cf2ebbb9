import Testing

@testable import AnimCore

@Suite("PropertyValue JSON form")
struct PropertyValueCodingTests {
    static let everyKind: [PropertyValue] = [
        .number(2.5), .point(Point(x: 1, y: -2)), .size(Size(width: 3, height: 4.5)),
        .rect(Rect(x: 1, y: 2, width: 30, height: 40)),
        .transform(Transform3D.rotation(0.3, 0, 0, 1).concatenating(.translation(5, 6, 7))),
        .color(Color(hex: "#ff8000")), .color(Color(red: 0.3, green: 0.2, blue: 0.1, alpha: 0.5)), .color(nil),
        .bool(true), .path(try! BezierPath(pathData: "M 0 0 L 10.5 0 Q 20 0 20 10 C 1 2 3 4 5 6 Z")), .path(nil),
        .numbers([1, 2.5, -3]), .numbers(nil), .colors([.black, Color(red: 0.1, green: 0.2, blue: 0.3)]),
        .colors(nil), .string("hello"), .string(nil), .strings(["a", "b"]), .strings(nil), .image(ImageID(7)),
        .image(nil), .layer(LayerID(42)), .layer(nil), .attributedString(AttributedTextTests.sample),
        .attributedString(nil),
        .filters([.gaussianBlur(name: "blur", inputRadius: 4), .colorMatrix(name: "m", FilterParameter.identityMatrix)]
        ),
        .filters(nil),
    ]

    @Test func everyKindRoundTrips() throws {
        #expect(Set(Self.everyKind.map(\.kind)) == Set(ValueKind.allCases))
        for value in Self.everyKind {
            let text = try JSONTest.text(value)
            #expect(try JSONTest.value(text, as: value.kind) == value, "\(value) as \(text)")
        }
    }

    @Test func encodedFormsAreTheDocumentedOnes() throws {
        #expect(try JSONTest.text(.point(Point(x: 1, y: -2))) == "[1,-2]")
        #expect(try JSONTest.text(.size(Size(width: 3, height: 4.5))) == "[3,4.5]")
        #expect(try JSONTest.text(.rect(Rect(x: 1, y: 2, width: 30, height: 40))) == "[1,2,30,40]")
        #expect(try JSONTest.text(.transform(.translation(5, 6, 7))) == "[1,0,0,0,0,1,0,0,0,0,1,0,5,6,7,1]")
        #expect(try JSONTest.text(.color(Color(hex: "#ff8000"))) == "\"#ff8000\"")
        #expect(try JSONTest.text(.color(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))) == "\"#ff000080\"")
        #expect(try JSONTest.text(.color(Color(red: 0.3, green: 0.2, blue: 0.1, alpha: 0.5))) == "[0.3,0.2,0.1,0.5]")
        #expect(try JSONTest.text(.color(nil)) == "null")
        #expect(try JSONTest.text(.path(BezierPath(pathData: "M 0 0 L 10.5 -3 Z"))) == "\"M 0 0 L 10.5 -3 Z\"")
        #expect(try JSONTest.text(.image(ImageID(7))) == "7")
    }

    @Test func objectAndShortFormsAreAccepted() throws {
        #expect(try JSONTest.value(#"{"x": 1, "y": 2}"#, as: .point) == .point(Point(x: 1, y: 2)))
        #expect(try JSONTest.value(#"{"height": 4, "width": 3}"#, as: .size) == .size(Size(width: 3, height: 4)))
        #expect(
            try JSONTest.value(#"{"x": 1, "y": 2, "width": 3, "height": 4}"#, as: .rect)
                == .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        #expect(try JSONTest.value(##""#f00""##, as: .color) == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(try JSONTest.value("[0.5, 0.25, 1]", as: .color) == .color(Color(red: 0.5, green: 0.25, blue: 1)))
        #expect(
            try JSONTest.value("[0.5, 0.25, 1, 0.5]", as: .color)
                == .color(Color(red: 0.5, green: 0.25, blue: 1, alpha: 0.5)))
    }

    @Test func transformOperationsApplyScaleRotateTranslatePerspectiveInThatOrder() throws {
        // Field order in the object does not matter: the point is scaled, then translated.
        let scaled = try JSONTest.value(#"{"translate": [10, 0, 0], "scale": [2, 2, 1]}"#, as: .transform)
        #expect(scaled == .transform(Transform3D.scale(2, 2, 1).concatenating(.translation(10, 0, 0))))
        guard case .transform(let t) = scaled, let p = t.apply(to: Point(x: 1, y: 0)) else {
            Issue.record("not a transform")
            return
        }
        #expect(abs(p.x - 12) <= 1e-12 && abs(p.y) <= 1e-12)

        let turned = try JSONTest.value(
            #"{"translate": [10, 0, 0], "rotate": [1.5707963267948966, 0, 0, 1]}"#, as: .transform)
        guard case .transform(let r) = turned, let q = r.apply(to: Point(x: 1, y: 0)) else {
            Issue.record("not a transform")
            return
        }
        // (1, 0) turns a quarter to (0, 1), then moves to (10, 1).
        #expect(abs(q.x - 10) <= 1e-12 && abs(q.y - 1) <= 1e-12)

        let all = try JSONTest.value(
            #"{"perspective": 500, "translate": [1, 2, 3], "rotate": [0.5, 0, 1, 0], "scale": [2, 3, 4]}"#,
            as: .transform)
        let expected = Transform3D.scale(2, 3, 4).concatenating(.rotation(0.5, 0, 1, 0))
            .concatenating(.translation(1, 2, 3)).concatenating(.perspective(eyeDistance: 500))
        #expect(all == .transform(expected))
        #expect(try JSONTest.value("{}", as: .transform) == .transform(.identity))
    }

    @Test func errorsNameThePathAndWhatWasFound() {
        #expect(JSONTest.valueError(#""x""#, as: .number) == #"v: expected a number, got a string "x""#)
        #expect(JSONTest.valueError("null", as: .number) == "v: expected a number, got null")
        #expect(JSONTest.valueError("[1, 2, 3]", as: .point) == "v: expected a point [x, y], got an array of 3")
        #expect(JSONTest.valueError(#"[1, "2"]"#, as: .point) == #"v[1]: expected a number, got a string "2""#)
        #expect(
            JSONTest.valueError(#"{"x": 1, "y": 2, "z": 3}"#, as: .point)
                == "v.z: unknown field 'z' in a point [x, y] (known fields: x, y)")
        #expect(JSONTest.valueError(#"{"x": 1}"#, as: .point) == "v.y: missing field 'y' (a number)")
        #expect(JSONTest.valueError("true", as: .size) == "v: expected a size [width, height], got true")
        #expect(
            JSONTest.valueError(##""#gg0000""##, as: .color)
                == ##"v: '#gg0000' is not a colour ("#rgb", "#rrggbb" or "#rrggbbaa")"##)
        #expect(
            JSONTest.valueError("[1, 0]", as: .color)
                == "v: expected a colour [r, g, b] or [r, g, b, a], got an array of 2")
        #expect(JSONTest.valueError("[1, 2]", as: .transform)?.hasPrefix("v: expected a transform (16 numbers") == true)
        #expect(
            JSONTest.valueError(#"{"skew": 1}"#, as: .transform)?.hasPrefix("v.skew: unknown field 'skew'") == true)
        #expect(
            JSONTest.valueError(#"{"rotate": [1, 0, 0, 0]}"#, as: .transform)
                == "v.rotate: the rotation axis (x, y, z) must not be zero")
        #expect(
            JSONTest.valueError(#"{"perspective": 0}"#, as: .transform)
                == "v.perspective: the eye distance must be > 0, got 0")
        #expect(
            JSONTest.valueError("1.5", as: .image) == "v: an image id must be an integer in 0...4294967295, got 1.5")
        #expect(JSONTest.valueError(##"["#000", 3]"##, as: .colors)?.hasPrefix("v[1]: expected a colour") == true)
        #expect(
            JSONTest.valueError(#""M 0 0 L 1""#, as: .path)
                == "v: character 10: expected a number for 'L', found the end")
        #expect(JSONTest.valueError("1", as: .bool) == "v: expected true or false, got a number (1)")
    }
}
