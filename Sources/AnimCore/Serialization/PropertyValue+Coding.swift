extension PropertyValue: Encodable {
    /// Reads a value of `kind` in its JSON form (docs/json-format.md):
    ///
    /// | kind | JSON |
    /// |---|---|
    /// | number | a number |
    /// | point | `[x, y]` or `{"x": …, "y": …}` |
    /// | size | `[width, height]` or `{"width": …, "height": …}` |
    /// | rect | `[x, y, width, height]` or `{"x": …, "y": …, "width": …, "height": …}` |
    /// | transform | 16 numbers, row-major m11…m44, or `{"scale", "rotate", "translate", "perspective"}` |
    /// | color | `"#rrggbb"`, `"#rrggbbaa"`, `"#rgb"`, `[r, g, b]` or `[r, g, b, a]` (0…1), or null for none |
    /// | bool | true or false |
    /// | path | SVG-like path data (`"M 0 0 L 10 0 Z"`, see `BezierPath(pathData:)`), or null |
    /// | numbers, colors, strings | an array of numbers, colours, strings; or null |
    /// | string | a string or null |
    /// | attributedString | a string, `{"string": …, "runs": [{"location", "length", "font", "fontSize", "foregroundColor", "underline", "kern"}]}`, or null |
    /// | image, layer | an id (an integer) or null |
    /// | filters | an array of `{"type": "gaussianBlur", "name": "blur", "inputRadius": 4}`, or null |
    ///
    /// null is a value only for the kinds that have one (a colour of "none", no path…). Errors name the JSON
    /// path and what was found.
    public static func decode(from decoder: any Decoder, as kind: ValueKind) throws -> PropertyValue {
        let read = JSONValueReading.self
        if read.isNull(decoder) {
            switch kind {
            case .color: return .color(nil)
            case .path: return .path(nil)
            case .numbers: return .numbers(nil)
            case .colors: return .colors(nil)
            case .string: return .string(nil)
            case .strings: return .strings(nil)
            case .image: return .image(nil)
            case .layer: return .layer(nil)
            case .attributedString: return .attributedString(nil)
            case .filters: return .filters(nil)
            case .number, .point, .size, .rect, .transform, .bool:
                throw read.failure(decoder, "expected \(describe(kind)), got null")
            }
        }
        switch kind {
        case .number:
            return .number(try read.number(decoder))
        case .bool:
            return .bool(try read.bool(decoder))
        case .point:
            let v = try pair(decoder, names: ("x", "y"), kind: kind)
            return .point(Point(x: v[0], y: v[1]))
        case .size:
            let v = try pair(decoder, names: ("width", "height"), kind: kind)
            return .size(Size(width: v[0], height: v[1]))
        case .rect:
            return .rect(try rect(decoder))
        case .transform:
            if let reader = try? JSONObjectReader(decoder, what: "a transform") {
                return .transform(try TransformOperations.decode(reader))
            }
            return .transform(Transform3D(elements: try read.numbers(decoder, count: 16, expected: describe(kind))))
        case .color:
            return .color(try color(decoder))
        case .path:
            let text = try read.string(decoder, expected: describe(kind))
            do throws(AnimCoreError) {
                return .path(try BezierPath(pathData: text))
            } catch {
                throw read.failure(decoder, error.reason)
            }
        case .numbers:
            return .numbers(try read.numbers(decoder, expected: describe(kind)))
        case .colors:
            return .colors(try read.elements(decoder, expected: describe(kind)).map { try color($0) })
        case .string:
            return .string(try read.string(decoder))
        case .strings:
            return .strings(try read.elements(decoder, expected: describe(kind)).map { try read.string($0) })
        case .image:
            return .image(ImageID(try read.identifier(decoder, what: "an image id")))
        case .layer:
            return .layer(LayerID(try read.identifier(decoder, what: "a layer id")))
        case .attributedString:
            return .attributedString(try attributedText(decoder))
        case .filters:
            return .filters(try read.elements(decoder, expected: describe(kind)).map { try filter($0) })
        }
    }

    /// Writes the value in the JSON form `decode(from:as:)` reads: points, sizes, rects and transforms as
    /// arrays, colours as `#rrggbb[aa]` when that is exact (else `[r, g, b, a]`), paths as path data, and the
    /// "none" values as null.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .number(let v): try single.encode(v)
        case .bool(let v): try single.encode(v)
        case .point(let p): try single.encode([p.x, p.y])
        case .size(let s): try single.encode([s.width, s.height])
        case .rect(let r): try single.encode([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .transform(let t): try single.encode(t.elements)
        case .color(let c?): try single.encode(ColorJSON(c))
        case .path(let p?): try single.encode(p.pathData)
        case .numbers(let a?): try single.encode(a)
        case .colors(let a?): try single.encode(a.map(ColorJSON.init))
        case .string(let s?): try single.encode(s)
        case .strings(let a?): try single.encode(a)
        case .image(let id?): try single.encode(id.rawValue)
        case .layer(let id?): try single.encode(id.rawValue)
        case .attributedString(let text?):
            if text.runs.isEmpty { try single.encode(text.string) } else { try single.encode(AttributedTextJSON(text)) }
        case .filters(let a?): try single.encode(a.map(FilterJSON.init))
        case .color(nil), .path(nil), .numbers(nil), .colors(nil), .string(nil), .strings(nil), .image(nil),
            .layer(nil), .attributedString(nil), .filters(nil):
            try single.encodeNil()
        }
    }

    /// What a value of `kind` looks like in JSON, for messages.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .number: "a number"
        case .bool: "true or false"
        case .point: "a point [x, y]"
        case .size: "a size [width, height]"
        case .rect: "a rect [x, y, width, height]"
        case .transform: "a transform (16 numbers m11…m44, or an object of scale, rotate, translate, perspective)"
        case .color: "a colour (\"#rrggbb\", \"#rrggbbaa\" or [r, g, b, a])"
        case .path: "a path (path data such as \"M 0 0 L 10 0\")"
        case .numbers: "an array of numbers"
        case .colors: "an array of colours"
        case .string: "a string"
        case .strings: "an array of strings"
        case .image: "an image id"
        case .layer: "a layer id"
        case .attributedString: "a string or an attributed string {\"string\", \"runs\"}"
        case .filters: "an array of filters ({\"type\": …, \"name\": …, parameters})"
        }
    }

    /// One filter: `type`, `name` (the type's name when left out) and parameters by name, a number or an array of
    /// numbers each (`LayerFilter.make` checks them).
    private static func filter(_ decoder: any Decoder) throws -> LayerFilter {
        let reader = try JSONObjectReader(decoder, what: "a filter")
        guard let type = try reader.string("type") else {
            throw JSONValueReading.failure(decoder, "a filter needs a \"type\"")
        }
        let name = try reader.string("name") ?? type
        var parameters: [(name: String, values: [Double])] = []
        for parameter in FilterParameter.allCases {
            guard let value = try reader.present(parameter.rawValue) else { continue }
            if let number = try? JSONValueReading.number(value) {
                parameters.append((parameter.rawValue, [number]))
            } else {
                parameters.append((parameter.rawValue, try JSONValueReading.numbers(value, expected: "numbers")))
            }
        }
        try reader.rejectUnknownFields(
            allowed: ["type", "name"] + FilterParameter.allCases.map(\.rawValue), in: "a filter")
        return try JSONValueReading.validating(at: decoder.codingPath) { () throws(AnimCoreError) in
            try LayerFilter.make(type: type, name: name, parameters: parameters, field: "filter")
        }
    }

    /// Two numbers as `[a, b]` or as an object with exactly the two named fields.
    private static func pair(_ decoder: any Decoder, names: (String, String), kind: ValueKind) throws -> [Double] {
        if let reader = try? JSONObjectReader(decoder, what: describe(kind)) {
            try reader.rejectUnknownFields(allowed: [names.0, names.1], in: describe(kind))
            return [
                try JSONValueReading.number(try reader.required(names.0, expected: "a number")),
                try JSONValueReading.number(try reader.required(names.1, expected: "a number")),
            ]
        }
        return try JSONValueReading.numbers(decoder, count: 2, expected: describe(kind))
    }

    private static func rect(_ decoder: any Decoder) throws -> Rect {
        let names = ["x", "y", "width", "height"]
        let v: [Double]
        if let reader = try? JSONObjectReader(decoder, what: describe(.rect)) {
            try reader.rejectUnknownFields(allowed: names, in: describe(.rect))
            v = try names.map { try JSONValueReading.number(try reader.required($0, expected: "a number")) }
        } else {
            v = try JSONValueReading.numbers(decoder, count: 4, expected: describe(.rect))
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private static func color(_ decoder: any Decoder) throws -> Color {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let color = Color(hex: text) else {
                throw JSONValueReading.failure(
                    decoder, "'\(text)' is not a colour (\"#rgb\", \"#rrggbb\" or \"#rrggbbaa\")")
            }
            return color
        }
        let elements = try JSONValueReading.elements(decoder, expected: describe(.color))
        guard elements.count == 3 || elements.count == 4 else {
            throw JSONValueReading.failure(
                decoder, "expected a colour [r, g, b] or [r, g, b, a], got an array of \(elements.count)")
        }
        let v = try elements.map { try JSONValueReading.number($0) }
        return Color(red: v[0], green: v[1], blue: v[2], alpha: elements.count == 4 ? v[3] : 1)
    }
}

/// A colour in its JSON form: the exact hex string when there is one, else `[r, g, b, a]`.
private struct ColorJSON: Encodable {
    let color: Color

    init(_ color: Color) { self.color = color }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let hex = color.exactHex {
            try single.encode(hex)
        } else {
            try single.encode([color.red, color.green, color.blue, color.alpha])
        }
    }
}

extension PropertyValue {
    /// A string (no runs) or `{"string": …, "runs": [{"location", "length", "font", "fontSize", "foregroundColor",
    /// "underline", "kern"}]}` with ranges in UTF-16 code units; runs out of the string or overlapping are refused at
    /// the run's field.
    fileprivate static func attributedText(_ decoder: any Decoder) throws -> AttributedText {
        if let text = try? decoder.singleValueContainer().decode(String.self) { return AttributedText(text) }
        let what = "an attributed string"
        let reader = try JSONObjectReader(decoder, what: what)
        try reader.rejectUnknownFields(allowed: ["string", "runs"], in: what)
        let string = try JSONValueReading.string(try reader.required("string", expected: "a string"))
        var runs: [AttributedText.Run] = []
        if let list = try reader.value("runs") {
            let runFields = ["location", "length", "font", "fontSize", "foregroundColor", "underline", "kern"]
            for element in try JSONValueReading.elements(list, expected: "an array of runs") {
                let run = try JSONObjectReader(element, what: "a run")
                try run.rejectUnknownFields(allowed: runFields, in: "a run")
                func count(_ name: String) throws -> Int {
                    let value = try JSONValueReading.number(
                        try run.required(name, expected: "a number of UTF-16 units"))
                    guard value >= 0, value <= Double(Int32.max), value == value.rounded() else {
                        throw run.failure(name, "expected a whole number >= 0, got \(NumberText.shortest(value))")
                    }
                    return Int(value)
                }
                runs.append(
                    AttributedText.Run(
                        location: try count("location"), length: try count("length"), font: try run.string("font"),
                        fontSize: try run.number("fontSize"),
                        foregroundColor: try run.value("foregroundColor").map(color),
                        underline: try run.enumCase(AttributedText.Underline.self, "underline", what: "an underline")
                            ?? .none,
                        kern: try run.number("kern") ?? 0))
            }
        }
        let text = AttributedText(string, runs: runs)
        if let problem = text.problem() {
            let keys = AnimCoreError.invalid(field: "." + problem.field, reason: "").relativeFieldKeys
            throw JSONValueReading.failure(at: decoder.codingPath + keys, problem.reason)
        }
        return text
    }
}

/// An attributed string in its JSON form.
private struct AttributedTextJSON: Encodable {
    let text: AttributedText

    init(_ text: AttributedText) { self.text = text }

    private struct RunJSON: Encodable {
        let run: AttributedText.Run

        enum Key: String, CodingKey { case location, length, font, fontSize, foregroundColor, underline, kern }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            try object.encode(run.location, forKey: .location)
            try object.encode(run.length, forKey: .length)
            try object.encodeIfPresent(run.font, forKey: .font)
            try object.encodeIfPresent(run.fontSize, forKey: .fontSize)
            try object.encodeIfPresent(run.foregroundColor.map(ColorJSON.init), forKey: .foregroundColor)
            if run.underline != .none { try object.encode(run.underline.rawValue, forKey: .underline) }
            if run.kern != 0 { try object.encode(run.kern, forKey: .kern) }
        }
    }

    enum Key: String, CodingKey { case string, runs }

    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        try object.encode(text.string, forKey: .string)
        try object.encode(text.runs.map(RunJSON.init), forKey: .runs)
    }
}

/// A filter as JSON: type, name, then its parameters (a number, or an array of numbers).
private struct FilterJSON: Encodable {
    let filter: LayerFilter

    init(_ filter: LayerFilter) { self.filter = filter }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encode(filter.type.rawValue, forKey: JSONKey("type"))
        try c.encode(filter.name, forKey: JSONKey("name"))
        for (parameter, value) in filter.parameters {
            switch value {
            case .number(let v): try c.encode(v, forKey: JSONKey(parameter.rawValue))
            case .numbers(let a?): try c.encode(a, forKey: JSONKey(parameter.rawValue))
            default: break
            }
        }
    }
}
