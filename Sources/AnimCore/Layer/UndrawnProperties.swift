/// The properties drawn only at their default (`isDrawnOnlyAtDefault`, "refusedUntilDrawn" in
/// protocol/layer-properties.json) refuse any other value (docs/core-animation-rules.md, "Refused until drawn").
extension LayerProperty {
    /// Throws `.notAllowed` at `field` (the key by default) naming the value when this property is drawn only
    /// at its default and `value` is another: an empty filter list counts as the default (no filter), as nil
    /// does.
    func checkDrawn(_ value: PropertyValue, field: String? = nil) throws(AnimCoreError) {
        let field = field ?? key
        guard isDrawnOnlyAtDefault else { return }
        switch value {
        case .strings(let list?) where !list.isEmpty:
            throw .notAllowed(
                field: field, value: list.joined(separator: ", "), reason: "is not drawn yet: \(key) must be empty")
        case .string(let s?) where s != defaultValue.stringText:
            let expected = defaultValue.stringText.map { "'\($0)'" } ?? "nil"
            throw .notAllowed(field: field, value: s, reason: "is not drawn yet: \(key) must be \(expected)")
        case .bool(true):
            throw .notAllowed(field: field, value: "true", reason: "is not drawn yet: \(key) must be false")
        default:
            break
        }
    }
}

extension PropertyValue {
    /// The text of a string value; nil for nil and for other kinds.
    fileprivate var stringText: String? {
        if case .string(let s) = self { s } else { nil }
    }
}
