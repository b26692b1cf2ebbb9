// AnimCore's property code: `LayerProperty` and its metadata, `LayerState`'s storage, its get/set switches and lanes.

/// Sources/AnimCore/Layer/Generated/LayerProperties.swift: the enum, its metadata and its constraints.
func emitLayerProperties(_ table: Table) -> String {
    let ps = table.properties
    var out = swiftHeader
    out += """

        /// Every property of every layer class, with its key, value kind, default, whether it animates and whether a
        /// change has a default implicit action (docs/core-animation-rules.md).
        public enum LayerProperty: String, Hashable, Codable, Sendable, CaseIterable {

        """
    for p in ps { out += docComment(p.doc, indent: "    ") + "    case \(p.swift)\n" }
    out += "}\n\nextension LayerProperty {\n"

    out += "    /// The name a key path uses (`CALayer`'s property name).\n"
    out += valueSwitch("public var key: String", ps) { literal($0.key) }
    out += "\n"
    out += groupSwitch("public var valueKind: ValueKind", ps, otherwise: nil) { "." + $0.kind.rawValue }
    out += "\n    /// The value of a new layer.\n"
    out += valueSwitch("public var defaultValue: PropertyValue", ps) { $0.propertyValueDefault }
    out += "\n    /// Whether the property can be animated (marked Animatable in the headers).\n"
    out += flagSwitch("public var isAnimatable: Bool", ps) { $0.animates }
    out += "\n    /// Whether a change gets the default implicit basic animation (not path, doubleSided, …).\n"
    out += flagSwitch("public var hasDefaultAction: Bool", ps) { $0.hasDefaultAction }
    out += "\n    /// The class that adds this property; nil for CALayer's own, which every class has.\n"
    out += groupSwitch("public var introducingClass: LayerClass?", ps, otherwise: "nil") {
        $0.layerClass == "layer" ? nil : "." + $0.layerClass
    }

    // Keys shared between classes: the first row with a key is found through the dictionary, the others by class.
    let shared = ps.filter { p in ps.first { $0.key == p.key }!.swift != p.swift }
    out += """

            /// The property named `key` on `layerClass`, or nil (keys are shared between classes: "scale" is
            /// the emitter's multiplier, "preservesDepth" the replicator's or the emitter's).
            public static func named(_ key: String, on layerClass: LayerClass) -> LayerProperty? {

        """
    if !shared.isEmpty {
        out += "        switch (key, layerClass) {\n"
        for p in shared { out += "        case (\(literal(p.key)), .\(p.layerClass)): return .\(p.swift)\n" }
        out += "        default: break\n        }\n"
    }
    out += """
                guard let p = byKey[key], p.exists(on: layerClass) else { return nil }
                return p
            }

            private static let byKey: [String: LayerProperty] = {
                var map: [String: LayerProperty] = [:]

        """
    let exclusion = shared.map { "p != .\($0.swift)" }.joined(separator: " && ")
    out += "        for p in allCases\(shared.isEmpty ? "" : " where " + exclusion) { map[p.key] = p }\n"
    out += "        return map\n    }()\n}\n"

    out += "\nextension LayerProperty {\n"
    out += "    /// The values a string property accepts; nil for free text (name, string, font).\n"
    out += groupSwitch("public var allowedStrings: [String]?", ps, otherwise: "nil") { p in
        p.allowed.map { "[" + $0.map(literal).joined(separator: ", ") + "]" }
    }
    out += """

            /// The smallest value a number property accepts, where CA defines one.
            @usableFromInline

        """
    out += groupSwitch("var minimumNumber: (value: Double, inclusive: Bool)?", ps, otherwise: "nil") { p in
        p.range.map { "(\(shortest($0.minimum)), \($0.inclusive))" }
    }
    out += """

            /// How `check` names the range of `minimumNumber` in an error: "≥ 0.0", "> 0" (the texts clients get today).
            @usableFromInline

        """
    out += groupSwitch("var numberRangeText: String?", ps, otherwise: "nil") { p in
        p.range.map { literal($0.inclusive ? "≥ \($0.minimum)" : "> \(shortest($0.minimum))") }
    }
    out += """

            /// Whether the renderers ignore every value but the default: Core Animation draws a difference for
            /// the others, so they are refused rather than accepted and silently not drawn
            /// (docs/core-animation-rules.md, "Refused until drawn").

        """
    out += flagSwitch("public var isDrawnOnlyAtDefault: Bool", ps) { $0.refusedUntilDrawn }
    out += "\n    /// What the renderers do with the property today (protocol/key-paths.md's last column).\n"
    out += groupSwitch("var drawnToday: String", ps, otherwise: nil) { literal($0.drawn) }
    out += "}\n"
    return out
}

/// A computed property whose switch has one arm per property.
private func valueSwitch(_ declaration: String, _ ps: [PropertyRow], _ value: (PropertyRow) -> String) -> String {
    var out = "    \(declaration) {\n        switch self {\n"
    for p in ps { out += caseArm([p.swift], value(p), indent: "        ") }
    return out + "        }\n    }\n"
}

/// A Bool computed property: the properties for which it is true, and `default: false`.
private func flagSwitch(_ declaration: String, _ ps: [PropertyRow], _ flag: (PropertyRow) -> Bool) -> String {
    let yes = ps.filter(flag).map(\.swift)
    guard !yes.isEmpty else { return "    \(declaration) { false }\n" }
    var out = "    \(declaration) {\n        switch self {\n"
    out += caseArm(yes, "true", indent: "        ")
    if yes.count < ps.count { out += "        default: false\n" }
    return out + "        }\n    }\n"
}

/// A computed property whose switch has one arm per distinct value, listing the properties with it; the
/// properties with no value (nil from `value`) take `otherwise`.
private func groupSwitch(
    _ declaration: String, _ ps: [PropertyRow], otherwise: String?, _ value: (PropertyRow) -> String?
) -> String {
    let groups = grouped(ps) { value($0) }
    var out = "    \(declaration) {\n        switch self {\n"
    for (v, members) in groups { out += caseArm(members.map(\.swift), v, indent: "        ") }
    if let otherwise, groups.reduce(0, { $0 + $1.1.count }) < ps.count { out += "        default: \(otherwise)\n" }
    return out + "        }\n    }\n"
}

/// Sources/AnimCore/Layer/Generated/LayerStateStorage.swift: `LayerState` with its hot properties, the cold
/// properties' struct and accessors, and the special classes' structs.
func emitLayerStateStorage(_ table: Table) -> String {
    let ps = table.properties
    var out = swiftHeader
    out += """

        /// Everything that describes one layer's appearance at one moment: the model values the app set, or
        /// (with animations applied) the presentation values. Tree structure (superlayer, sublayers) lives in
        /// `LayerTree`; this holds the layer's own properties only.
        ///
        /// The properties a frame reads or animates most ("hot" in protocol/layer-properties.json) are stored
        /// inline; the rest ("cold") live in one shared copy-on-write box (`ColdLayerStorage`), so copying a state
        /// (model to presentation, every frame, for every layer) moves about 370 bytes and one reference instead of
        /// 888 bytes and a dozen string and array references.
        public struct LayerState: Hashable, Sendable {
            public let layerClass: LayerClass

        """
    for p in ps where p.storage == .hot {
        out += docComment(p.doc, indent: "    ")
        out += "    public var \(p.swift): \(p.swiftType) = \(p.swiftDefault)\n"
    }
    out += """
            /// The layer's own CAMediaTiming: its local time is the parent time of its animations and sublayers.
            public var timing = MediaTiming()
            /// The properties of the special layer classes; `.none` for CALayer and CATransformLayer.
            public var special: SpecialLayerStorage
            /// The properties a frame rarely reads or animates, shared copy-on-write between copies (see
            /// `ColdLayerStorage`); they read and write as stored properties (see below).
            var cold = ColdLayerStorage()

            public init(layerClass: LayerClass = .layer) {
                self.layerClass = layerClass
                self.special = SpecialLayerStorage(for: layerClass)
            }
        }

        /// The layer properties a frame seldom touches ("cold" in protocol/layer-properties.json), with their Core
        /// Animation defaults. `LayerState` keeps them in a `ColdLayerStorage` box and exposes each one as a property
        /// of its own.
        struct ColdLayerProperties: Hashable, Sendable {

        """
    let cold = ps.filter { $0.storage == .cold }
    for p in cold { out += "    var \(p.swift): \(p.swiftType) = \(p.swiftDefault)\n" }
    out += "}\n\nextension LayerState {\n"
    for (i, p) in cold.enumerated() {
        if i > 0 { out += "\n" }
        out += docComment(p.doc, indent: "    ")
        out += """
                public var \(p.swift): \(p.swiftType) {
                    get { cold.value.\(p.swift) }
                    set { cold.modify { $0.\(p.swift) = newValue } }
                }

            """
    }
    out += "}\n"
    for c in table.classes {
        let own = ps.filter { $0.layerClass == c.name && $0.storage == .special }
        guard !own.isEmpty else { continue }
        out += "\n/// \(c.caName)'s properties"
        out +=
            c.extraFields.isEmpty ? ".\n" : "; \(c.extraFields.map { "`\($0.name)`" }.joined(separator: ", ")) too.\n"
        out += "public struct \(c.storageStruct): Hashable, Sendable {\n"
        for p in own { out += "    public var \(p.swift): \(p.swiftType) = \(p.swiftDefault)\n" }
        for f in c.extraFields {
            out += docComment(f.doc, indent: "    ") + "    public var \(f.name): \(f.type) = \(f.defaultValue)\n"
        }
        out += "    public init() {}\n}\n"
    }
    return out
}

/// Sources/AnimCore/Layer/Generated/LayerStateValues.swift: `value(of:)`, `setValueUnchecked(_:for:)` and the
/// lanes of the evaluator's fast path.
func emitLayerStateValues(_ table: Table) -> String {
    let ps = table.properties
    var out = swiftHeader
    out += """

        extension LayerState {
            /// The value of `property`; a property the layer's class lacks reads as its default.
            public func value(of property: LayerProperty) -> PropertyValue {
                switch property {

        """
    for p in ps {
        let kind = p.kind.rawValue
        let read = p.enumType == nil ? "" : ".rawValue"
        switch p.storage {
        case .hot, .cold: out += caseArm([p.swift], "return .\(kind)(\(p.swift)\(read))", indent: "        ")
        case .timing: out += caseArm([p.swift], "return .\(kind)(timing.\(p.swift)\(read))", indent: "        ")
        case .special:
            out += caseArm(
                [p.swift],
                "return special.\(p.layerClass).map { .\(kind)($0.\(p.swift)\(read)) } ?? property.defaultValue",
                indent: "        ")
        }
    }
    out += """
                }
            }

            /// Sets `property`. The caller has checked that the value's kind matches (see `LayerState.set`);
            /// a mismatched kind or a property the class lacks is ignored here.
            public mutating func setValueUnchecked(_ value: PropertyValue, for property: LayerProperty) {
                switch (property, value) {

        """
    for p in ps {
        let binding = p.kind == .string && !p.isOptionalString ? "let v?" : "let v"
        let pattern = "case (.\(p.swift), .\(p.kind.rawValue)(\(binding))):"
        let target: String
        switch p.storage {
        case .hot, .cold: target = p.swift
        case .timing: target = "timing.\(p.swift)"
        case .special: target = "$0.\(p.swift)"
        }
        var statement =
            p.enumType.map { "if let m = \($0)(rawValue: v) { \(target) = m }" } ?? "\(target) = v"
        if p.storage == .special {
            let c = table.layerClass(p.layerClass)
            statement = "special.\(c.modifier) { \(statement) }"
        }
        out += armLine("        " + pattern, statement)
    }
    out += """
                default: break
                }
            }
        }

        /// Number, point, size and rect properties as four doubles (x, y, width, height order for rects),
        /// read and written without going through `PropertyValue`: the evaluator's fast path.
        extension LayerState {
            /// The property's numbers, or nil for other kinds (and for properties this class lacks).
            @inline(__always)
            func lanes(of property: LayerProperty) -> SIMD4<Double>? {
                switch property {

        """
    let laned = ps.filter(\.lanes)
    for p in laned {
        let arm: String
        if p.storage == .special {
            arm = "return special.\(p.layerClass).map { \(lanesExpression("$0.\(p.swift)", p.kind)) }"
        } else {
            arm = "return " + lanesExpression(p.storage == .timing ? "timing.\(p.swift)" : p.swift, p.kind)
        }
        out += armLine("        case .\(p.swift):", arm)
    }
    out += """
                default: return nil
                }
            }

            /// Stores numbers read by `lanes(of:)`; other properties are left alone (false).
            @inline(__always)
            @discardableResult
            mutating func setLanes(_ v: SIMD4<Double>, for property: LayerProperty) -> Bool {
                switch property {

        """
    for p in laned {
        let value: String
        switch p.kind {
        case .point: value = "Point(x: v[0], y: v[1])"
        case .size: value = "Size(width: v[0], height: v[1])"
        case .rect: value = "Rect(x: v[0], y: v[1], width: v[2], height: v[3])"
        default: value = "v[0]"
        }
        let statement: String
        switch p.storage {
        case .hot, .cold: statement = "\(p.swift) = \(value)"
        case .timing: statement = "timing.\(p.swift) = \(value)"
        case .special: statement = "special.\(table.layerClass(p.layerClass).modifier) { $0.\(p.swift) = \(value) }"
        }
        out += armLine("        case .\(p.swift):", statement)
    }
    out += """
                default: return false
                }
                return true
            }
        }

        """
    return out
}

/// `x` of `kind` as lanes: `SIMD4(x.x, x.y, 0, 0)`.
private func lanesExpression(_ x: String, _ kind: Kind) -> String {
    switch kind {
    case .point: "SIMD4(\(x).x, \(x).y, 0, 0)"
    case .size: "SIMD4(\(x).width, \(x).height, 0, 0)"
    case .rect: "SIMD4(\(x).origin.x, \(x).origin.y, \(x).size.width, \(x).size.height)"
    default: "SIMD4(\(x), 0, 0, 0)"
    }
}

/// `pattern statement` on one line, or the statement on the next line indented when it does not fit.
private func armLine(_ pattern: String, _ statement: String) -> String {
    let indent = String(pattern.prefix { $0 == " " })
    if pattern.count + 1 + statement.count <= lineWidth { return pattern + " " + statement + "\n" }
    return pattern + "\n" + indent + "    " + statement + "\n"
}
