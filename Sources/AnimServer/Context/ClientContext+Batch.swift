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
        // A bulk commit names the same key path over and over: the last one is compared as bytes in place.
        var last: (path: UnsafeRawBufferPointer, layerClass: LayerClass, property: LayerProperty)?
        var operations = batch.operations
        while let record = operations.next() {
            guard let (slot, layerClass) = tree.slotAndClass(of: LayerID(record.layer)) else { return nil }
            let property: LayerProperty
            if let last, last.layerClass == layerClass, Self.sameBytes(last.path, record.keyPath) {
                property = last.property
            } else {
                guard let keyPath = env.keyPaths.keyPath(bytes: record.keyPath, on: layerClass),
                    keyPath.component == nil, keyPath.property != .mask
                else { return nil }
                property = keyPath.property
                last = (record.keyPath, layerClass, property)
            }
            if let lanes = record.lanes {
                let kind = record.valueKind
                guard property.accepts(lanes: lanes, kind: kind) else { return nil }
                scratch.lanes.append(LaneChange(slot: slot, property: property, kind: kind, lanes: lanes))
            } else {
                let value = record.value
                guard (try? property.check(value)) != nil else { return nil }
                scratch.values.append((slot, property, value))
            }
        }
        guard operations.isComplete else { return nil }
        tree.setChecked(scratch.lanes)
        for (slot, property, value) in scratch.values { tree.setChecked(value, for: property, at: slot) }
        return closeCompletions(batch.completions, at: env.now)
    }

    /// Whether two key paths' bytes are equal; short ones (all the key paths there are) in two word compares.
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        if count >= 8 && count <= 16 {
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        return a.elementsEqual(b)
    }
}

/// `applyBatch`'s collected changes, kept between commits for their capacity.
struct BatchScratch {
    var lanes: [LaneChange] = []
    var values: [(LayerSlot, LayerProperty, PropertyValue)] = []
}
