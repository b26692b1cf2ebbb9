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
        scratch.lanes.removeAll(keepingCapacity: true)
        scratch.values.removeAll(keepingCapacity: true)
        scratch.lanes.reserveCapacity(batch.count)
        var operations = batch.operations
        while let run = operations.nextRun() {
            // Every record of a run names the same key path with the same kind of value: the property and its
            // rule are looked up again only when a record's layer has another class.
            let kind = run.first.valueKind
            let inLanes = run.first.lanes != nil
            var checkedClass: LayerClass?
            var property = LayerProperty.position
            var rule: LaneRule?
            for index in 0..<run.count {
                guard let (slot, layerClass) = tree.slotAndClass(of: LayerID(run.layer(index))) else { return nil }
                if layerClass != checkedClass {
                    guard let keyPath = env.keyPaths.keyPath(bytes: run.first.keyPath, on: layerClass),
                        keyPath.component == nil, keyPath.property != .mask
                    else { return nil }
                    property = keyPath.property
                    checkedClass = layerClass
                    if inLanes {
                        guard let laneRule = property.laneRule(for: kind) else { return nil }
                        rule = laneRule
                    }
                }
                if inLanes {
                    let lanes = run.lanes(index)
                    guard rule?.accepts(lanes) == true else { return nil }
                    scratch.lanes.append(LaneChange(slot: slot, property: property, kind: kind, lanes: lanes))
                } else {
                    let value = run[index].value
                    guard (try? property.check(value)) != nil else { return nil }
                    scratch.values.append((slot, property, value))
                }
            }
        }
        guard operations.isComplete else { return nil }
        tree.setChecked(scratch.lanes)
        for (slot, property, value) in scratch.values { tree.setChecked(value, for: property, at: slot) }
        return closeCompletions(batch.completions, at: env.now)
    }
}

/// `applyBatch`'s collected changes, kept between commits for their capacity.
struct BatchScratch {
    var lanes: [LaneChange] = []
    var values: [(LayerSlot, LayerProperty, PropertyValue)] = []
}
