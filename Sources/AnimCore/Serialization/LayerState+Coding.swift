extension LayerState: Codable {
    /// Reads `{"class": "CALayer", "properties": {"opacity": 0.5, …}}`. `class` defaults to CALayer and
    /// `properties` to none. Only the properties given are set, the others keep their defaults; each value is
    /// read with its property's kind and stored through `set(_:for:)`, so a property the class lacks, a value of
    /// the wrong kind, an out-of-range number or an unknown enumerated string is an error naming its JSON path.
    public init(from decoder: any Decoder) throws {
        let reader = try JSONObjectReader(decoder, what: "a layer")
        try reader.rejectUnknownFields(allowed: ["class", "properties"], in: "a layer")
        let layerClass = try reader.enumCase(LayerClass.self, "class", what: "layer class") ?? .layer
        self.init(layerClass: layerClass)
        guard let propertiesDecoder = try reader.value("properties") else { return }
        let properties = try JSONObjectReader(propertiesDecoder, what: "the layer's properties")
        for name in properties.fieldNames {
            guard let property = LayerProperty.named(name, on: layerClass) else {
                throw properties.failure(
                    name, AnimCoreError.unknownKeyPath(path: name, layerClass: layerClass.rawValue).description)
            }
            guard let valueDecoder = try properties.present(name) else { continue }
            let value = try PropertyValue.decode(from: valueDecoder, as: property.valueKind)
            try JSONValueReading.validating(at: valueDecoder.codingPath) { () throws(AnimCoreError) in
                try set(value, for: property)
            }
            // A null for a property that has no "none" value (font, contentsGravity…) passes the kind check
            // but is not stored: refuse it rather than keep the default silently.
            guard self.value(of: property) == value else {
                throw JSONValueReading.failure(valueDecoder, "\(name) cannot be null")
            }
        }
    }

    /// Writes `class` and the properties whose values differ from the class's defaults, in the form
    /// `init(from:)` reads. The emitter layer's cells are not part of this form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(layerClass.rawValue, forKey: JSONKey("class"))
        var properties = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("properties"))
        for property in LayerProperty.allCases where property.exists(on: layerClass) {
            let value = value(of: property)
            if value != property.defaultValue {
                try properties.encode(value, forKey: JSONKey(property.key))
            }
        }
    }
}
