import Foundation

/// A value kind of the table (`ValueKind`'s raw values), with what the generator needs to know of it.
enum Kind: String, CaseIterable {
    case number, point, size, rect, transform, color, bool, path, numbers, colors, string, strings, image, layer
    case attributedString
    case filters

    /// The Swift type of a stored property of this kind (a string's optionality depends on its default).
    var swiftType: String {
        switch self {
        case .number: "Double"
        case .point: "Point"
        case .size: "Size"
        case .rect: "Rect"
        case .transform: "Transform3D"
        case .color: "Color?"
        case .bool: "Bool"
        case .path: "BezierPath?"
        case .numbers: "[Double]?"
        case .colors: "[Color]?"
        case .string: "String"
        case .strings: "[String]?"
        case .image: "ImageID?"
        case .layer: "LayerID?"
        case .attributedString: "AttributedText?"
        case .filters: "[LayerFilter]?"
        }
    }

    /// Whether the evaluator's fast path reads and writes it as up to four doubles (`LayerState.lanes(of:)`).
    var hasLanes: Bool { [.number, .point, .size, .rect].contains(self) }
}

/// Where `LayerState` keeps a property.
enum Storage: String {
    /// A stored property of `LayerState` itself: what a frame reads or animates most.
    case hot
    /// A field of `ColdLayerProperties`, in the shared copy-on-write box.
    case cold
    /// A field of the layer's own `MediaTiming` (`LayerState.timing`).
    case timing
    /// A field of the special class's properties (`ShapeLayerProperties`, …) in `SpecialLayerStorage`.
    case special
}

/// A number property's smallest accepted value.
struct NumberRange {
    var minimum: Double
    var inclusive: Bool
}

struct ExtraField {
    var name: String
    var type: String
    var defaultValue: String
    var doc: String
}

struct ClassRow {
    /// `LayerClass`'s case.
    var name: String
    /// Core Animation's class name (`LayerClass`'s raw value).
    var caName: String
    /// The SDK's class.
    var sdkClass: String
    /// What the renderers do with the class's own properties, where a row does not say.
    var drawn: String?
    /// Stored fields of the class's storage struct that are not key paths.
    var extraFields: [ExtraField]

    /// The struct that holds the class's own properties: `ShapeLayerProperties`.
    var storageStruct: String { name.prefix(1).uppercased() + name.dropFirst() + "LayerProperties" }
    /// `SpecialLayerStorage`'s accessor (`shape`) and mutator (`modifyShape`).
    var modifier: String { "modify" + name.prefix(1).uppercased() + name.dropFirst() }
}

/// A default value as the table writes it: a number, a list of numbers, a string, a bool or null.
enum DefaultValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case numbers([Double])
    case string(String)
}

struct PropertyRow {
    var key: String
    /// `LayerProperty`'s case, and the name of the stored field.
    var swift: String
    var layerClass: String
    var kind: Kind
    var defaultValue: DefaultValue
    var animates: Bool
    var hasDefaultAction: Bool
    var storage: Storage
    /// Whether the evaluator's fast path reads and writes it as lanes: every animatable number, point, size and rect.
    var lanes: Bool
    var range: NumberRange?
    var allowed: [String]?
    var refusedUntilDrawn: Bool
    /// A `RawRepresentable` String enum the property is stored as (`FillMode`), instead of `String`.
    var enumType: String?
    /// The SDK accessor's name; nil when the SDK writes its own (the mask, in Layer+Tree.swift).
    var sdkName: String?
    /// The type only the SDK's accessor uses, as Core Animation types the property: a String enum for a string
    /// with `allowed` names (`CornerCurve`), an OptionSet for a number that is a bit mask (`CornerMask`). The model
    /// and the wire keep the string or number.
    var sdkType: String?
    var drawn: String
    var doc: String

    /// Whether a string property may be nil: exactly when its default is.
    var isOptionalString: Bool { kind == .string && defaultValue == .null }

    /// The Swift type it is stored as.
    var swiftType: String {
        if let enumType { return enumType }
        return isOptionalString ? "String?" : kind.swiftType
    }
}

struct Table {
    var classes: [ClassRow]
    var components: [(kind: Kind, names: [(String, Kind)])]
    var properties: [PropertyRow]

    func layerClass(_ name: String) -> ClassRow { classes.first { $0.name == name }! }
}

struct TableError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Reading

/// A JSON value, decoded as it is written (JSONSerialization's numbers would not tell `true` from 1 here).
enum JSON: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSON].self))
        }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    var object: [String: JSON]? { if case .object(let o) = self { o } else { nil } }
    var strings: [String]? {
        array.flatMap { list in list.compactMap(\.string).count == list.count ? list.compactMap(\.string) : nil }
    }
}

func loadTable(_ path: String) throws -> Table {
    let root: [String: JSON]
    do {
        guard
            let object = try JSONDecoder().decode(JSON.self, from: Data(contentsOf: URL(fileURLWithPath: path))).object
        else { throw TableError("\(path): not a JSON object") }
        root = object
    } catch let error as TableError {
        throw error
    } catch {
        throw TableError("\(path): \(error)")
    }
    guard let classList = root["classes"]?.array?.compactMap(\.object) else {
        throw TableError("\(path): no \"classes\" list")
    }
    let classes = try classList.map { c throws -> ClassRow in
        guard let name = c["case"]?.string, let caName = c["name"]?.string, let sdk = c["sdk"]?.string else {
            throw TableError("\(path): a class needs \"case\", \"name\" and \"sdk\"")
        }
        let extras = try (c["extraFields"]?.array ?? []).map { f throws -> ExtraField in
            guard let f = f.object, let n = f["name"]?.string, let t = f["type"]?.string, let d = f["default"]?.string
            else {
                throw TableError("\(path): class \(name): an extra field needs \"name\", \"type\" and \"default\"")
            }
            return ExtraField(name: n, type: t, defaultValue: d, doc: f["doc"]?.string ?? "")
        }
        return ClassRow(name: name, caName: caName, sdkClass: sdk, drawn: c["drawn"]?.string, extraFields: extras)
    }
    guard let componentMap = root["components"]?.object else { throw TableError("\(path): no \"components\" object") }
    var components: [(kind: Kind, names: [(String, Kind)])] = []
    for kind in Kind.allCases {
        guard let list = componentMap[kind.rawValue]?.array else { continue }
        components.append(
            (
                kind,
                try list.map { pair in
                    guard let pair = pair.strings, pair.count == 2, let k = Kind(rawValue: pair[1]) else {
                        throw TableError("\(path): components.\(kind.rawValue): each must be [name, kind]")
                    }
                    return (pair[0], k)
                }
            ))
    }
    guard let rows = root["properties"]?.array?.compactMap(\.object) else {
        throw TableError("\(path): no \"properties\" list")
    }
    let properties = try rows.map { try property($0, classes: classes) }
    try validate(properties)
    return Table(classes: classes, components: components, properties: properties)
}

private func property(_ row: [String: JSON], classes: [ClassRow]) throws -> PropertyRow {
    guard let key = row["key"]?.string else { throw TableError("a property row has no \"key\"") }
    func fail(_ what: String) -> TableError { TableError("property \(key): \(what)") }
    let known: Set<String> = [
        "key", "swift", "class", "kind", "default", "animates", "action", "storage", "range", "allowed",
        "refusedUntilDrawn", "swiftType", "sdk", "sdkType", "drawn", "doc",
    ]
    if let unknown = row.keys.sorted().first(where: { !known.contains($0) }) {
        throw fail("unknown column \"\(unknown)\"")
    }
    guard let className = row["class"]?.string, classes.contains(where: { $0.name == className }) else {
        throw fail("\"class\" must be one of \(classes.map(\.name).joined(separator: ", "))")
    }
    let owner = classes.first { $0.name == className }!
    guard let kindName = row["kind"]?.string, let kind = Kind(rawValue: kindName) else {
        throw fail("\"kind\" must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let storageName = row["storage"]?.string, let storage = Storage(rawValue: storageName) else {
        throw fail("\"storage\" must be hot, cold, timing or special")
    }
    guard let animates = row["animates"]?.bool else { throw fail("\"animates\" must be true or false") }
    guard let doc = row["doc"]?.string, !doc.isEmpty else { throw fail("\"doc\" must be a line of text") }
    guard let defaultJSON = row["default"] else { throw fail("no \"default\"") }
    let defaultValue = try parseDefault(defaultJSON, kind: kind, fail: fail)
    var range: NumberRange?
    if let value = row["range"] {
        let text = value.string ?? ""
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0] == ">=" || parts[0] == ">", let minimum = Double(parts[1]) else {
            throw fail("\"range\" must be \">= N\" or \"> N\"")
        }
        range = NumberRange(minimum: minimum, inclusive: parts[0] == ">=")
    }
    let sdkName: String?
    switch row["sdk"] {
    case nil: sdkName = row["swift"]?.string ?? key
    case .string(let name)?: sdkName = name
    case .bool(false)?: sdkName = nil
    default: throw fail("\"sdk\" must be the accessor's name, or false when the SDK writes its own")
    }
    if row["allowed"] != nil && row["allowed"]?.strings == nil { throw fail("\"allowed\" must be a list of strings") }
    return PropertyRow(
        key: key, swift: row["swift"]?.string ?? key, layerClass: className, kind: kind, defaultValue: defaultValue,
        animates: animates, hasDefaultAction: row["action"]?.bool ?? animates, storage: storage,
        lanes: animates && kind.hasLanes, range: range, allowed: row["allowed"]?.strings,
        refusedUntilDrawn: row["refusedUntilDrawn"]?.bool ?? false, enumType: row["swiftType"]?.string,
        sdkName: sdkName, sdkType: row["sdkType"]?.string, drawn: row["drawn"]?.string ?? owner.drawn ?? "yes", doc: doc
    )
}

private func parseDefault(_ value: JSON, kind: Kind, fail: (String) -> TableError) throws -> DefaultValue {
    let parsed: DefaultValue
    switch value {
    case .null: parsed = .null
    case .bool(let b): parsed = .bool(b)
    case .number(let n): parsed = .number(n)
    case .string(let s): parsed = .string(s)
    case .array(let list):
        let numbers = list.compactMap { if case .number(let n) = $0 { n } else { nil } }
        guard numbers.count == list.count else { throw fail("a list default holds numbers only") }
        parsed = .numbers(numbers)
    case .object: throw fail("a default must be null, a bool, a number, a list of numbers or a string")
    }
    let fits: Bool
    switch (kind, parsed) {
    case (.number, .number): fits = true
    case (.point, .numbers(let v)), (.size, .numbers(let v)): fits = v.count == 2
    case (.rect, .numbers(let v)): fits = v.count == 4
    case (.transform, .string("identity")): fits = true
    case (.color, .null): fits = true
    case (.color, .numbers(let v)): fits = v.count == 4
    case (.bool, .bool): fits = true
    case (.string, .string), (.string, .null): fits = true
    case (.path, .null), (.numbers, .null), (.colors, .null), (.strings, .null), (.image, .null), (.layer, .null),
        (.attributedString, .null), (.filters, .null):
        fits = true
    default: fits = false
    }
    guard fits else {
        throw fail(
            "the default does not fit kind \(kind.rawValue) (a point or size is [x, y], a rect [x, y, w, h], a colour "
                + "[r, g, b, a] or null, a transform \"identity\", lists and paths null)")
    }
    return parsed
}

private func validate(_ properties: [PropertyRow]) throws {
    var cases = Set<String>()
    var keysByClass = Set<String>()
    for p in properties {
        func fail(_ what: String) -> TableError { TableError("property \(p.key): \(what)") }
        guard cases.insert(p.swift).inserted else { throw fail("a second property with the Swift name \(p.swift)") }
        guard keysByClass.insert("\(p.layerClass).\(p.key)").inserted else {
            throw fail("a second property with this key on class \(p.layerClass)")
        }
        if p.range != nil && p.kind != .number { throw fail("\"range\" needs a number") }
        if p.allowed != nil && p.kind != .string { throw fail("\"allowed\" needs a string") }
        if let allowed = p.allowed, case .string(let d) = p.defaultValue, !allowed.contains(d) {
            throw fail("the default \"\(d)\" is not one of \"allowed\"")
        }
        if p.enumType != nil && (p.kind != .string || p.allowed == nil || p.isOptionalString) {
            throw fail("\"swiftType\" is a String enum's name: it needs a string with a default and \"allowed\" names")
        }
        if p.sdkType != nil
            && (p.enumType != nil || p.sdkName == nil
                || !(p.kind == .number || (p.kind == .string && p.allowed != nil && !p.isOptionalString)))
        {
            throw fail(
                "\"sdkType\" is the SDK accessor's String enum (a string with a default and \"allowed\" names) or "
                    + "OptionSet (a number)")
        }
        if p.hasDefaultAction && !p.animates { throw fail("\"action\" needs a property that animates") }
        if p.refusedUntilDrawn && ![.string, .strings, .bool].contains(p.kind) {
            throw fail("\"refusedUntilDrawn\" is checked for strings, string lists and bools only")
        }
        switch (p.storage, p.layerClass == "layer") {
        case (.special, true): throw fail("CALayer's own properties are hot, cold or timing")
        case (.hot, false), (.cold, false), (.timing, false): throw fail("a special class's properties are special")
        default: break
        }
    }
}
