#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one JSON form of the inspection documents: what the server writes into InspectReply and what readers decode.
/// Keys are sorted, the output compact, numbers as Foundation's JSONEncoder writes them (shortest form that reads
/// back the same Double, integers without a fraction).
public enum InspectionJSON {
    /// The document's JSON text. A non-finite number, which only a broken value could hold, is written as the
    /// string "inf", "-inf" or "nan" rather than failing the whole reply.
    public static func text(_ document: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    /// Reads a document of type `Document` from `text`; the error names the JSON path that did not fit.
    public static func decode<Document: Decodable>(_ type: Document.Type, from text: String) throws -> Document {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
