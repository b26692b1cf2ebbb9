/// A rollback journal, so a batch of changes (one server commit) can run on the tree in place and still be
/// undone as a whole when a later change in it is refused: copying the tree instead would copy every
/// layer's state for each batch.
///
/// While the journal is open, each layer's node is remembered before its first change (or that it did not
/// exist), together with the root order counter; `rollback()` restores exactly the tree as it was at
/// `beginJournal()`, `commitJournal()` keeps the changes. Only the value the journal was opened on knows
/// it: a copy made while it is open shares the remembered originals but rolls back on its own.
extension LayerTree {
    /// Whether a journal is open.
    public var isJournaling: Bool { nodes.isJournaling }

    /// Opens a journal: changes from now on can be undone with `rollback()`. An open journal is kept
    /// (committed) first.
    public mutating func beginJournal() {
        nodes.beginJournal()
        rootSequenceBeforeJournal = nextRootSequence
        declaredRootBeforeJournal = declaredRoot
    }

    /// Keeps every change since `beginJournal()` and closes the journal.
    public mutating func commitJournal() {
        nodes.commitJournal()
    }

    /// Undoes every change since `beginJournal()` (layers, structure, animations and root order) and closes
    /// the journal. Without an open journal it does nothing.
    public mutating func rollback() {
        guard nodes.isJournaling else { return }
        nodes.rollback()
        nextRootSequence = rootSequenceBeforeJournal
        declaredRoot = declaredRootBeforeJournal
    }

    /// The node of `id` as it was when the journal began: nil when it did not exist then. Without an open
    /// journal, the current node.
    public func nodeBeforeJournal(_ id: LayerID) -> LayerNode? {
        nodes.nodeBeforeJournal(id)
    }

    /// The local time `id` had at absolute time `t` in the tree as it was when the journal began (its
    /// ancestors and their timing then); throws when `id` did not exist then.
    public func localTimeBeforeJournal(of id: LayerID, fromAbsolute t: Double) throws(AnimCoreError) -> Double {
        guard var node = nodes.nodeBeforeJournal(id) else { throw .unknownLayer(id) }
        var chain = [node]
        while let parent = node.parent {
            guard let next = nodes.nodeBeforeJournal(parent) else { throw .unknownLayer(parent) }
            node = next
            chain.append(node)
        }
        // Each layer's timing as it presented then (its timeOffset animations at its parent time).
        var time = t
        for node in chain.reversed() {
            time = node.animations.presentedTiming(of: node.state, atParentTime: time).localTime(fromParent: time)
        }
        return time
    }
}
