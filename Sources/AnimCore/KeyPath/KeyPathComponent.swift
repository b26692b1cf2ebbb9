/// The struct-field part of a key path (docs/core-animation-rules.md#key-paths): "position.x", "bounds.size.width",
/// "transform.rotation.z", "shadowOffset.height", "filters.blur.inputRadius" (a parameter of the filter of that
/// name, docs/core-animation-rules.md#filters).
public enum KeyPathComponent: Hashable, Sendable {
    case x, y
    case width, height
    case origin, originX, originY, size, sizeWidth, sizeHeight
    case transform(TransformComponent)
    case filter(name: String, parameter: FilterParameter)

    /// The components a value of `kind` offers, by their dotted names.
    static func parse(_ rest: String, on kind: ValueKind) -> KeyPathComponent? {
        switch (kind, rest) {
        case (.point, "x"): .x
        case (.point, "y"): .y
        case (.size, "width"): .width
        case (.size, "height"): .height
        case (.rect, "origin"): .origin
        case (.rect, "origin.x"): .originX
        case (.rect, "origin.y"): .originY
        case (.rect, "size"): .size
        case (.rect, "size.width"): .sizeWidth
        case (.rect, "size.height"): .sizeHeight
        case (.transform, _): TransformComponent(rawValue: rest).map { .transform($0) }
        case (.filters, _): filterParameter(rest)
        default: nil
        }
    }

    /// "blur.inputRadius": the filter's name (which may hold dots) before the last dot, the parameter after it.
    private static func filterParameter(_ rest: String) -> KeyPathComponent? {
        guard let dot = rest.lastIndex(of: "."), dot != rest.startIndex,
            let parameter = FilterParameter(rawValue: String(rest[rest.index(after: dot)...]))
        else { return nil }
        return .filter(name: String(rest[..<dot]), parameter: parameter)
    }

    public var name: String {
        switch self {
        case .x: "x"
        case .y: "y"
        case .width: "width"
        case .height: "height"
        case .origin: "origin"
        case .originX: "origin.x"
        case .originY: "origin.y"
        case .size: "size"
        case .sizeWidth: "size.width"
        case .sizeHeight: "size.height"
        case .transform(let c): c.rawValue
        case .filter(let name, let parameter): name + "." + parameter.rawValue
        }
    }

    /// The kind of value the component holds.
    public var valueKind: ValueKind {
        switch self {
        case .origin: .point
        case .size, .transform(.translation): .size
        case .filter(_, let parameter): parameter.valueKind
        default: .number
        }
    }

    /// Reads the component out of a whole property value.
    func extract(from whole: PropertyValue) -> PropertyValue {
        switch (self, whole) {
        case (.x, .point(let p)): .number(p.x)
        case (.y, .point(let p)): .number(p.y)
        case (.width, .size(let s)): .number(s.width)
        case (.height, .size(let s)): .number(s.height)
        case (.origin, .rect(let r)): .point(r.origin)
        case (.originX, .rect(let r)): .number(r.origin.x)
        case (.originY, .rect(let r)): .number(r.origin.y)
        case (.size, .rect(let r)): .size(r.size)
        case (.sizeWidth, .rect(let r)): .number(r.size.width)
        case (.sizeHeight, .rect(let r)): .number(r.size.height)
        case (.transform(.translation), .transform(let t)): .size(t.translationComponent())
        case (.transform(let c), .transform(let t)): .number(t.component(c))
        case (.filter(let name, let parameter), .filters(let list)):
            // A filter the list does not hold reads as the parameter's neutral value (no blur, the identity).
            list?.named(name)?.filter.value(of: parameter) ?? parameter.neutralValue
        default: whole
        }
    }

    /// The whole property value with this component replaced by `part`.
    func insert(_ part: PropertyValue, into whole: PropertyValue) -> PropertyValue {
        switch (self, whole, part) {
        case (.x, .point(var p), .number(let v)):
            p.x = v
            return .point(p)
        case (.y, .point(var p), .number(let v)):
            p.y = v
            return .point(p)
        case (.width, .size(var s), .number(let v)):
            s.width = v
            return .size(s)
        case (.height, .size(var s), .number(let v)):
            s.height = v
            return .size(s)
        case (.origin, .rect(var r), .point(let v)):
            r.origin = v
            return .rect(r)
        case (.originX, .rect(var r), .number(let v)):
            r.origin.x = v
            return .rect(r)
        case (.originY, .rect(var r), .number(let v)):
            r.origin.y = v
            return .rect(r)
        case (.size, .rect(var r), .size(let v)):
            r.size = v
            return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let v)):
            r.size.width = v
            return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let v)):
            r.size.height = v
            return .rect(r)
        case (.transform(.translation), .transform(let t), .size(let s)):
            return .transform(t.settingTranslation(s))
        case (.transform(let c), .transform(let t), .number(let v)):
            return .transform(t.setting(c, to: v))
        case (.filter(let name, let parameter), .filters(var list?), _):
            // Setting a parameter of a filter the list does not hold changes nothing, as in Core Animation.
            guard let (i, filter) = list.named(name), let set = filter.setting(parameter, to: part) else {
                return whole
            }
            list[i] = set
            return .filters(list)
        default:
            return whole
        }
    }
}
