/// Copy-on-write storage for the special classes' properties, so a plain layer stays small and copying
/// a layer state (model to presentation, every frame) copies one reference.
public struct SpecialLayerStorage: Hashable, Sendable {
    private final class Box: @unchecked Sendable {
        // Mutated only while uniquely referenced (copy-on-write), so sharing across threads is safe.
        var value: Special
        init(_ value: Special) { self.value = value }
    }

    enum Special: Hashable, Sendable {
        case shape(ShapeLayerProperties)
        case text(TextLayerProperties)
        case gradient(GradientLayerProperties)
        case replicator(ReplicatorLayerProperties)
        case emitter(EmitterLayerProperties)
        case scroll(ScrollLayerProperties)
        case tiled(TiledLayerProperties)
    }

    private var box: Box?

    public init(for layerClass: LayerClass) {
        switch layerClass {
        case .shape: box = Box(.shape(ShapeLayerProperties()))
        case .text: box = Box(.text(TextLayerProperties()))
        case .gradient: box = Box(.gradient(GradientLayerProperties()))
        case .replicator: box = Box(.replicator(ReplicatorLayerProperties()))
        case .emitter: box = Box(.emitter(EmitterLayerProperties()))
        case .scroll: box = Box(.scroll(ScrollLayerProperties()))
        case .tiled: box = Box(.tiled(TiledLayerProperties()))
        case .layer, .transformLayer: box = nil
        }
    }

    public static func == (a: SpecialLayerStorage, b: SpecialLayerStorage) -> Bool {
        a.box === b.box || a.box?.value == b.box?.value
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box?.value) }

    public var shape: ShapeLayerProperties? {
        if case .shape(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the ShapeLayer properties in place; does nothing on another class.
    public mutating func modifyShape(_ change: (inout ShapeLayerProperties) -> Void) {
        guard case .shape(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .shape(v) } else { box = Box(.shape(v)) }
    }

    public var text: TextLayerProperties? {
        if case .text(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the TextLayer properties in place; does nothing on another class.
    public mutating func modifyText(_ change: (inout TextLayerProperties) -> Void) {
        guard case .text(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .text(v) } else { box = Box(.text(v)) }
    }

    public var gradient: GradientLayerProperties? {
        if case .gradient(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the GradientLayer properties in place; does nothing on another class.
    public mutating func modifyGradient(_ change: (inout GradientLayerProperties) -> Void) {
        guard case .gradient(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .gradient(v) } else { box = Box(.gradient(v)) }
    }

    public var replicator: ReplicatorLayerProperties? {
        if case .replicator(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the ReplicatorLayer properties in place; does nothing on another class.
    public mutating func modifyReplicator(_ change: (inout ReplicatorLayerProperties) -> Void) {
        guard case .replicator(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .replicator(v) } else { box = Box(.replicator(v)) }
    }

    public var emitter: EmitterLayerProperties? {
        if case .emitter(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the EmitterLayer properties in place; does nothing on another class.
    public mutating func modifyEmitter(_ change: (inout EmitterLayerProperties) -> Void) {
        guard case .emitter(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .emitter(v) } else { box = Box(.emitter(v)) }
    }

    public var scroll: ScrollLayerProperties? {
        if case .scroll(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the ScrollLayer properties in place; does nothing on another class.
    public mutating func modifyScroll(_ change: (inout ScrollLayerProperties) -> Void) {
        guard case .scroll(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .scroll(v) } else { box = Box(.scroll(v)) }
    }

    public var tiled: TiledLayerProperties? {
        if case .tiled(let v)? = box?.value { return v }
        return nil
    }

    /// Changes the TiledLayer properties in place; does nothing on another class.
    public mutating func modifyTiled(_ change: (inout TiledLayerProperties) -> Void) {
        guard case .tiled(var v)? = box?.value else { return }
        change(&v)
        if isKnownUniquelyReferenced(&box) { box!.value = .tiled(v) } else { box = Box(.tiled(v)) }
    }
}
