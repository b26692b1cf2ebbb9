import AnimCore
import Foundation

/// The two forms `animctl eval` prints.
enum EvalOutput {
    /// A text table: a `#` comment line and one per spring (its settling duration), then a header row and one
    /// row per time, columns padded with spaces; a `layer time` column when the layer has its own timing.
    static func table(
        _ rows: [EvalRow], animations: [EvalAnimation], columns: [AnimKeyPath], showsTransition: Bool,
        showsLayerTime: Bool, header: String
    ) -> String {
        var cells: [[String]] = [
            ["time"] + (showsLayerTime ? ["layer time"] : []) + columns.map(\.description)
                + (showsTransition ? ["transition"] : []) + ["events"]
        ]
        for row in rows {
            cells.append(
                [ValueText.number(row.time)] + (showsLayerTime ? [ValueText.number(row.layerTime)] : [])
                    + row.values.map(ValueText.value)
                    + (showsTransition ? [ValueText.transition(row.transition)] : [])
                    + [row.events.map(ValueText.event).joined(separator: "; ")])
        }
        var widths = Array(repeating: 0, count: cells[0].count)
        for line in cells {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var lines = ["# " + header]
        for animation in animations {
            guard let settling = animation.settlingDuration else { continue }
            let key = animation.key.map { "'\($0)'" } ?? "nil"
            lines.append(
                "# animations[\(animation.index)] (key \(key)): \(animation.type), settlingDuration "
                    + "\(ValueText.number(settling)) s")
        }
        for line in cells {
            let padded = line.enumerated().map { index, cell in
                index == line.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            var text = padded.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }

    /// `{"animations": [{"index": 0, "key": "fade", "type": "basic"}],
    ///  "samples": [{"time": 0, "values": {"opacity": 1, …}, "events": [{"event": "didStart", …}]}]}`,
    /// values in their JSON form (docs/json-format.md), keys sorted, one animation or time per line.
    static func json(
        _ rows: [EvalRow], animations: [EvalAnimation], columns: [AnimKeyPath], showsTransition: Bool,
        showsLayerTime: Bool
    ) throws -> String {
        let entries = rows.map { row in
            JSONRow(
                time: row.time, layerTime: showsLayerTime ? row.layerTime : nil,
                values: Dictionary(
                    zip(columns.map(\.description), row.values), uniquingKeysWith: { first, _ in first }),
                events: row.events.map(JSONEvent.init), showsTransition: showsTransition,
                transition: row.transition.map(JSONTransition.init))
        }
        // One time per line: valid JSON that still reads (and greps) as a table.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let described = try animations.map { String(decoding: try encoder.encode(JSONAnimation($0)), as: UTF8.self) }
        let lines = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return "{\"animations\": [\n" + described.joined(separator: ",\n") + "\n],\n\"samples\": [\n"
            + lines.joined(separator: ",\n") + "\n]}"
    }

    /// `{"index": 0, "key": "bounce", "type": "spring", "settlingDuration": 1.23}`: `settlingDuration` for
    /// springs only (null when the spring never settles).
    private struct JSONAnimation: Encodable {
        let animation: EvalAnimation

        init(_ animation: EvalAnimation) { self.animation = animation }

        enum CodingKeys: String, CodingKey { case index, key, type, settlingDuration }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(animation.index, forKey: .index)
            try container.encode(animation.key, forKey: .key)
            try container.encode(animation.type, forKey: .type)
            if let settling = animation.settlingDuration {
                if settling.isFinite {
                    try container.encode(settling, forKey: .settlingDuration)
                } else {
                    try container.encodeNil(forKey: .settlingDuration)
                }
            }
        }
    }

    private struct JSONRow: Encodable {
        let time: Double
        let layerTime: Double?
        let values: [String: PropertyValue]
        let events: [JSONEvent]
        let showsTransition: Bool
        let transition: JSONTransition?

        enum CodingKeys: String, CodingKey { case time, layerTime, values, events, transition }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            try container.encodeIfPresent(layerTime, forKey: .layerTime)
            try container.encode(values, forKey: .values)
            try container.encode(events, forKey: .events)
            if showsTransition {
                if let transition {
                    try container.encode(transition, forKey: .transition)
                } else {
                    try container.encodeNil(forKey: .transition)
                }
            }
        }
    }

    private struct JSONEvent: Encodable {
        let event: String
        let key: String?
        let finished: Bool?
        let time: Double

        init(_ event: AnimationEvent) {
            key = event.key
            time = event.localTime
            switch event.kind {
            case .didStart:
                self.event = "didStart"
                finished = nil
            case .didStop(let finished):
                self.event = "didStop"
                self.finished = finished
            }
        }

        enum CodingKeys: String, CodingKey { case event, key, finished, time }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event, forKey: .event)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(finished, forKey: .finished)
            try container.encode(time, forKey: .time)
        }
    }

    private struct JSONTransition: Encodable {
        let type: String
        let subtype: String
        let progress: Double
        let key: String?

        init(_ transition: TransitionProgress) {
            type = transition.type.rawValue
            subtype = transition.subtype.rawValue
            progress = transition.progress
            key = transition.key
        }
    }
}
