/// Every error AnimCore reports. Each case names what was wrong and the offending value,
/// so the server can send it back to the client as it is.
public enum AnimCoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key path does not exist on this layer class (seed 002 animates "alpha", which a layer lacks).
    case unknownKeyPath(path: String, layerClass: String)
    /// A value of the wrong type for the key path or field.
    case typeMismatch(field: String, expected: String, got: String)
    /// A NaN or infinite number where a finite one is required.
    case nonFinite(field: String, value: Double)
    /// A number outside the allowed range.
    case outOfRange(field: String, value: Double, allowed: String)
    /// keyTimes that cannot be used (wrong count, decreasing, outside [0, 1]), at `field`.
    case invalidKeyTimes(field: String, reason: String)
    /// A value the property cannot take, named as text: a string that is not one of the allowed names, or a
    /// value the renderers do not draw yet (docs/core-animation-rules.md, "Refused until drawn").
    case notAllowed(field: String, value: String, reason: String)
    /// Any other structural problem with an animation or value, with the field it concerns.
    case invalid(field: String, reason: String)

    public var description: String {
        switch self {
        case .unknownKeyPath(let path, let layerClass):
            "unknown key path '\(path)' for layer class \(layerClass)"
        case .typeMismatch(let field, let expected, let got):
            "\(field): expected \(expected), got \(got)"
        case .nonFinite(let field, let value):
            "\(field): \(value) is not a finite number"
        case .outOfRange(let field, let value, let allowed):
            "\(field): \(value) is out of range (allowed: \(allowed))"
        case .invalidKeyTimes(let field, let reason):
            "\(field): \(reason)"
        case .notAllowed(let field, let value, let reason):
            "\(field): '\(value)' \(reason)"
        case .invalid(let field, let reason):
            "\(field): \(reason)"
        }
    }
}

extension AnimCoreError {
    /// Throws `.nonFinite` unless `value` is finite.
    @inline(__always)
    public static func requireFinite(_ value: Double, _ field: String) throws(AnimCoreError) {
        guard value.isFinite else { throw .nonFinite(field: field, value: value) }
    }
}
