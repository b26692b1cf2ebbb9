// The SDK's typed accessors: one Swift property per table row, on the SDK class of the row's layer class.

/// Sources/AnimKit/Layer/Generated/LayerPropertyAccessors.swift.
func emitKitAccessors(_ table: Table) -> String {
    var out = swiftHeader + "\nimport AnimCore\n"
    for c in table.classes {
        let own = table.properties.filter { $0.layerClass == c.name && $0.sdkName != nil }
        guard !own.isEmpty else { continue }
        out += "\n"
        if c.name == "layer" {
            out += """
                /// CALayer's properties, typed. Each reads the model at once; each change is checked (a non-finite or
                /// out-of-range number, or a string outside the allowed names, is logged and ignored; use
                /// `setValue(_:forKeyPath:)` to get the error thrown), recorded in the current transaction, and animated by
                /// the property's action (docs/core-animation-rules.md).

                """
        } else {
            out += "/// \(c.caName)'s own properties, typed, as `Layer`'s are.\n"
        }
        out += "extension \(c.sdkClass) {\n"
        for (i, p) in own.enumerated() {
            if i > 0 { out += "\n" }
            let field: String
            switch p.storage {
            case .hot, .cold: field = "$0.\(p.swift)"
            case .timing: field = "$0.timing.\(p.swift)"
            case .special: field = "($0.special.\(c.name) ?? \(c.storageStruct)()).\(p.swift)"
            }
            let newValue = p.enumType == nil ? "newValue" : "newValue.rawValue"
            out += docComment(p.doc, indent: "    ")
            out += """
                    public var \(p.sdkName!): \(p.swiftType) {
                        get { read { \(field) } }
                        set { set(.\(p.swift), .\(p.kind.rawValue)(\(newValue))) }
                    }

                """
        }
        out += "}\n"
    }
    return out
}
