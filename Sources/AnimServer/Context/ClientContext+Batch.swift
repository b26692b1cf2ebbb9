import AnimCore
import AnimProtocol

extension ClientContext {
    /// Applies a commit of plain property changes straight from its frame (`SetPropertyBatch`), in two passes:
    /// every operation is checked as `apply(_:in:)` checks a `setProperty`, then every value is stored in place.
    /// Nothing can fail in the second pass, so no journal is kept and no node is copied for it.
    ///
    /// Returns nil, having changed nothing, when an operation is not a plain change (a key path with a
    /// component, a `mask` or a layer or image reference) or would be refused: the caller then decodes the
    /// frame and applies it with `apply(_:in:)`, which refuses it naming the operation, field and value.
    /// `scratch` keeps its capacity between commits.
    mutating func applyBatch(
        _ batch: SetPropertyBatch, in env: CommitEnvironment, scratch: inout [BatchTarget]
    ) -> [Message]? {
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(batch.count)
        var operations = batch.operations
        while let record = operations.next() {
            guard let slot = tree.slot(of: LayerID(record.layer)),
                let keyPath = env.keyPaths.keyPath(bytes: record.keyPath, on: tree.layerClass(at: slot)),
                keyPath.component == nil, keyPath.property != .mask
            else { return nil }
            let property = keyPath.property
            let kind = record.valueKind
            if let lanes = record.lanes {
                guard property.accepts(lanes: lanes, kind: kind) else { return nil }
            } else {
                guard kind == property.valueKind, (try? property.check(record.value)) != nil else { return nil }
            }
            scratch.append(BatchTarget(slot: slot, property: property))
        }
        guard operations.isComplete else { return nil }
        operations = batch.operations
        var index = 0
        while let record = operations.next() {
            let target = scratch[index]
            if let lanes = record.lanes {
                tree.setChecked(lanes: lanes, kind: record.valueKind, for: target.property, at: target.slot)
            } else {
                tree.setChecked(record.value, for: target.property, at: target.slot)
            }
            index += 1
        }
        var out: [Message] = []
        for completion in batch.completions where completion != 0 {
            if let done = completions.committed(TransactionStack.CompletionID(completion)) {
                out.append(.transactionCompleted(TransactionCompleted(completion: done.rawValue, time: env.now)))
            }
        }
        return out
    }
}

/// Where one checked change of a batch goes.
struct BatchTarget {
    let slot: LayerSlot
    let property: LayerProperty
}
