/// Reading single JSON values from a `Decoder` with messages that say what was expected and what was found.
/// Every error is a `DecodingError.dataCorrupted` at the decoder's coding path, so it names the JSON path.
enum JSONValueReading {
    /// A `DecodingError` at `decoder`'s position (plus `field`, when given) with `message`.
    static func failure(_ decoder: any Decoder, _ message: String, field: String? = nil) -> DecodingError {
        failure(at: decoder.codingPath + (field.map { [JSONKey($0)] } ?? []), message)
    }

    static func failure(at codingPath: [any CodingKey], _ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
    }

    /// Runs an AnimCore validation and turns its error into a `DecodingError` at `codingPath`, extended by the
    /// error's field when that is written relative to the object (`".duration"`, from `validate(field: "")`).
    static func validating<T>(at codingPath: [any CodingKey], _ body: () throws(AnimCoreError) -> T) throws -> T {
        do throws(AnimCoreError) {
            return try body()
        } catch {
            throw failure(at: codingPath + error.relativeFieldKeys, error.reason)
        }
    }

    /// The value at `decoder` described for a message: `null`, `true`, `a number (3)`, `a string "x"`,
    /// `an array`, `an object`.
    static func found(_ decoder: any Decoder) -> String {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { return "null" }
            if let value = try? single.decode(Bool.self) { return value ? "true" : "false" }
            if let value = try? single.decode(Double.self) { return "a number (\(NumberText.shortest(value)))" }
            if let value = try? single.decode(String.self) { return "a string \"\(value)\"" }
        }
        if (try? decoder.unkeyedContainer()) != nil { return "an array" }
        return "an object"
    }

    static func isNull(_ decoder: any Decoder) -> Bool {
        (try? decoder.singleValueContainer().decodeNil()) ?? false
    }

    static func number(_ decoder: any Decoder, expected: String = "a number") throws -> Double {
        if let value = try? decoder.singleValueContainer().decode(Double.self) { return value }
        throw failure(decoder, "expected \(expected), got \(found(decoder))")
    }

    static func bool(_ decoder: any Decoder) throws -> Bool {
        if let value = try? decoder.singleValueContainer().decode(Bool.self) { return value }
        throw failure(decoder, "expected true or false, got \(found(decoder))")
    }

    static func string(_ decoder: any Decoder, expected: String = "a string") throws -> String {
        if let value = try? decoder.singleValueContainer().decode(String.self) { return value }
        throw failure(decoder, "expected \(expected), got \(found(decoder))")
    }

    /// The decoders of an array's elements, in order (their coding paths end in the index).
    static func elements(_ decoder: any Decoder, expected: String) throws -> [any Decoder] {
        guard var array = try? decoder.unkeyedContainer() else {
            throw failure(decoder, "expected \(expected), got \(found(decoder))")
        }
        var elements: [any Decoder] = []
        while !array.isAtEnd {
            elements.append(try array.superDecoder())
        }
        return elements
    }

    /// An array of exactly `count` numbers (when given), each checked with its index in the path.
    static func numbers(_ decoder: any Decoder, count: Int? = nil, expected: String) throws -> [Double] {
        let elements = try elements(decoder, expected: expected)
        if let count, elements.count != count {
            throw failure(decoder, "expected \(expected), got an array of \(elements.count)")
        }
        return try elements.map { try number($0) }
    }

    /// A string naming one case of `E`; the message lists the allowed names.
    static func enumCase<E: RawRepresentable & CaseIterable>(
        _ type: E.Type, _ decoder: any Decoder, what: String
    ) throws -> E where E.RawValue == String {
        let allowed = E.allCases.map(\.rawValue)
        let listed = allowed.joined(separator: ", ")
        let text = try string(decoder, expected: "\(what) (one of \(listed))")
        guard let value = E(rawValue: text) else {
            throw failure(decoder, "unknown \(what) '\(text)' (one of \(listed))")
        }
        return value
    }

    /// A non-negative integer that fits in 32 bits (image and layer ids).
    static func identifier(_ decoder: any Decoder, what: String) throws -> UInt32 {
        let value = try number(decoder, expected: "\(what) (an integer)")
        guard value == value.rounded(.towardZero), value >= 0, value <= Double(UInt32.max) else {
            throw failure(decoder, "\(what) must be an integer in 0...\(UInt32.max), got \(NumberText.shortest(value))")
        }
        return UInt32(value)
    }
}
