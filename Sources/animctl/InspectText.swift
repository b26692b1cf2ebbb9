import AnimCore
import AnimKit

/// The inspection documents as `animctl` prints them: numbers without a trailing ".0", arrays and objects
/// compact, null for none, a property value in its JSON form without quotes (docs/json-format.md).
enum InspectText {
    /// A document field as printed: a scalar's text, or an object whose fields print sorted by key.
    indirect enum Field {
        case text(String)
        case object([(key: String, value: Field)])

        /// `{key: value, …}` for an object, keys sorted.
        var flat: String {
            switch self {
            case .text(let text): text
            case .object(let fields):
                "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.flat)" }.joined(separator: ", ")
                    + "}"
            }
        }
    }

    /// The document in `json`; an answer that does not fit names the JSON path and what was wrong.
    static func document<Document: Decodable>(_ type: Document.Type, from json: String) throws -> Document {
        do {
            return try InspectionJSON.decode(type, from: json)
        } catch let error as DecodingError {
            throw AnimctlError(
                "the server's answer is no \(type) document: \(error.pathAndReason): \(json.prefix(200))")
        } catch {
            throw AnimctlError("the server's answer is not JSON (\(error)): \(json.prefix(200))")
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func optional<T>(_ value: T?, _ text: (T) -> String) -> String {
        value.map(text) ?? "null"
    }

    static func list(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    static func value(_ value: PropertyValue) -> String {
        switch value {
        case .number(let v): number(v)
        case .bool(let v): v ? "true" : "false"
        case .point(let p): list([p.x, p.y].map(number))
        case .size(let s): list([s.width, s.height].map(number))
        case .rect(let r): list([r.origin.x, r.origin.y, r.size.width, r.size.height].map(number))
        case .transform(let t): list(t.elements.map(number))
        case .color(let c?): color(c)
        case .path(let p?): p.pathData
        case .numbers(let a?): list(a.map(number))
        case .colors(let a?): list(a.map(color))
        case .string(let s?): s
        case .strings(let a?): list(a)
        case .image(let id?): "\(id.rawValue)"
        case .layer(let id?): "\(id.rawValue)"
        case .attributedString(let text?): text.runs.isEmpty ? text.string : "\(text.string) (\(text.runs.count) runs)"
        case .filters(let a?): list(a.map(ValueText.filter))
        case .color(nil), .path(nil), .numbers(nil), .colors(nil), .string(nil), .strings(nil), .image(nil),
            .layer(nil), .attributedString(nil), .filters(nil):
            "null"
        }
    }

    private static func color(_ color: Color) -> String {
        color.exactHex ?? list([color.red, color.green, color.blue, color.alpha].map(number))
    }
}

extension InspectionDocuments.Status {
    /// Every field of the document by its key.
    var fields: [(key: String, value: InspectText.Field)] {
        let n = InspectText.number
        return [
            ("uptime", .text(n(uptime))), ("clients", .text("\(clients)")), ("layers", .text("\(layers)")),
            ("animations", .text("\(animations)")), ("frames", .text("\(frames)")),
            (
                "frameTime",
                .object([
                    ("p50", .text(n(frameTime.p50))), ("p99", .text(n(frameTime.p99))),
                    ("max", .text(n(frameTime.max))),
                ])
            ),
            (
                "memory",
                .object([
                    ("rss", .text("\(memory.rss)")), ("trims", .text("\(memory.trims)")),
                    ("returnedBytes", .text("\(memory.returnedBytes)")),
                ])
            ),
            ("images", .text("\(images)")), ("imageBytes", .text("\(imageBytes)")), ("openFDs", .text("\(openFDs)")),
            ("output", output.map { .object($0.fields) } ?? .text("null")),
        ]
    }
}

extension InspectionDocuments.Output {
    /// Every field of the output by its key; pacing and session only when present.
    var fields: [(key: String, value: InspectText.Field)] {
        let n = InspectText.number
        var out: [(key: String, value: InspectText.Field)] = [
            ("width", .text("\(width)")), ("height", .text("\(height)")), ("refresh", .text(n(refresh))),
            ("renderer", .text(renderer)), ("device", .text(device)), ("reason", .text(reason)),
            ("maxTextureSize", .text(InspectText.optional(maxTextureSize) { "\($0)" })),
            ("framesDrawn", .text("\(framesDrawn)")), ("framesSkipped", .text("\(framesSkipped)")),
            ("framesUnchanged", .text("\(framesUnchanged)")), ("renderFailures", .text("\(renderFailures)")),
            ("screenshots", .text("\(screenshots)")),
            (
                "renderTime",
                .object([
                    ("last", .text(n(renderTime.last))), ("p50", .text(n(renderTime.p50))),
                    ("p99", .text(n(renderTime.p99))),
                ])
            ),
            ("pixelsRedrawn", .text("\(pixelsRedrawn)")), ("tilesRastered", .text("\(tilesRastered)")),
            ("tilesCached", .text("\(tilesCached)")), ("tileCacheBytes", .text("\(tileCacheBytes)")),
        ]
        if let pacing {
            out.append(
                (
                    "pacing",
                    .object([
                        ("framesPresented", .text("\(pacing.framesPresented)")),
                        ("missedVblanks", .text("\(pacing.missedVblanks)")),
                        ("sharedVblanks", .text("\(pacing.sharedVblanks)")),
                        ("hitchRatio", .text(n(pacing.hitchRatio))),
                        ("measuredRefresh", .text(n(pacing.measuredRefresh))),
                        ("commitToPhotonBoundsMs", .text(InspectText.list(pacing.commitToPhotonBoundsMs.map(n)))),
                        ("commitToPhotonCounts", .text(InspectText.list(pacing.commitToPhotonCounts.map { "\($0)" }))),
                        ("commitToPhotonMaxMs", .text(n(pacing.commitToPhotonMaxMs))),
                    ])
                ))
        }
        if let session {
            var fields: [(key: String, value: InspectText.Field)] = [
                ("kind", .text(session.kind)), ("reason", .text(session.reason)),
            ]
            if let backend = session.backend { fields.append(("backend", .text(backend))) }
            if let seat = session.seat { fields.append(("seat", .text(seat))) }
            out.append(("session", .object(fields)))
        }
        return out
    }
}
