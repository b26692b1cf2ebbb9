/// The root a client declares (protocol `SetRootLayer`, AnimKit's `rootLayer`): with one, only that layer's tree
/// is drawn and hit, as only a window's layer tree is in Core Animation; without one, every root is
/// (docs/core-animation-rules.md, "Scenes off screen").
extension LayerTree {
    /// Declares `id` the tree's root, or none (nil). Throws `unknownLayer` when `id` does not exist, changing
    /// nothing. Destroying the declared root declares none.
    public mutating func declareRoot(_ id: LayerID?) throws(AnimCoreError) {
        if let id { try requireLayer(id) }
        guard id != declaredRoot else { return }
        declaredRoot = id
        // What was derived from the roots (`LayerHitIndex`) is stale.
        nodes.newRevision()
    }

    /// The roots drawn and hit, back to front: the one whose tree holds the declared root (the declared root
    /// itself unless it was added under another layer), or every root (`roots`) when none is declared.
    public var shownRoots: [LayerID] {
        guard var top = declaredRoot, nodes.contains(top) else { return roots }
        while let parent = nodes[top].parent { top = parent }
        return [top]
    }
}
