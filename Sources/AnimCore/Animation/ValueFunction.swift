/// CAValueFunction (docs/core-animation-rules.md#value-functions): the animation interpolates numbers (or triples), and
/// the function turns the result into the transform that is set as the presentation value.
public enum ValueFunction: String, Hashable, Codable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// Whether the input is three numbers (scale, translate) rather than one.
    public var takesTriple: Bool { self == .scale || self == .translate }

    /// The input that yields the identity, used where an endpoint is missing.
    public var identityInput: PropertyValue {
        switch self {
        case .scale: .numbers([1, 1, 1])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        case .translate: .numbers([0, 0, 0])
        default: .number(0)
        }
    }

    /// The transform for `input`; an input of the wrong shape gives the identity.
    public func transform(for input: PropertyValue) -> Transform3D {
        switch (self, input) {
        case (.rotateX, .number(let a)): .rotation(a, 1, 0, 0)
        case (.rotateY, .number(let a)): .rotation(a, 0, 1, 0)
        case (.rotateZ, .number(let a)): .rotation(a, 0, 0, 1)
        case (.scaleX, .number(let s)): .scale(s, 1, 1)
        case (.scaleY, .number(let s)): .scale(1, s, 1)
        case (.scaleZ, .number(let s)): .scale(1, 1, s)
        case (.translateX, .number(let t)): .translation(t, 0, 0)
        case (.translateY, .number(let t)): .translation(0, t, 0)
        case (.translateZ, .number(let t)): .translation(0, 0, t)
        case (.scale, .numbers(let v?)) where v.count == 3: .scale(v[0], v[1], v[2])
        case (.translate, .numbers(let v?)) where v.count == 3: .translation(v[0], v[1], v[2])
        default: .identity
        }
    }

    /// Throws unless `value` is a valid input (a number, or three numbers for scale and translate).
    func checkInput(_ value: PropertyValue, field: String) throws(AnimCoreError) {
        switch value {
        case .number where !takesTriple: return
        case .numbers(let v?) where takesTriple && v.count == 3: return
        default:
            throw .typeMismatch(
                field: field, expected: takesTriple ? "3 numbers for \(rawValue)" : "a number for \(rawValue)",
                got: value.kind.rawValue)
        }
    }
}
