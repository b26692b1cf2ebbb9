// The per-property constraints (`allowedStrings`, `minimumNumber` and its text, `isDrawnOnlyAtDefault`) are
// generated from protocol/layer-properties.json (Generated/LayerProperties.swift); the checks that apply them are here.

extension LayerState {
    /// Sets `property` after checking that this class has it, the value's kind matches, every number is
    /// finite and in range, and an enumerated string is one of the allowed names.
    public mutating func set(_ value: PropertyValue, for property: LayerProperty) throws(AnimCoreError) {
        guard property.exists(on: layerClass) else {
            throw .unknownKeyPath(path: property.key, layerClass: layerClass.rawValue)
        }
        let value = value.coerced(to: property.valueKind)
        try property.check(value)
        setValueUnchecked(value, for: property)
    }

    /// The value of the property named `key` (a plain property name, not a dotted path).
    public func value(forKey key: String) throws(AnimCoreError) -> PropertyValue {
        guard let p = LayerProperty.named(key, on: layerClass) else {
            throw .unknownKeyPath(path: key, layerClass: layerClass.rawValue)
        }
        return value(of: p)
    }
}

extension LayerProperty {
    /// Throws unless `value` may be stored in this property.
    public func check(_ value: PropertyValue) throws(AnimCoreError) {
        let value = value.coerced(to: valueKind)
        guard value.kind == valueKind else {
            throw .typeMismatch(field: key, expected: valueKind.rawValue, got: value.kind.rawValue)
        }
        guard value.isFinite else {
            throw .nonFinite(field: key, value: value.firstNonFinite ?? .nan)
        }
        switch value {
        case .attributedString(let text?):
            if let problem = text.problem() { throw .invalid(field: "\(key).\(problem.field)", reason: problem.reason) }
        case .string(let s):
            // nil is accepted where it is the default (compositingFilter: no filter).
            if let allowed = allowedStrings, s != nil || defaultValue != .string(nil) {
                guard let s, allowed.contains(s) else {
                    throw .notAllowed(
                        field: key, value: s ?? "nil", reason: "is not one of \(allowed.joined(separator: ", "))")
                }
            }
        case .number(let v):
            if let allowed = allowedRange(refusing: v) {
                throw .outOfRange(field: key, value: v, allowed: allowed)
            }
        case .path(let p?):
            try p.validate(field: key)
        case .filters(let list?):
            for (i, filter) in list.enumerated() { try filter.validate(field: "\(key)[\(i)]") }
        default:
            break
        }
        try checkDrawn(value)
    }
}

extension LayerProperty {
    /// What `check` accepts of a number property, when `v` (finite) is outside it: "≥ 0", "> 0".
    @inlinable
    func allowedRange(refusing v: Double) -> String? {
        guard let (minimum, inclusive) = minimumNumber, inclusive ? v < minimum : v <= minimum else { return nil }
        return numberRangeText
    }

    /// Whether `check` accepts a value of `kind` given as lanes (`PropertyValue.lanes`): a number,
    /// point, size or rect of this property's kind, every number finite and in range.
    @inlinable
    public func accepts(lanes v: SIMD4<Double>, kind: ValueKind) -> Bool {
        laneRule(for: kind)?.accepts(v) ?? false
    }

    /// What `accepts(lanes:kind:)` asks of a value of `kind` given as lanes, for checking many (a bulk
    /// commit's run of changes to one property); nil when no value of `kind` is accepted.
    @inlinable
    public func laneRule(for kind: ValueKind) -> LaneRule? {
        guard kind == valueKind else { return nil }
        switch kind {
        case .number:
            guard let (minimum, inclusive) = minimumNumber else { return LaneRule(lanes: 1) }
            return LaneRule(lanes: 1, minimum: minimum, inclusive: inclusive)
        case .point, .size: return LaneRule(lanes: 2)
        case .rect: return LaneRule(lanes: 4)
        default: return nil
        }
    }
}

/// `LayerProperty.laneRule(for:)`: the lanes a kind uses all finite, and the first at least `minimum` (a
/// number property's range; −∞ for the others). It agrees with `allowedRange(refusing:)`, which names the
/// range in errors (`LayerSlotTests` checks both against `check`).
public struct LaneRule: Sendable {
    /// How many lanes the kind uses (1, 2 or 4); the others are ignored.
    @usableFromInline let width: Int
    @usableFromInline let minimum: Double
    @usableFromInline let inclusive: Bool

    @inlinable
    init(lanes: Int, minimum: Double = -.infinity, inclusive: Bool = true) {
        width = lanes
        self.minimum = minimum
        self.inclusive = inclusive
    }

    @inlinable @inline(__always)
    public func accepts(_ v: SIMD4<Double>) -> Bool {
        // Lane by lane rather than as a vector: a bulk commit checks a run of one width, so these branches
        // always go the same way, and the vector form's moves between registers cost more than they do.
        guard v[0].isFinite else { return false }
        if width >= 2 {
            guard v[1].isFinite else { return false }
            if width == 4 { guard v[2].isFinite, v[3].isFinite else { return false } }
        }
        return inclusive ? v[0] >= minimum : v[0] > minimum
    }
}

extension PropertyValue {
    /// The first NaN or infinite number inside, for error messages.
    var firstNonFinite: Double? {
        switch self {
        case .number(let v): v.isFinite ? nil : v
        case .point(let p): [p.x, p.y].first { !$0.isFinite }
        case .size(let s): [s.width, s.height].first { !$0.isFinite }
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height].first { !$0.isFinite }
        case .transform(let t): t.elements.first { !$0.isFinite }
        case .color(let c?): [c.red, c.green, c.blue, c.alpha].first { !$0.isFinite }
        case .numbers(let a?): a.first { !$0.isFinite }
        case .colors(let a?): a.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }.first { !$0.isFinite }
        case .filters(let a?):
            a.lazy.flatMap { $0.parameters.compactMap { $0.1.firstNonFinite } }.first
        default: nil
        }
    }
}
