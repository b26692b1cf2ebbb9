/// Where a layer sits in its tree's node list: a batch that checks every change before it makes any (a bulk
/// commit) looks each layer up once and then reaches it without hashing again. Valid until a layer is
/// inserted into or removed from the tree.
public struct LayerSlot: Hashable, Sendable {
    let index: Int
}

extension LayerTree {
    /// The slot of `id`, or nil when there is no such layer.
    public func slot(of id: LayerID) -> LayerSlot? {
        nodes.slotIfPresent(id).map(LayerSlot.init)
    }

    /// The class of the layer at `slot`.
    public func layerClass(at slot: LayerSlot) -> LayerClass {
        nodes.all[slot.index].state.layerClass
    }

    /// Stores `value` in `property` of the layer at `slot`, in place. The caller has checked it
    /// (`LayerProperty.check`, and that the class has the property). `mask` is a change of the tree's
    /// structure and goes through `updateState`; it is refused here.
    public mutating func setChecked(_ value: PropertyValue, for property: LayerProperty, at slot: LayerSlot) {
        precondition(property != .mask, "setChecked cannot set mask: it changes the tree's structure")
        nodes.modifyState(at: slot.index) { $0.setValueUnchecked(value, for: property) }
    }

    /// Stores a number, point, size or rect given as lanes (x, y, width, height order) in `property` of the
    /// layer at `slot`, in place, without building a `PropertyValue`. The caller has checked it
    /// (`LayerProperty.accepts(lanes:kind:)`, and that the class has the property).
    public mutating func setChecked(
        lanes v: SIMD4<Double>, kind: ValueKind, for property: LayerProperty, at slot: LayerSlot
    ) {
        nodes.modifyState(at: slot.index) { state in
            guard !state.setLanes(v, for: property) else { return }
            let value: PropertyValue =
                switch kind {
                case .number: .number(v[0])
                case .point: .point(Point(x: v[0], y: v[1]))
                case .size: .size(Size(width: v[0], height: v[1]))
                default: .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
                }
            state.setValueUnchecked(value, for: property)
        }
    }
}
