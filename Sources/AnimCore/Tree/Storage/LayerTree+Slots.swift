// Node storage, fenced in Sources/AnimCore/Tree/Storage (package access at most, not public API).
// Reference path it must equal: `LayerTree.updateState` with `AnimKeyPath.set` (the same checks, the same stored
//   values).
// Checked by: LayerSlotTests, BatchCommitTests, BatchDifferentialTests.

/// Where a layer sits in its tree's node list: a batch that checks every change before it makes any (a bulk
/// commit) looks each layer up once and then reaches it without hashing again. Valid until a layer is
/// inserted into or removed from the tree.
@usableFromInline
package struct LayerSlot: Hashable, Sendable {
    @usableFromInline let index: Int

    @inlinable
    init(index: Int) { self.index = index }
}

extension LayerTree {
    /// The slot of `id` and its layer's class, or nil when there is no such layer: one call per change of a
    /// bulk commit.
    @inlinable
    package func slotAndClass(of id: LayerID) -> (slot: LayerSlot, layerClass: LayerClass)? {
        guard let index = nodes.slots.slot(of: id) else { return nil }
        return (LayerSlot(index: index), nodes.classes[index])
    }

    /// `slotAndClass(of:)` and `rule` for the changes `start ..< end` of a bulk commit's run, while their layers
    /// have class `layerClass`: appends each one's slot to `slots` and returns the index of the first change
    /// whose layer is missing, has another class or whose value `rule` refuses (`end` when none). `layer(i)` is
    /// change `i`'s layer id, `lanes[i]` its value. The caller asks `slotAndClass` about the change it stopped
    /// at; this loop is the bulk commit's hot path, so it holds only what it compares.
    @inlinable
    package func appendSlots(
        from start: Int, to end: Int, ofClass layerClass: LayerClass, layer: (Int) -> UInt32, lanes: StridedLanes,
        rule: LaneRule, to slots: inout [LayerSlot]
    ) -> Int {
        nodes.slots.direct.withUnsafeBufferPointer { direct in
            nodes.classes.withUnsafeBufferPointer { classes in
                var index = start
                while index < end {
                    let id = Int(layer(index))
                    guard id < direct.count else { break }
                    let slot = Int(direct[id]) &- 1
                    guard slot >= 0, classes[slot] == layerClass, rule.accepts(lanes[index]) else { break }
                    slots.append(LayerSlot(index: slot))
                    index &+= 1
                }
                return index
            }
        }
    }

    /// Stores `value` in `property` of the layer at `slot`, in place. The caller has checked it
    /// (`LayerProperty.check`, and that the class has the property). `mask` is a change of the tree's
    /// structure and goes through `updateState`; it is refused here.
    package mutating func setChecked(_ value: PropertyValue, for property: LayerProperty, at slot: LayerSlot) {
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
        let value = value.coerced(to: property.valueKind)
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

    /// Stores value `i` of `lanes` in `property` of the layer at `slots[i]`, in order, in place, without
    /// building a `PropertyValue`: a run of a bulk commit's changes to one property. The caller has checked them
    /// (`LayerProperty.laneRule(for:)`, and that each layer's class has the property).
    package mutating func setChecked(
        _ property: LayerProperty, kind: ValueKind, lanes: StridedLanes, at slots: UnsafeBufferPointer<LayerSlot>
    ) {
        guard !nodes.isJournaling else {
            for index in slots.indices {
                nodes.modifyState(at: slots[index].index) { Self.store(lanes[index], property, kind, in: &$0) }
            }
            return
        }
        // The properties every layer keeps in its state's own storage get a loop each: one switch on the
        // property for the run instead of `setLanes`'s switch on every change halved the store's time.
        switch property {
        case .position: store(lanes, at: slots) { $0.position = Point(x: $1[0], y: $1[1]) }
        case .bounds: store(lanes, at: slots) { $0.bounds = Rect(x: $1[0], y: $1[1], width: $1[2], height: $1[3]) }
        case .zPosition: store(lanes, at: slots) { $0.zPosition = $1[0] }
        case .anchorPoint: store(lanes, at: slots) { $0.anchorPoint = Point(x: $1[0], y: $1[1]) }
        case .anchorPointZ: store(lanes, at: slots) { $0.anchorPointZ = $1[0] }
        case .cornerRadius: store(lanes, at: slots) { $0.cornerRadius = $1[0] }
        case .opacity: store(lanes, at: slots) { $0.opacity = $1[0] }
        default:
            nodes.changingNodes { nodes in
                for index in slots.indices {
                    Self.store(
                        lanes[index], property, kind, in: &nodes.address(forChanging: slots[index].index).pointee.state)
                }
            }
        }
    }

    @inline(__always)
    private mutating func store(
        _ lanes: StridedLanes, at slots: UnsafeBufferPointer<LayerSlot>,
        _ write: (inout LayerState, SIMD4<Double>) -> Void
    ) {
        nodes.changingNodes { nodes in
            for index in slots.indices {
                write(&nodes.address(forChanging: slots[index].index).pointee.state, lanes[index])
            }
        }
    }

    @inline(__always)
    private static func store(
        _ lanes: SIMD4<Double>, _ property: LayerProperty, _ kind: ValueKind, in state: inout LayerState
    ) {
        guard !state.setLanes(lanes, for: property) else { return }
        storeAsValue(lanes, property, kind, in: &state)
    }

    /// `store` for a property that `setLanes` does not hold.
    @inline(never)
    private static func storeAsValue(
        _ lanes: SIMD4<Double>, _ property: LayerProperty, _ kind: ValueKind, in state: inout LayerState
    ) {
        guard let value = PropertyValue(lanes: lanes, kind: kind) else { return }
        state.setValueUnchecked(value, for: property)
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
        nodes.modifyState(at: slot) { Self.store(lanes, property, kind, in: &$0) }
    }
}
