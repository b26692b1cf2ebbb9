extension TimingFunction: Codable {
    /// Decodes the JSON form: a name as a string (`"easeIn"`, any `Name` raw value), or custom control points
    /// as the array `[x1, y1, x2, y2]`. The control points are validated (`validate(field:)`); every error
    /// names the bad value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let name = Name(rawValue: text) else {
                let known = Name.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown timing function name '\(text)' (known: \(known))")
            }
            self.init(name: name)
            return
        }
        guard let points = try? container.decode([Double].self) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a timing function is a name string or an array [x1, y1, x2, y2] of numbers")
        }
        guard points.count == 4 else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "timing function control points \(points): expected 4 numbers, got \(points.count)")
        }
        let function = TimingFunction(controlPoints: points[0], points[1], points[2], points[3])
        do throws(AnimCoreError) {
            try function.validate(field: "timingFunction")
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
        self = function
    }

    /// Encodes a named function as its name string, a custom one as `[x1, y1, x2, y2]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let name {
            try container.encode(name.rawValue)
        } else {
            try container.encode([x1, y1, x2, y2])
        }
    }
}
