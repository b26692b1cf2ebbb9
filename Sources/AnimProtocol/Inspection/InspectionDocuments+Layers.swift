import AnimCore

extension InspectionDocuments {
    /// `tree`: a client's layer tree, model or presentation.
    public struct Tree: Codable, Sendable, Equatable {
        public var session: UInt32
        public var presentation: Bool
        /// Back to front.
        public var roots: [TreeLayer]

        public init(session: UInt32, presentation: Bool, roots: [TreeLayer]) {
            self.session = session
            self.presentation = presentation
            self.roots = roots
        }
    }

    /// A node of `tree`.
    public struct TreeLayer: Codable, Sendable, Equatable {
        public var id: UInt32
        /// The Core Animation class name (`LayerClass`'s raw value).
        public var `class`: String
        /// Every property of the class by key path, in AnimCore's JSON value form.
        public var properties: [String: PropertyValue]
        /// Back to front.
        public var sublayers: [TreeLayer]

        public init(id: UInt32, class: String, properties: [String: PropertyValue], sublayers: [TreeLayer]) {
            self.id = id
            self.class = `class`
            self.properties = properties
            self.sublayers = sublayers
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(UInt32.self, forKey: .id)
            `class` = try c.decode(String.self, forKey: .class)
            properties = try InspectionDocuments.properties(in: c, forKey: .properties, classKey: .class)
            sublayers = try c.decode([TreeLayer].self, forKey: .sublayers)
        }

        enum CodingKeys: String, CodingKey { case id, `class`, properties, sublayers }
    }

    /// `layer`: one layer's properties and the keys of its animations.
    public struct Layer: Codable, Sendable, Equatable {
        public var session: UInt32
        public var id: UInt32
        /// The Core Animation class name (`LayerClass`'s raw value).
        public var `class`: String
        /// Every property of the class by key path, in AnimCore's JSON value form.
        public var properties: [String: PropertyValue]
        /// The animations' keys in application order; null for one added without a key.
        public var animations: [String?]

        public init(
            session: UInt32, id: UInt32, class: String, properties: [String: PropertyValue], animations: [String?]
        ) {
            self.session = session
            self.id = id
            self.class = `class`
            self.properties = properties
            self.animations = animations
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            session = try c.decode(UInt32.self, forKey: .session)
            id = try c.decode(UInt32.self, forKey: .id)
            `class` = try c.decode(String.self, forKey: .class)
            properties = try InspectionDocuments.properties(in: c, forKey: .properties, classKey: .class)
            animations = try c.decode([String?].self, forKey: .animations)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(session, forKey: .session)
            try c.encode(id, forKey: .id)
            try c.encode(`class`, forKey: .class)
            try c.encode(properties, forKey: .properties)
            var keys = c.nestedUnkeyedContainer(forKey: .animations)
            for key in animations {
                if let key { try keys.encode(key) } else { try keys.encodeNil() }
            }
        }

        enum CodingKeys: String, CodingKey { case session, id, `class`, properties, animations }
    }

    /// A layer's `properties` object, each value read with its property's kind on the layer's class (a point and a
    /// size are both `[a, b]` in JSON). A key path the class does not have is an error naming it: its kind, and so
    /// its value, cannot be known.
    static func properties<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key, classKey: Key
    ) throws -> [String: PropertyValue] {
        let name = try container.decode(String.self, forKey: classKey)
        guard let layerClass = LayerClass(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: classKey, in: container, debugDescription: "unknown layer class '\(name)'")
        }
        let object = try container.nestedContainer(keyedBy: PropertyKey.self, forKey: key)
        var out: [String: PropertyValue] = [:]
        for property in object.allKeys {
            guard let known = LayerProperty.named(property.stringValue, on: layerClass) else {
                throw DecodingError.dataCorruptedError(
                    forKey: property, in: object,
                    debugDescription: "unknown key path '\(property.stringValue)' for layer class \(name)")
            }
            // The form the server writes, read straight from the container; any other form (and every error) goes
            // through AnimCore's reader, which also accepts the object forms and names what was wrong.
            if let value = try? writtenForm(of: known.valueKind, in: object, forKey: property) {
                out[property.stringValue] = value
            } else {
                out[property.stringValue] = try PropertyValue.decode(
                    from: try object.superDecoder(forKey: property), as: known.valueKind)
            }
        }
        return out
    }

    /// A value of `kind` in the form `PropertyValue.encode(to:)` writes: numbers, arrays of numbers, strings, ids or
    /// null. A tree of 10,000 layers holds half a million values, and AnimCore's reader, which first tries every
    /// other form a person may write, takes ten times longer for them.
    private static func writtenForm(
        of kind: ValueKind, in object: KeyedDecodingContainer<PropertyKey>, forKey key: PropertyKey
    ) throws -> PropertyValue? {
        func numbers(_ count: Int) throws -> [Double]? {
            let numbers = try object.decode([Double].self, forKey: key)
            return numbers.count == count ? numbers : nil
        }
        switch kind {
        case .number: return .number(try object.decode(Double.self, forKey: key))
        case .bool: return .bool(try object.decode(Bool.self, forKey: key))
        case .point: return try numbers(2).map { .point(Point(x: $0[0], y: $0[1])) }
        case .size: return try numbers(2).map { .size(Size(width: $0[0], height: $0[1])) }
        case .rect: return try numbers(4).map { .rect(Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])) }
        case .transform: return try numbers(16).map { .transform(Transform3D(elements: $0)) }
        default: break
        }
        if try object.decodeNil(forKey: key) {
            switch kind {
            case .string: return .string(nil)
            case .strings: return .strings(nil)
            case .numbers: return .numbers(nil)
            case .image: return .image(nil)
            case .layer: return .layer(nil)
            case .color: return .color(nil)
            case .colors: return .colors(nil)
            case .path: return .path(nil)
            case .attributedString: return .attributedString(nil)
            case .filters: return .filters(nil)
            default: return nil
            }
        }
        switch kind {
        case .string: return .string(try object.decode(String.self, forKey: key))
        case .attributedString:
            return try PropertyValue.decode(from: try object.superDecoder(forKey: key), as: .attributedString)
        case .strings: return .strings(try object.decode([String].self, forKey: key))
        case .filters: return try PropertyValue.decode(from: object.superDecoder(forKey: key), as: .filters)
        case .numbers: return .numbers(try object.decode([Double].self, forKey: key))
        case .image: return .image(ImageID(try object.decode(UInt32.self, forKey: key)))
        case .layer: return .layer(LayerID(try object.decode(UInt32.self, forKey: key)))
        case .path: return (try? BezierPath(pathData: try object.decode(String.self, forKey: key))).map { .path($0) }
        case .color:
            if let hex = try? object.decode(String.self, forKey: key) { return Color(hex: hex).map { .color($0) } }
            let v = try object.decode([Double].self, forKey: key)
            guard v.count == 4 else { return nil }
            return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        default: return nil
        }
    }

    /// A key path of a `properties` object.
    struct PropertyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
