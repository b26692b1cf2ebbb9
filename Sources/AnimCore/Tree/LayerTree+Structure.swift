/// Building and changing the tree (CALayer's addSublayer, insertSublayer, removeFromSuperlayer,
/// replaceSublayer, mask). A layer that already has a superlayer is taken out of it first, as CALayer does.
extension LayerTree {
    /// Appends `child` to the sublayers of `parent`, on top of its siblings.
    public mutating func addSublayer(_ child: LayerID, to parent: LayerID) throws(AnimCoreError) {
        try checkCanAdopt(child, under: parent)
        let count = nodes[parent].sublayers.count - (nodes[child].superlayer == parent ? 1 : 0)
        attach(child, to: parent, at: count)
    }

    /// Inserts `child` into the sublayers of `parent` at `index`, counted after `child` has left its current
    /// superlayer (so `index` may be the sublayer count, meaning on top).
    public mutating func insertSublayer(_ child: LayerID, into parent: LayerID, at index: Int) throws(AnimCoreError) {
        try checkCanAdopt(child, under: parent)
        let count = nodes[parent].sublayers.count - (nodes[child].superlayer == parent ? 1 : 0)
        guard index >= 0, index <= count else { throw .sublayerIndexOutOfRange(index, in: parent, count: count) }
        attach(child, to: parent, at: index)
    }

    /// Inserts `child` into the sublayers of `parent` just above `sibling` (in front of it).
    public mutating func insertSublayer(
        _ child: LayerID, into parent: LayerID, above sibling: LayerID
    ) throws(AnimCoreError) {
        let index = try indexAfterDetaching(child, next: sibling, in: parent)
        attach(child, to: parent, at: index + 1)
    }

    /// Inserts `child` into the sublayers of `parent` just below `sibling` (behind it).
    public mutating func insertSublayer(
        _ child: LayerID, into parent: LayerID, below sibling: LayerID
    ) throws(AnimCoreError) {
        let index = try indexAfterDetaching(child, next: sibling, in: parent)
        attach(child, to: parent, at: index)
    }

    /// Detaches `id` from its superlayer; it becomes a root, on top of the other roots. A mask is released
    /// from the layer it masks instead. A root stays as it is.
    public mutating func removeFromSuperlayer(_ id: LayerID) throws(AnimCoreError) {
        let node = try existing(id)
        if let masked = node.maskOf {
            try setMask(nil, of: masked)
        } else if node.superlayer != nil {
            detach(id)
            nodes[id].rootSequence = takeRootSequence()
        }
    }

    /// Puts `new` in the place of `old` among the sublayers of `parent`; `old` becomes a root.
    public mutating func replaceSublayer(
        _ old: LayerID, with new: LayerID, in parent: LayerID
    ) throws(AnimCoreError) {
        let parentNode = try existing(parent)
        try requireLayer(old)
        guard parentNode.sublayers.contains(old) else { throw .notASublayer(old, of: parent) }
        guard new != old else { return }
        try checkCanAdopt(new, under: parent)
        detach(new)
        let index = nodes[parent].sublayers.firstIndex(of: old)!
        nodes[parent].sublayers[index] = new
        nodes[new].superlayer = parent
        nodes[old].superlayer = nil
        nodes[old].rootSequence = takeRootSequence()
    }

    /// Makes `mask` the mask of `layer` (nil removes it; the old mask becomes a root). A mask must have no
    /// superlayer, may mask only one layer, and masks cannot nest: the mask cannot have a mask, and a mask
    /// cannot be masked (docs/core-animation-rules.md#compositing-order). Sets `layer`'s `state.mask`.
    public mutating func setMask(_ mask: LayerID?, of layer: LayerID) throws(AnimCoreError) {
        let node = try existing(layer)
        let oldMask = node.state.mask
        guard mask != oldMask else { return }
        if let mask {
            let maskNode = try existing(mask)
            guard mask != layer else { throw .nestedMask(mask, of: layer, reason: "a layer cannot mask itself") }
            if let superlayer = maskNode.superlayer { throw .maskHasSuperlayer(mask, superlayer: superlayer) }
            if let other = maskNode.maskOf { throw .maskInUse(mask, by: other) }
            if let inner = maskNode.state.mask {
                throw .nestedMask(mask, of: layer, reason: "\(mask) has a mask of its own (\(inner))")
            }
            if let outer = node.maskOf {
                throw .nestedMask(mask, of: layer, reason: "\(layer) is itself the mask of \(outer)")
            }
            if isSelfOrAncestor(mask, of: layer) { throw .layerCycle(mask, under: layer) }
        }
        if let oldMask {
            nodes[oldMask].maskOf = nil
            nodes[oldMask].rootSequence = takeRootSequence()
        }
        if let mask { nodes[mask].maskOf = layer }
        nodes[layer].state.mask = mask
    }

    /// Destroys `id` with its sublayers and mask, recursively, and returns the removed ids, each layer
    /// before its sublayers and its mask after them.
    @discardableResult
    public mutating func remove(_ id: LayerID) throws(AnimCoreError) -> [LayerID] {
        let node = try existing(id)
        if let masked = node.maskOf {
            nodes[masked].state.mask = nil
            nodes[id].maskOf = nil
        } else {
            detach(id)
        }
        var removed: [LayerID] = []
        var pending: [LayerID] = [id]
        while let next = pending.popLast() {
            guard let n = nodes.remove(next) else { continue }
            removed.append(next)
            if next == declaredRoot { declaredRoot = nil }
            if let mask = n.state.mask { pending.append(mask) }
            pending.append(contentsOf: n.sublayers.reversed())
        }
        return removed
    }

    // MARK: Helpers

    /// Throws unless `child` may become a sublayer of `parent`: both exist, `child` is not a mask, and
    /// `child` is not `parent` or an ancestor of it.
    private func checkCanAdopt(_ child: LayerID, under parent: LayerID) throws(AnimCoreError) {
        let childNode = try existing(child)
        try requireLayer(parent)
        if let masked = childNode.maskOf { throw .layerIsMask(child, of: masked) }
        if isSelfOrAncestor(child, of: parent) { throw .layerCycle(child, under: parent) }
    }

    /// Checks an above/below insertion, detaches `child`, and returns `sibling`'s index after that.
    private mutating func indexAfterDetaching(
        _ child: LayerID, next sibling: LayerID, in parent: LayerID
    ) throws(AnimCoreError) -> Int {
        try checkCanAdopt(child, under: parent)
        try requireLayer(sibling)
        guard nodes[parent].sublayers.contains(sibling) else { throw .notASublayer(sibling, of: parent) }
        guard child != sibling else {
            throw .invalid(field: child.description, reason: "\(child) cannot be placed next to itself")
        }
        detach(child)
        return nodes[parent].sublayers.firstIndex(of: sibling)!
    }

    /// Takes `id` out of its superlayer's sublayers, if it has one.
    private mutating func detach(_ id: LayerID) {
        guard let parent = nodes[id].superlayer else { return }
        nodes[parent].sublayers.removeAll { $0 == id }
        nodes[id].superlayer = nil
    }

    /// Detaches `child` and inserts it at `index` (valid after the detach) among `parent`'s sublayers.
    private mutating func attach(_ child: LayerID, to parent: LayerID, at index: Int) {
        detach(child)
        nodes[parent].sublayers.insert(child, at: index)
        nodes[child].superlayer = parent
    }
}
