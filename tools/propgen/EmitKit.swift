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
                /// CALayer's properties, typed. Each reads the model at once; each change is checked, recorded in the
                /// current transaction, and animated by the property's action (docs/core-animation-rules.md). Setters do
                /// not throw, as in Core Animation: a refused value (a non-finite or out-of-range number) is not applied
                /// and goes to `Connection.errorHandler` on the delegate queue as `AnimKitError.refusedValue` (layer, key
                /// path, value, reason), and to the log. `setValue(_:forKeyPath:)` throws instead.

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
            var type = p.swiftType
            var read = field
            var newValue = p.enumType == nil ? "newValue" : "newValue.rawValue"
            var doc = p.doc
            if let sdkType = p.sdkType {
                type = sdkType
                if p.kind == .number {
                    read = "\(sdkType)(layerNumber: \(field))"
                    newValue = "newValue.layerNumber"
                } else if case .string(let d) = p.defaultValue {
                    read = "\(sdkType)(rawValue: \(field)) ?? .\(swiftCaseName(d))"
                    newValue = "newValue.rawValue"
                }
                doc +=
                    " The model and the wire hold the \(p.kind.rawValue) (`setValue(_:forKeyPath:)` takes it as one)."
            }
            out += docComment(doc, indent: "    ")
            out += """
                    public var \(p.sdkName!): \(type) {
                        get { read { \(read) } }
                        set { set(.\(p.swift), .\(p.kind.rawValue)(\(newValue))) }
                    }

                """
        }
        out += "}\n"
    }
    return out
}
