/// The type of a property value: what a key path holds and what an animation must supply.
public enum ValueKind: String, Hashable, Codable, Sendable, CaseIterable {
    case number, point, size, rect, transform, color, bool, path, numbers, colors, string, strings, image, layer
    /// A CATextLayer `string`: plain (a `string` value is taken as one) or attributed (docs/json-format.md).
    case attributedString
    case filters

    /// Whether values of this kind can be blended continuously (as opposed to switching at f = 0.5).
    public var isContinuous: Bool {
        switch self {
        case .number, .point, .size, .rect, .transform, .color, .numbers, .colors, .path, .filters: true
        case .bool, .string, .strings, .image, .layer, .attributedString: false
        }
    }
}
