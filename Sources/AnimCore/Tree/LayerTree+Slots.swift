/// Where a layer sits in its tree's node list: a batch that checks every change before it makes any (a bulk
/// commit) looks each layer up once and then reaches it without hashing again. Valid until a layer is
/// inserted into or removed from the tree.
public struct LayerSlot: Hashable, Sendable {
    @usableFromInline let index: Int

    @inlinable
    init(index: Int) { self.index = index }
}

/// A checked number, point, size or rect change for `LayerTree.setChecked(_:)`: the value as lanes (x, y,
/// width, height order; unused lanes 0), as `LayerProperty.accepts(lanes:kind:)` checked it.
public struct LaneChange: Sendable {
    public var slot: LayerSlot
    public var property: LayerProperty
    public var kind: ValueKind
    public var lanes: SIMD4<Double>

    public init(slot: LayerSlot, property: LayerProperty, kind: ValueKind, lanes: SIMD4<Double>) {
        self.slot = slot
        self.property = property
        self.kind = kind
        self.lanes = lanes
    }
}

extension LayerTree {
    /// The slot of `id` and its layer's class, or nil when there is no such layer: one call per change of a
    /// bulk commit.
    @inlinable
    public func slotAndClass(of id: LayerID) -> (slot: LayerSlot, layerClass: LayerClass)? {
        guard let index = nodes.slots.slot(of: id) else { return nil }
        return (LayerSlot(index: index), nodes.classes[index])
    }

    /// Stores `value` in `property` of the layer at `slot`, in place. The caller has checked it
    /// (`LayerProperty.check`, and that the class has the property). `mask` is a change of the tree's
    /// structure and goes through `updateState`; it is refused here.
    public mutating func setChecked(_ value: PropertyValue, for property: LayerProperty, at slot: LayerSlot) {
        precondition(property != .mask, "setChecked cannot set mask: it changes the tree's structure")
        nodes.modifyState(at: slot.index) { $0.setValueUnchecked(value, for: property) }
    }

    /// Sets a whole property other than `mask` of layer `id` in place and returns the value stored, checked as
    /// `updateState(of:)` with `AnimKeyPath(property:).set(_:in:)` checks it (kind, class, range; the same
    /// errors) but with one lookup and no copy of the state: the SDK's path for every property change.
    @discardableResult
    public mutating func set(
        _ value: PropertyValue, for property: LayerProperty, of id: LayerID
    ) throws(AnimCoreError) -> PropertyValue {
        precondition(property != .mask, "set(_:for:of:) cannot set mask: it changes the tree's structure")
        guard let slot = nodes.slotIfPresent(id) else { throw .unknownLayer(id) }
        guard value.kind == property.valueKind else {
            throw .typeMismatch(field: property.key, expected: property.valueKind.rawValue, got: value.kind.rawValue)
        }
        let layerClass = nodes.classes[slot]
        guard property.exists(on: layerClass) else {
            throw .unknownKeyPath(path: property.key, layerClass: layerClass.rawValue)
        }
        try property.check(value)
        var stored = value
        nodes.modifyState(at: slot) { state in
            state.setValueUnchecked(value, for: property)
            stored = state.value(of: property)
        }
        return stored
    }

    /// Stores each change in order, in place, without building a `PropertyValue`. The caller has checked
    /// them (`LayerProperty.accepts(lanes:kind:)`, and that each layer's class has the property).
    public mutating func setChecked(_ changes: [LaneChange]) {
        guard !nodes.isJournaling else {
            for change in changes { nodes.modifyState(at: change.slot.index) { Self.store(change, in: &$0) } }
            return
        }
        nodes.changingNodes { nodes in
            for change in changes {
                Self.store(change, in: &nodes.address(forChanging: change.slot.index).pointee.state)
            }
        }
    }

    @inline(__always)
    private static func store(_ change: LaneChange, in state: inout LayerState) {
        guard !state.setLanes(change.lanes, for: change.property) else { return }
        storeAsValue(change, in: &state)
    }

    /// `store` for a property that `setLanes` does not hold.
    @inline(never)
    private static func storeAsValue(_ change: LaneChange, in state: inout LayerState) {
        guard let value = PropertyValue(lanes: change.lanes, kind: change.kind) else { return }
        state.setValueUnchecked(value, for: change.property)
    }

    /// `set(_:for:of:)` for a number, point, size or rect given as lanes (`PropertyValue.lanes`): the same
    /// checks and errors, without building the value or reading it back (these kinds are stored as given).
    /// The SDK's path for bulk changes.
    public mutating func set(
        lanes: SIMD4<Double>, kind: ValueKind, for property: LayerProperty, of id: LayerID
    ) throws(AnimCoreError) {
        precondition(property != .mask, "set(lanes:kind:for:of:) cannot set mask: it changes the tree's structure")
        guard let slot = nodes.slotIfPresent(id), property.exists(on: nodes.classes[slot]),
            property.laneRule(for: kind)?.accepts(lanes) == true
        else {
            // Refused (or not a lane kind): the general path names why.
            guard let value = PropertyValue(lanes: lanes, kind: kind) else {
                throw .typeMismatch(field: property.key, expected: property.valueKind.rawValue, got: kind.rawValue)
            }
            try set(value, for: property, of: id)
            return
        }
        let change = LaneChange(slot: LayerSlot(index: slot), property: property, kind: kind, lanes: lanes)
        nodes.modifyState(at: slot) { Self.store(change, in: &$0) }
    }
}
