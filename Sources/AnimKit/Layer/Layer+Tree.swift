import AnimCore
import AnimProtocol

/// The layer tree: sublayers back to front, a superlayer, a mask. A layer in a tree is kept alive by it;
/// a root only by the app. Changes are checked at once against the model tree (a cycle, a layer of
/// another connection, a mask that is also a sublayer… throw) and recorded in the current transaction.
extension Layer {
    public var superlayer: Layer? {
        connection.state.withLock { s in (try? s.tree.superlayer(of: id)).flatMap { s.object($0) } }
    }

    /// Back to front.
    public var sublayers: [Layer] {
        connection.state.withLock { s in ((try? s.tree.sublayers(of: id)) ?? []).compactMap { s.object($0) } }
    }

    /// Appends `layer` on top of the sublayers, taking it out of its current superlayer first.
    public func addSublayer(_ layer: Layer) throws(AnimKitError) {
        try adopt(layer)
        try changeTree(moving: [layer.id]) { tree throws(AnimCoreError) in
            try tree.addSublayer(layer.id, to: id)
            return [.insertSublayer(WireInsertSublayer(parent: id.rawValue, layer: layer.id.rawValue, index: -1))]
        }
        layer.runAction(forKey: "onOrderIn")
    }

    /// Inserts `layer` at `index` of the sublayers (0 is the back; the count means on top), counted after
    /// it has left its current superlayer.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(AnimKitError) {
        guard let wireIndex = Int32(exactly: index) else {
            throw .invalid(.outOfRange(field: "\(id).sublayers index", value: Double(index), allowed: "0…Int32.max"))
        }
        if !layer.isAttached, isAttached {
            // Refused before the layer is attached, so a refusal leaves it unattached.
            let count = sublayers.count
            guard (0...count).contains(index) else {
                throw .invalid(.sublayerIndexOutOfRange(index, in: id, count: count))
            }
        }
        try adopt(layer)
        try changeTree(moving: [layer.id]) { tree throws(AnimCoreError) in
            try tree.insertSublayer(layer.id, into: id, at: index)
            return [
                .insertSublayer(WireInsertSublayer(parent: id.rawValue, layer: layer.id.rawValue, index: wireIndex))
            ]
        }
        layer.runAction(forKey: "onOrderIn")
    }

    /// Inserts `layer` just in front of `sibling`, one of the sublayers.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(AnimKitError) {
        try insertSublayer(layer, next: sibling, above: true)
    }

    /// Inserts `layer` just behind `sibling`, one of the sublayers.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(AnimKitError) {
        try insertSublayer(layer, next: sibling, above: false)
    }

    private func insertSublayer(_ layer: Layer, next sibling: Layer, above: Bool) throws(AnimKitError) {
        try requireSublayer(sibling)
        try adopt(layer)
        try changeTree(moving: [layer.id]) { tree throws(AnimCoreError) in
            if above {
                try tree.insertSublayer(layer.id, into: id, above: sibling.id)
            } else {
                try tree.insertSublayer(layer.id, into: id, below: sibling.id)
            }
            return [insertOperation(for: layer.id, in: tree)]
        }
        layer.runAction(forKey: "onOrderIn")
    }

    /// Puts `new` in the place of `old`, one of the sublayers; `old` leaves the tree. Runs the
    /// "transition" action of this layer.
    public func replaceSublayer(_ old: Layer, with new: Layer) throws(AnimKitError) {
        try requireSublayer(old)
        try adopt(new)
        try changeTree(moving: [old.id, new.id]) { tree throws(AnimCoreError) in
            try tree.replaceSublayer(old.id, with: new.id, in: id)
            return [.removeFromSuperlayer(old.id.rawValue), insertOperation(for: new.id, in: tree)]
        }
        runAction(forKey: "transition")
    }

    /// Takes the layer out of its superlayer (a mask: out of the layer it masks). It stays alive only if
    /// the app holds it.
    public func removeFromSuperlayer() {
        let masked = connection.state.withLock { s in try? s.tree.maskedLayer(of: id) }
        if let masked, let owner = connection.object(masked) {
            owner.set(.mask, .layer(nil))
            return
        }
        guard superlayer != nil else { return }
        runAction(forKey: "onOrderOut")
        do {
            try changeTree(moving: [id]) { tree throws(AnimCoreError) in
                try tree.removeFromSuperlayer(id)
                return [.removeFromSuperlayer(id.rawValue)]
            }
        } catch {
            log.error("\(id).removeFromSuperlayer(): \(error)")
        }
    }

    /// Masks the layer with `mask`'s alpha. A mask has no superlayer and masks one layer; masks do not
    /// nest. A refused mask changes nothing and goes to `connection.errorHandler`, as every setter's refusal
    /// (`setValue(.layer(…), forKeyPath: "mask")` throws instead).
    public var mask: Layer? {
        get { connection.object(read { $0.mask }) }
        set {
            if let newValue {
                do {
                    try adopt(newValue)
                } catch {
                    reportRefused(forKey: "mask", error)
                    return
                }
            }
            set(.mask, .layer(newValue?.id))
        }
    }

    /// Throws unless `sibling` is one of the sublayers: checked before a layer is attached to take its place
    /// beside it, so a refusal leaves that layer unattached.
    private func requireSublayer(_ sibling: Layer) throws(AnimKitError) {
        try requireSameConnection(sibling)
        guard sibling.superlayer === self else { throw .invalid(.notASublayer(sibling.id, of: id)) }
    }

    /// Applies a structure change to the model tree and records its operations. `moving` are the layers
    /// whose place changed: their ownership follows (held while in a tree).
    func changeTree(
        moving: [LayerID], _ body: (inout LayerTree) throws(AnimCoreError) -> [WireOperation]
    ) throws(AnimKitError) {
        var letGo: [Layer] = []
        let operations = try connection.state.withLock { s throws(AnimKitError) -> [WireOperation] in
            let operations: [WireOperation]
            do throws(AnimCoreError) { operations = try body(&s.tree) } catch { throw .invalid(error) }
            for moved in moving {
                if let object = s.updateOwnership(of: moved) { letGo.append(object) }
            }
            return operations
        }
        for operation in operations { ThreadTransaction.current.append(operation, for: connection) }
        withExtendedLifetime(letGo) {}
    }

    /// The insertSublayer that puts `child` where it now is among this layer's sublayers.
    private func insertOperation(for child: LayerID, in tree: LayerTree) -> WireOperation {
        let index = (try? tree.sublayers(of: id).firstIndex(of: child)) ?? nil
        return .insertSublayer(
            WireInsertSublayer(
                parent: id.rawValue, layer: child.rawValue, index: index.map { Int32(clamping: $0) } ?? -1))
    }
}
