/// A validated key path on a layer class: a property and optionally one struct field of it
/// (docs/core-animation-rules.md#key-paths). Parse once (`init(_:on:)`), then read and write presentation values
/// without string work.
public struct AnimKeyPath: Hashable, Sendable, CustomStringConvertible {
    public let property: LayerProperty
    public let component: KeyPathComponent?

    public init(property: LayerProperty, component: KeyPathComponent? = nil) {
        self.property = property
        self.component = component
    }

    /// Parses `path` ("opacity", "position.x", "transform.rotation.z", "bounds.size.width") for a layer of
    /// `layerClass`. A path the class does not have is `.unknownKeyPath`, naming the path and the class.
    public init(_ path: String, on layerClass: LayerClass) throws(AnimCoreError) {
        let head: Substring
        let rest: Substring?
        if let dot = path.firstIndex(of: ".") {
            head = path[..<dot]
            rest = path[path.index(after: dot)...]
        } else {
            head = Substring(path)
            rest = nil
        }
        guard let property = LayerProperty.named(String(head), on: layerClass) else {
            throw .unknownKeyPath(path: path, layerClass: layerClass.rawValue)
        }
        self.property = property
        if let rest {
            guard let component = KeyPathComponent.parse(String(rest), on: property.valueKind) else {
                throw .unknownKeyPath(path: path, layerClass: layerClass.rawValue)
            }
            self.component = component
        } else {
            self.component = nil
        }
    }

    /// The dotted form, as a client writes it.
    public var description: String {
        guard let component else { return property.key }
        return property.key + "." + component.name
    }

    /// The kind of value the path holds (a field of a struct property holds a number, point or size).
    public var valueKind: ValueKind { component?.valueKind ?? property.valueKind }

    public var isAnimatable: Bool { property.isAnimatable }

    /// The value at this path in `state`.
    @inline(__always)
    public func value(in state: LayerState) -> PropertyValue {
        let whole = state.value(of: property)
        guard let component else { return whole }
        return component.extract(from: whole)
    }

    /// Stores `value` at this path without validation: for values already checked (animation output).
    @inline(__always)
    public func setUnchecked(_ value: PropertyValue, in state: inout LayerState) {
        guard let component else {
            state.setValueUnchecked(value, for: property)
            return
        }
        state.setValueUnchecked(component.insert(value, into: state.value(of: property)), for: property)
    }

    /// Stores `value` at this path after checking its kind and range.
    public func set(_ value: PropertyValue, in state: inout LayerState) throws(AnimCoreError) {
        let value = value.coerced(to: valueKind)
        guard value.kind == valueKind else {
            throw .typeMismatch(field: description, expected: valueKind.rawValue, got: value.kind.rawValue)
        }
        guard let component else {
            try state.set(value, for: property)
            return
        }
        try state.set(component.insert(value, into: state.value(of: property)), for: property)
    }
}

extension AnimKeyPath: Codable {
    /// Key paths travel as their dotted string; decoding without a layer class accepts any class's
    /// properties and is checked again against the layer when the animation is attached.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        for layerClass in LayerClass.allCases {
            if let path = try? AnimKeyPath(text, on: layerClass) {
                self = path
                return
            }
        }
        throw AnimCoreError.unknownKeyPath(path: text, layerClass: "any layer class")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
