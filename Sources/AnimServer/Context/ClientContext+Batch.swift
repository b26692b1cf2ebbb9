import AnimCore
import AnimProtocol

extension ClientContext {
    /// Applies a commit of plain property changes straight from its frame (`SetPropertyBatch`): every
    /// operation is checked as `apply(_:in:)` checks a `setProperty` and collected, then every value is stored
    /// in place. Nothing can fail once all are checked, so no journal is kept and no node is copied for it.
    /// Numbers, points, sizes and rects are stored first, then transforms, colors and booleans: each property
    /// holds one kind, so the two groups change different properties and their order does not matter.
    ///
    /// Returns nil, having changed nothing, when an operation is not a plain change (a key path with a
    /// component, a `mask` or a layer or image reference) or would be refused: the caller then decodes the
    /// frame and applies it with `apply(_:in:)`, which refuses it naming the operation, field and value.
    /// `scratch` keeps its capacity between commits.
    mutating func applyBatch(
        _ batch: SetPropertyBatch, in env: CommitEnvironment, scratch: inout BatchScratch
    ) -> [Message]? {
        scratch.removeAll()
        scratch.slots.reserveCapacity(batch.count)
        var operations = batch.operations
        while let run = operations.nextRun() {
            // Every record of a run names the same key path with the same kind of value: the property and its
            // rule are looked up again only when a record's layer has another class.
            let kind = run.first.valueKind
            let lanes = run.lanes
            var checkedClass: LayerClass?
            var property = LayerProperty.position
            var rule: LaneRule?
            var index = 0
            while index < run.count {
                guard let (slot, layerClass) = tree.slotAndClass(of: LayerID(run.layer(index))) else { return nil }
                if layerClass != checkedClass {
                    guard let keyPath = env.keyPaths.keyPath(bytes: run.first.keyPath, on: layerClass),
                        keyPath.component == nil, keyPath.property != .mask,
                        // A run's values are stored as one property's; a key path that named another on another
                        // class (no number, point, size or rect one does) is left to the general path.
                        checkedClass == nil || keyPath.property == property
                    else { return nil }
                    property = keyPath.property
                    checkedClass = layerClass
                    if lanes != nil {
                        guard let laneRule = keyPath.property.laneRule(for: kind) else { return nil }
                        rule = laneRule
                    }
                }
                if let lanes {
                    guard let rule, rule.accepts(lanes[index]) else { return nil }
                    scratch.slots.append(slot)
                    // The records after it whose layers have the same class, in a loop that holds only that.
                    index = tree.appendSlots(
                        from: index + 1, to: run.count, ofClass: layerClass, layer: run.layer, lanes: lanes, rule: rule,
                        to: &scratch.slots)
                } else {
                    let value = run[index].value
                    guard (try? property.check(value)) != nil else { return nil }
                    scratch.values.append((slot, property, value))
                    index += 1
                }
            }
            if let lanes {
                scratch.laneRuns.append(
                    BatchScratch.LaneRun(property: property, kind: kind, lanes: lanes, count: run.count))
            }
        }
        guard operations.isComplete else { return nil }
        scratch.slots.withUnsafeBufferPointer { slots in
            var start = 0
            for run in scratch.laneRuns {
                let end = start + run.count
                tree.setChecked(
                    run.property, kind: run.kind, lanes: run.lanes,
                    at: UnsafeBufferPointer(rebasing: slots[start..<end]))
                start = end
            }
        }
        for (slot, property, value) in scratch.values { tree.setChecked(value, for: property, at: slot) }
        return closeCompletions(batch.completions, at: env.now)
    }
}

/// `applyBatch`'s checked changes, kept between commits for their capacity. Numbers, points, sizes and rects
/// stay in the frame: each of `laneRuns` says where a run of changes to one property reads its values, and
/// `slots` holds their layers, run after run.
struct BatchScratch {
    struct LaneRun {
        var property: LayerProperty
        var kind: ValueKind
        var lanes: StridedLanes
        var count: Int
    }

    var laneRuns: [LaneRun] = []
    var slots: [LayerSlot] = []
    var values: [(LayerSlot, LayerProperty, PropertyValue)] = []

    mutating func removeAll() {
        laneRuns.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }
}
