/// Reads one JSON object field by field. Absent fields and `null` read as nil; a value of the wrong JSON type
/// is an error naming the field's path and what was found; `rejectUnknownFields` refuses any field the caller
/// does not know, so a misspelt field is an error rather than silently ignored.
struct JSONObjectReader {
    let decoder: any Decoder
    let container: KeyedDecodingContainer<JSONKey>

    /// `what` names the object in the message when the value is not an object ("a layer").
    init(_ decoder: any Decoder, what: String) throws {
        guard let container = try? decoder.container(keyedBy: JSONKey.self) else {
            throw JSONValueReading.failure(
                decoder, "expected \(what) (an object), got \(JSONValueReading.found(decoder))")
        }
        self.decoder = decoder
        self.container = container
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The field names present, sorted so that errors and iteration do not depend on hashing.
    var fieldNames: [String] { container.allKeys.map(\.stringValue).sorted() }

    /// Throws for the first field (in sorted order) that is not in `allowed`.
    func rejectUnknownFields(allowed: [String], in what: String) throws {
        for name in fieldNames where !allowed.contains(name) {
            throw failure(name, "unknown field '\(name)' in \(what) (known fields: \(allowed.joined(separator: ", ")))")
        }
    }

    /// Whether the field is present, even as null.
    func contains(_ name: String) -> Bool { container.contains(JSONKey(name)) }

    /// The decoder of a field that is present and not null.
    func value(_ name: String) throws -> (any Decoder)? {
        guard let decoder = try present(name), !JSONValueReading.isNull(decoder) else { return nil }
        return decoder
    }

    /// The decoder of a field that is present, null included.
    func present(_ name: String) throws -> (any Decoder)? {
        guard contains(name) else { return nil }
        return try container.superDecoder(forKey: JSONKey(name))
    }

    /// The decoder of a field that must be present and not null.
    func required(_ name: String, expected: String) throws -> any Decoder {
        guard let decoder = try value(name) else {
            throw failure(
                name, contains(name) ? "expected \(expected), got null" : "missing field '\(name)' (\(expected))")
        }
        return decoder
    }

    func number(_ name: String) throws -> Double? {
        try value(name).map { try JSONValueReading.number($0) }
    }

    func bool(_ name: String) throws -> Bool? {
        try value(name).map { try JSONValueReading.bool($0) }
    }

    func string(_ name: String) throws -> String? {
        try value(name).map { try JSONValueReading.string($0) }
    }

    func numbers(_ name: String) throws -> [Double]? {
        try value(name).map { try JSONValueReading.numbers($0, expected: "an array of numbers") }
    }

    func enumCase<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ name: String, what: String) throws -> E?
    where E.RawValue == String {
        try value(name).map { try JSONValueReading.enumCase(type, $0, what: what) }
    }

    /// A field decoded with the type's own `Decodable` conformance.
    func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        guard try value(name) != nil else { return nil }
        return try container.decode(type, forKey: JSONKey(name))
    }

    /// An error at this object's path, or at one of its fields.
    func failure(_ field: String?, _ message: String) -> DecodingError {
        JSONValueReading.failure(decoder, message, field: field)
    }

    /// Runs an AnimCore validation whose errors name fields relative to this object (`".duration"`, from
    /// `validate(field: "")`), and turns its error into a `DecodingError` at the matching JSON path.
    func validating<T>(_ body: () throws(AnimCoreError) -> T) throws -> T {
        try JSONValueReading.validating(at: codingPath, body)
    }
}

extension AnimCoreError {
    /// The field an error names, if any.
    var field: String? {
        switch self {
        case .unknownKeyPath: nil
        case .typeMismatch(let field, _, _), .nonFinite(let field, _), .outOfRange(let field, _, _),
            .invalid(let field, _), .invalidKeyTimes(let field, _), .notAllowed(let field, _, _):
            field
        }
    }

    /// The message without the field name, for errors that are reported at a JSON path instead.
    var reason: String {
        switch self {
        case .unknownKeyPath: description
        case .typeMismatch(_, let expected, let got): "expected \(expected), got \(got)"
        case .nonFinite(_, let value): "\(value) is not a finite number"
        case .outOfRange(_, let value, let allowed):
            "\(NumberText.shortest(value)) is out of range (allowed: \(allowed))"
        case .invalidKeyTimes(_, let reason): reason
        case .notAllowed(_, let value, let reason): "'\(value)' \(reason)"
        case .invalid(_, let reason): reason
        }
    }

    /// A field written relative to an object (`".mass"`, `".path[2].x"`) as coding keys; other fields give none.
    var relativeFieldKeys: [any CodingKey] {
        guard let field, field.hasPrefix(".") else { return [] }
        var keys: [any CodingKey] = []
        for part in field.dropFirst().split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                guard let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) else { break }
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { keys.append(JSONKey(String(name))) }
            keys += indices.map { JSONKey(intValue: $0) }
        }
        return keys
    }
}
