/// One entry of a layer's `filters` or `backgroundFilters` (docs/core-animation-rules.md#filters): a filter of
/// one of the drawn types, the `name` that key paths address it by (`filters.blur.inputRadius`), and its
/// parameters. Only the types of `FilterType` are drawn; anything else is refused when the value is made.
public struct LayerFilter: Hashable, Sendable {
    /// What the filter does, with its parameters.
    public enum Effect: Hashable, Sendable {
        /// A gaussian blur of standard deviation `inputRadius` layer units (CIGaussianBlur's inputRadius).
        case gaussianBlur(inputRadius: Double)
        /// CIColorMatrix as one 4×5 matrix: 20 numbers, row-major, rows giving red, green, blue and alpha, columns
        /// multiplying red, green, blue, alpha and the last adding a bias (CIColorMatrix's inputRVector …
        /// inputAVector and inputBiasVector, one vector per column), applied to straight-alpha colour in 0…1.
        case colorMatrix(inputColorMatrix: [Double])
    }

    public var name: String
    public var effect: Effect

    public init(name: String, effect: Effect) {
        self.name = name
        self.effect = effect
    }

    /// A blur named `name`.
    public static func gaussianBlur(name: String = "gaussianBlur", inputRadius: Double) -> LayerFilter {
        LayerFilter(name: name, effect: .gaussianBlur(inputRadius: inputRadius))
    }

    /// A colour matrix named `name` (20 numbers, see `Effect.colorMatrix`).
    public static func colorMatrix(name: String = "colorMatrix", _ matrix: [Double]) -> LayerFilter {
        LayerFilter(name: name, effect: .colorMatrix(inputColorMatrix: matrix))
    }

    public var type: FilterType {
        switch effect {
        case .gaussianBlur: .gaussianBlur
        case .colorMatrix: .colorMatrix
        }
    }

    /// The value of `parameter`, nil when this filter's type has no such parameter.
    public func value(of parameter: FilterParameter) -> PropertyValue? {
        switch (effect, parameter) {
        case (.gaussianBlur(let r), .inputRadius): .number(r)
        case (.colorMatrix(let m), .inputColorMatrix): .numbers(m)
        default: nil
        }
    }

    /// The filter with `parameter` set to `value`; nil when the type has no such parameter or the value is not
    /// of its kind (a matrix of another count included).
    public func setting(_ parameter: FilterParameter, to value: PropertyValue) -> LayerFilter? {
        switch (effect, parameter, value) {
        case (.gaussianBlur, .inputRadius, .number(let r)):
            return LayerFilter(name: name, effect: .gaussianBlur(inputRadius: r))
        case (.colorMatrix, .inputColorMatrix, .numbers(let m?)) where m.count == FilterParameter.matrixCount:
            return LayerFilter(name: name, effect: .colorMatrix(inputColorMatrix: m))
        default:
            return nil
        }
    }

    /// Every parameter, in the type's order.
    public var parameters: [(FilterParameter, PropertyValue)] {
        type.parameters.compactMap { p in value(of: p).map { (p, $0) } }
    }

    /// Makes a filter from its parts as a client names them (the wire and JSON forms), checking the type, each
    /// parameter's name, count and range; parameters left out take the type's defaults. Errors name `field`
    /// (the filter's place in its list) and list what is accepted.
    public static func make(
        type: String, name: String, parameters: [(name: String, values: [Double])], field: String
    ) throws(AnimCoreError) -> LayerFilter {
        guard let kind = FilterType(rawValue: type) else {
            throw .notAllowed(
                field: field + ".type", value: type,
                reason: "is not a drawn filter: the filters drawn are \(FilterType.allNames)")
        }
        var filter = kind.defaultFilter(name: name)
        for (parameterName, values) in parameters {
            let at = field + "." + parameterName
            guard let parameter = FilterParameter(rawValue: parameterName), kind.parameters.contains(parameter) else {
                throw .notAllowed(
                    field: at, value: parameterName,
                    reason:
                        "is not a parameter of \(type): it has \(kind.parameters.map(\.rawValue).joined(separator: ", "))"
                )
            }
            for v in values { try AnimCoreError.requireFinite(v, at) }
            let value: PropertyValue
            switch parameter {
            case .inputRadius:
                guard values.count == 1 else {
                    throw .invalid(field: at, reason: "takes 1 number, got \(values.count)")
                }
                guard values[0] >= 0 else { throw .outOfRange(field: at, value: values[0], allowed: "≥ 0") }
                value = .number(values[0])
            case .inputColorMatrix:
                guard values.count == FilterParameter.matrixCount else {
                    throw .invalid(
                        field: at,
                        reason: "takes \(FilterParameter.matrixCount) numbers (4 rows of 5), got \(values.count)")
                }
                value = .numbers(values)
            }
            guard let set = filter.setting(parameter, to: value) else {
                throw .invalid(field: at, reason: "does not fit \(type)")
            }
            filter = set
        }
        return filter
    }

    /// Throws unless every parameter is finite and in range (values that reached the filter some other way than
    /// `make`, such as through a key path).
    public func validate(field: String) throws(AnimCoreError) {
        for (parameter, value) in parameters {
            let at = field + "." + parameter.rawValue
            switch value {
            case .number(let r):
                try AnimCoreError.requireFinite(r, at)
                guard r >= 0 else { throw .outOfRange(field: at, value: r, allowed: "≥ 0") }
            case .numbers(let m?):
                guard m.count == FilterParameter.matrixCount else {
                    throw .invalid(
                        field: at, reason: "takes \(FilterParameter.matrixCount) numbers (4 rows of 5), got \(m.count)")
                }
                for v in m { try AnimCoreError.requireFinite(v, at) }
            default:
                break
            }
        }
    }
}

/// The filter types drawn (docs/core-animation-rules.md#filters), by Core Animation's names.
public enum FilterType: String, CaseIterable, Hashable, Sendable {
    case gaussianBlur
    case colorMatrix

    /// The parameters a filter of this type has.
    public var parameters: [FilterParameter] {
        switch self {
        case .gaussianBlur: [.inputRadius]
        case .colorMatrix: [.inputColorMatrix]
        }
    }

    /// A filter of this type with Core Image's default parameters (inputRadius 10, the identity matrix).
    public func defaultFilter(name: String) -> LayerFilter {
        switch self {
        case .gaussianBlur: .gaussianBlur(name: name, inputRadius: 10)
        case .colorMatrix: .colorMatrix(name: name, FilterParameter.identityMatrix)
        }
    }

    static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A filter parameter a key path can name (`filters.<name>.<parameter>`).
public enum FilterParameter: String, CaseIterable, Hashable, Sendable {
    case inputRadius
    case inputColorMatrix

    public var valueKind: ValueKind {
        switch self {
        case .inputRadius: .number
        case .inputColorMatrix: .numbers
        }
    }

    /// Numbers in a colour matrix: 4 rows of 5.
    public static let matrixCount = 20

    /// The colour matrix that changes nothing.
    public static let identityMatrix: [Double] = [
        1, 0, 0, 0, 0,
        0, 1, 0, 0, 0,
        0, 0, 1, 0, 0,
        0, 0, 0, 1, 0,
    ]
}

/// The blend modes `compositingFilter` accepts (docs/core-animation-rules.md#filters): Core Animation's names,
/// and the short ones (`multiply` for `multiplyBlendMode`).
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
    case exclusion, hue, saturation, color, luminosity

    /// Core Animation's name: `multiplyBlendMode`.
    public var filterName: String { rawValue + "BlendMode" }

    /// The mode a `compositingFilter` string names, by its long or short name; nil for any other string.
    public init?(filterName: String) {
        let short = filterName.hasSuffix("BlendMode") ? String(filterName.dropLast(9)) : filterName
        self.init(rawValue: short)
    }

    /// Every name `compositingFilter` accepts, long names first.
    public static var acceptedNames: [String] { allCases.map(\.filterName) + allCases.map(\.rawValue) }
}

extension [LayerFilter] {
    /// The filter named `name` and its index (the first of that name).
    func named(_ name: String) -> (index: Int, filter: LayerFilter)? {
        guard let i = firstIndex(where: { $0.name == name }) else { return nil }
        return (i, self[i])
    }
}

extension LayerFilter {
    /// True when every parameter is finite.
    public var isFinite: Bool {
        switch effect {
        case .gaussianBlur(let r): r.isFinite
        case .colorMatrix(let m): m.allSatisfy(\.isFinite)
        }
    }

    /// The filter a fraction `t` of the way to `other` when both are of one type and name (parameters
    /// interpolate number by number); nil otherwise (the list then switches at t = 0.5).
    func interpolated(to other: LayerFilter, fraction t: Double) -> LayerFilter? {
        guard name == other.name else { return nil }
        switch (effect, other.effect) {
        case (.gaussianBlur(let a), .gaussianBlur(let b)):
            return .gaussianBlur(name: name, inputRadius: a + (b - a) * t)
        case (.colorMatrix(let a), .colorMatrix(let b)) where a.count == b.count:
            return .colorMatrix(name: name, zip(a, b).map { $0 + ($1 - $0) * t })
        default:
            return nil
        }
    }
}

extension [LayerFilter] {
    /// The list a fraction `t` of the way to `other`: filter by filter when both lists hold the same types
    /// under the same names in the same order, nil otherwise.
    func interpolated(to other: [LayerFilter], fraction t: Double) -> [LayerFilter]? {
        guard count == other.count else { return nil }
        var out: [LayerFilter] = []
        out.reserveCapacity(count)
        for (a, b) in zip(self, other) {
            guard let f = a.interpolated(to: b, fraction: t) else { return nil }
            out.append(f)
        }
        return out
    }
}

extension FilterParameter {
    /// What a key path reads for a filter its list does not hold: no blur, the identity matrix.
    var neutralValue: PropertyValue {
        switch self {
        case .inputRadius: .number(0)
        case .inputColorMatrix: .numbers(Self.identityMatrix)
        }
    }
}
