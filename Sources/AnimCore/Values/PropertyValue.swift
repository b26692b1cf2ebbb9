/// One property's value. Optional properties (backgroundColor, path, mask, contents…) use the
/// optional payloads; `nil` there is a real value ("no colour"), not an absence.
public enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case transform(Transform3D)
    case color(Color?)
    case bool(Bool)
    case path(BezierPath?)
    case numbers([Double]?)
    case colors([Color]?)
    case string(String?)
    case strings([String]?)
    case image(ImageID?)
    case layer(LayerID?)
    /// A text layer's string with runs of attributes (a plain string is one with no runs).
    case attributedString(AttributedText?)
    /// `filters` and `backgroundFilters` (docs/core-animation-rules.md#filters).
    case filters([LayerFilter]?)

    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .bool: .bool
        case .path: .path
        case .numbers: .numbers
        case .colors: .colors
        case .string: .string
        case .strings: .strings
        case .image: .image
        case .layer: .layer
        case .attributedString: .attributedString
        case .filters: .filters
        }
    }

    /// True when every number inside is finite (NaN and ∞ are refused at the edges).
    public var isFinite: Bool {
        switch self {
        case .number(let v): v.isFinite
        case .point(let p): p.isFinite
        case .size(let s): s.isFinite
        case .rect(let r): r.isFinite
        case .transform(let t): t.isFinite
        case .color(let c): c?.isFinite ?? true
        case .path(let p): p?.elements.allSatisfy(\.isFinite) ?? true
        case .numbers(let a): a?.allSatisfy(\.isFinite) ?? true
        case .colors(let a): a?.allSatisfy(\.isFinite) ?? true
        case .attributedString(let text): text?.runs.allSatisfy(\.isFinite) ?? true
        case .filters(let a): a?.allSatisfy(\.isFinite) ?? true
        case .bool, .string, .strings, .image, .layer: true
        }
    }

    /// The value as a property of `kind` takes it: a plain string (or nil) for an attributed-string property is
    /// that string with no runs; any other value is itself.
    public func coerced(to kind: ValueKind) -> PropertyValue {
        if kind == .attributedString, case .string(let s) = self {
            return .attributedString(s.map { AttributedText($0) })
        }
        return self
    }

    public var numberValue: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
}

extension PathElement {
    var isFinite: Bool {
        switch self {
        case .move(let p), .line(let p): p.isFinite
        case .quad(let c, let p): c.isFinite && p.isFinite
        case .cubic(let c1, let c2, let p): c1.isFinite && c2.isFinite && p.isFinite
        case .close: true
        }
    }
}
