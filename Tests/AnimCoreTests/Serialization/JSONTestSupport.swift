import Foundation

@testable import AnimCore

/// JSON helpers for the serialization tests (Foundation's coders; AnimCore itself has none).
enum JSONTest {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String, layerClass: LayerClass? = nil) throws -> T {
        let decoder = JSONDecoder()
        if let layerClass { decoder.userInfo[.animLayerClass] = layerClass }
        return try decoder.decode(type, from: Data(json.utf8))
    }

    /// Compact JSON with sorted keys.
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func roundTrip<T: Codable>(_ value: T, layerClass: LayerClass? = nil) throws -> T {
        try decode(T.self, try encode(value), layerClass: layerClass)
    }

    /// `path: reason` of the error decoding `json` gives; nil when it decodes.
    static func error<T: Decodable>(_ type: T.Type, _ json: String, layerClass: LayerClass? = nil) -> String? {
        do {
            _ = try decode(type, json, layerClass: layerClass)
            return nil
        } catch let error as DecodingError {
            return error.pathAndReason
        } catch {
            return "not a DecodingError: \(error)"
        }
    }

    /// The value in `{"v": <json>}` read as `kind`; errors therefore start with the path `v`.
    static func value(_ json: String, as kind: ValueKind) throws -> PropertyValue {
        let decoder = JSONDecoder()
        decoder.userInfo[ValueField.kindKey] = kind
        return try decoder.decode(ValueField.self, from: Data("{\"v\": \(json)}".utf8)).value
    }

    static func valueError(_ json: String, as kind: ValueKind) -> String? {
        do {
            _ = try value(json, as: kind)
            return nil
        } catch let error as DecodingError {
            return error.pathAndReason
        } catch {
            return "not a DecodingError: \(error)"
        }
    }

    /// The JSON text of one value.
    static func text(_ value: PropertyValue) throws -> String {
        try encode(ValueField(value: value)).dropFirst("{\"v\":".count).dropLast().description
    }
}

/// `{"v": value}`, read with the kind in the decoder's user info.
struct ValueField: Codable {
    static let kindKey = CodingUserInfoKey(rawValue: "test.valueKind")!
    let value: PropertyValue

    init(value: PropertyValue) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = decoder.userInfo[Self.kindKey] as! ValueKind
        value = try PropertyValue.decode(from: try container.superDecoder(forKey: .v), as: kind)
    }

    enum CodingKeys: String, CodingKey { case v }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .v)
    }
}
