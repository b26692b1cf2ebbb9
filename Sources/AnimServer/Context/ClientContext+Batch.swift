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
        var check = BatchCheck(batch)
        scratch.removeAll()
        scratch.slots.reserveCapacity(batch.count)
        guard checkBatch(&check, in: env, scratch: &scratch, upTo: .max) == .checked else { return nil }
        return storeBatch(batch, in: env, scratch: scratch)
    }

    /// Checks up to `limit` more of `check`'s operations into `scratch`, changing nothing: a large commit is
    /// checked in slices between which the loop serves other clients (`SlicedCommit`). The context must not
    /// change between slices but by frames (which move animations, never layers or their classes, so the
    /// slots and classes checked stay true).
    func checkBatch(
        _ check: inout BatchCheck, in env: CommitEnvironment, scratch: inout BatchScratch, upTo limit: Int
    ) -> BatchCheck.Outcome {
        var budget = limit
        while true {
            if check.run == nil {
                guard let run = check.operations.nextRun() else { break }
                check.run = run
                check.index = 0
                check.checkedClass = nil
            }
            guard let run = check.run else { break }
            // Every record of a run names the same key path with the same kind of value: the property and its
            // rule are looked up again only when a record's layer has another class.
            let kind = run.first.valueKind
            let lanes = run.lanes
            while check.index < run.count {
                guard budget > 0 else { return .unfinished }
                let index = check.index
                guard let (slot, layerClass) = tree.slotAndClass(of: LayerID(run.layer(index))) else {
                    return .notABatch
                }
                if layerClass != check.checkedClass {
                    guard
                        let resolved = check.keyPaths.resolve(
                            run.first.keyPath, on: layerClass, kind: kind, cache: env.keyPaths),
                        // A run's values are stored as one property's; a key path that named another on another
                        // class (no number, point, size or rect one does) is left to the general path.
                        check.checkedClass == nil || resolved.property == check.property,
                        lanes == nil || resolved.rule != nil
                    else { return .notABatch }
                    check.property = resolved.property
                    check.rule = resolved.rule
                    check.checkedClass = layerClass
                }
                if let lanes {
                    guard let rule = check.rule, rule.accepts(lanes[index]) else { return .notABatch }
                    scratch.slots.append(slot)
                    // The records after it whose layers have the same class, in a loop that holds only that.
                    let next = tree.appendSlots(
                        from: index + 1, to: budget >= run.count - index ? run.count : index + budget,
                        ofClass: layerClass, layer: run.layer,
                        lanes: lanes, rule: rule, to: &scratch.slots)
                    budget -= next - index
                    check.index = next
                } else {
                    let value = run[index].value
                    guard (try? check.property.check(value)) != nil else { return .notABatch }
                    scratch.values.append((slot, check.property, value))
                    budget -= 1
                    check.index += 1
                }
            }
            if let lanes {
                scratch.laneRuns.append(
                    BatchScratch.LaneRun(property: check.property, kind: kind, lanes: lanes, count: run.count))
            }
            check.run = nil
        }
        return check.operations.isComplete ? .checked : .notABatch
    }

    /// Stores what `checkBatch` checked of the whole of `batch` and closes its completions.
    mutating func storeBatch(
        _ batch: SetPropertyBatch, in env: CommitEnvironment, scratch: BatchScratch
    ) -> [Message] {
        var progress = BatchStore()
        _ = storeBatch(scratch, from: &progress, upTo: .max)
        recordEmitterValues(at: env.now)
        return closeCompletions(batch.completions, at: env.now)
    }

    /// Stores up to `limit` more of the changes `checkBatch` checked into `scratch`, from `progress` on; true once
    /// all are stored. A large batch is stored in slices to a copy of the context (`SlicedCommit`).
    mutating func storeBatch(_ scratch: BatchScratch, from progress: inout BatchStore, upTo limit: Int) -> Bool {
        var budget = limit
        scratch.slots.withUnsafeBufferPointer { slots in
            while budget > 0, progress.run < scratch.laneRuns.count {
                let run = scratch.laneRuns[progress.run]
                let count = min(budget, run.count - progress.inRun)
                tree.setChecked(
                    run.property, kind: run.kind, lanes: run.lanes.dropFirst(progress.inRun),
                    at: UnsafeBufferPointer(rebasing: slots[progress.slot..<progress.slot + count]))
                progress.slot += count
                progress.inRun += count
                budget -= count
                if progress.inRun == run.count {
                    progress.run += 1
                    progress.inRun = 0
                }
            }
        }
        while budget > 0, progress.value < scratch.values.count {
            let (slot, property, value) = scratch.values[progress.value]
            tree.setChecked(value, for: property, at: slot)
            progress.value += 1
            budget -= 1
        }
        return progress.run == scratch.laneRuns.count && progress.value == scratch.values.count
    }
}

/// How far `storeBatch(_:from:upTo:)` has stored a batch: the lane run and the change in it, the slot of that
/// change, and the next change stored as a value.
struct BatchStore {
    var run = 0
    var inRun = 0
    var slot = 0
    var value = 0
}

/// How far `checkBatch` has checked a batch: the iterator over its operations and the run it is in.
struct BatchCheck {
    enum Outcome: Equatable {
        /// Every operation was checked: the batch can be stored.
        case checked
        /// The limit was reached first; the next call goes on from here.
        case unfinished
        /// An operation is not a plain change or would be refused: nothing of it may be stored.
        case notABatch
    }

    var operations: SetPropertyBatch.Operations
    var run: SetPropertyRun?
    var index = 0
    var checkedClass: LayerClass?
    var property = LayerProperty.position
    var rule: LaneRule?
    var keyPaths = BatchKeyPaths()

    init(_ batch: SetPropertyBatch) {
        operations = batch.operations
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
