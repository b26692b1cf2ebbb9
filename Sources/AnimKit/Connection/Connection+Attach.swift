import AnimCore
import AnimProtocol

/// Layers made with `Layer()` live in `Connection.unattached` until one is put into a tree of a real connection:
/// then its whole tree (sublayers and masks, recursively) moves over, takes this connection's ids, and is sent
/// in the current transaction as if it had been built there: created, every value that is not the default,
/// the structure, the emitter cells and the animations (docs/core-animation-rules.md#model-presentation-and-render-trees).
extension Connection {
    /// One layer on its way from the stand-in to this connection.
    private struct MovingLayer {
        let object: Layer
        let oldID: LayerID
        var newID = LayerID(0)
        let state: LayerState
        let sublayers: [LayerID]
        let mask: LayerID?
        let animations: [KeyedAnimation]
        let running: [UInt64: RunningAnimation]
        let adds: [UInt64: WireAddAnimation]
    }

    /// Moves `top`, an unattached layer, and the tree under it to this connection; it leaves its unattached
    /// superlayer (or the layer it masked) first and arrives as a root, for the caller to place. A layer another
    /// thread attached to another connection meanwhile is refused as that connection's.
    func attach(_ top: Layer) throws(AnimKitError) {
        let kinds = try Self.attaching.withLock { _ throws(AnimKitError) -> InputKinds in
            guard top.connection.holdsUnattachedLayers else {
                guard top.connection === self else { throw .foreignLayer(top.id, connection: session) }
                return []
            }
            return move(Self.unattached.takeTree(of: top))
        }
        // Input handlers set while unattached subscribe this connection to the input they need.
        if !kinds.isEmpty { inputDispatcher.want(kinds) }
    }

    /// Held from taking a tree out of the stand-in until its layers are bound to their connection, so that two
    /// threads attaching the same layer cannot both take it.
    private static let attaching = Locked(())

    /// Puts the layers taken from the stand-in into this connection, records their operations in the current
    /// transaction and rebinds them; returns the input they have handlers for.
    private func move(_ taken: [MovingLayer]) -> InputKinds {
        var moving = taken
        guard !moving.isEmpty else { return [] }
        let transaction = ThreadTransaction.current
        let completion = transaction.stack.currentCompletion?.rawValue ?? 0
        var operations: [WireOperation] = []
        state.withLock { s in
            var newIDs: [LayerID: LayerID] = [:]
            for i in moving.indices {
                let id = LayerID(s.nextLayer)
                s.nextLayer += 1
                moving[i].newID = id
                newIDs[moving[i].oldID] = id
            }
            for layer in moving {
                var state = layer.state
                state.mask = nil
                do {
                    try s.tree.insert(layer.newID, state: state)
                } catch {
                    log.error("layer \(layer.newID) could not be attached: \(error)")
                }
                s.objects[layer.newID] = LayerReference(layer.object)
                s.uncommitted.insert(layer.newID)
                operations.append(
                    .createLayer(WireCreateLayer(layer: layer.newID.rawValue, layerClass: state.layerClass.wire)))
                for property in LayerProperty.allCases where property != .mask && property.exists(on: state.layerClass)
                {
                    let value = state.value(of: property)
                    guard value != property.defaultValue else { continue }
                    operations.append(
                        .setProperty(
                            WireSetProperty(layer: layer.newID.rawValue, keyPath: property.key, value: value.wire)))
                }
                if let cells = state.special.emitter?.emitterCells, !cells.isEmpty {
                    operations.append(
                        .setEmitterCells(WireSetEmitterCells(layer: layer.newID.rawValue, cells: cells.map(\.wire))))
                }
            }
            for layer in moving {
                for child in layer.sublayers {
                    guard let newChild = newIDs[child] else { continue }
                    do {
                        try s.tree.addSublayer(newChild, to: layer.newID)
                    } catch {
                        log.error("\(newChild) could not be attached under \(layer.newID): \(error)")
                        continue
                    }
                    operations.append(
                        .insertSublayer(
                            WireInsertSublayer(parent: layer.newID.rawValue, layer: newChild.rawValue, index: -1)))
                }
                if let mask = layer.mask.flatMap({ newIDs[$0] }) {
                    do {
                        try s.tree.setMask(mask, of: layer.newID)
                    } catch {
                        log.error("\(mask) could not be attached as the mask of \(layer.newID): \(error)")
                        continue
                    }
                    operations.append(
                        .setProperty(
                            WireSetProperty(layer: layer.newID.rawValue, keyPath: "mask", value: .layer(mask.rawValue)))
                    )
                }
            }
            for layer in moving {
                // Held strongly in the tree, weakly as a root (the caller holds `top`).
                _ = s.updateOwnership(of: layer.newID)
                var keyed: [KeyedAnimation] = []
                for entry in layer.animations {
                    guard var add = layer.adds[entry.id] else { continue }
                    let animationID = s.nextAnimation
                    s.nextAnimation += 1
                    keyed.append(KeyedAnimation(key: entry.key, id: animationID, object: entry.object))
                    if var running = layer.running[entry.id] {
                        running.layer = layer.newID
                        s.running[animationID] = running
                    }
                    add.layer = layer.newID.rawValue
                    add.animationID = animationID
                    // Added in this transaction: its completion block waits for it.
                    add.completion = completion
                    operations.append(.addAnimation(add))
                }
                if !keyed.isEmpty { s.keyed[layer.newID] = keyed }
            }
        }
        for layer in moving { layer.object.rebind(to: self, id: layer.newID) }
        for operation in operations { transaction.append(operation, for: self) }
        var kinds: InputKinds = []
        for layer in moving {
            let input = layer.object.local.withLock { $0.input }
            if input.touchHandler != nil || !input.recognizers.isEmpty { kinds.formUnion(.touch) }
            if input.pointerHandler != nil { kinds.formUnion(.pointer) }
        }
        return kinds
    }

    /// The stand-in's side: takes `top`'s tree out of its model, each layer before its sublayers and mask.
    private func takeTree(of top: Layer) -> [MovingLayer] {
        state.withLock { s in
            let topID = top.id
            guard s.tree.hasLayer(topID) else { return [] }
            try? s.tree.removeFromSuperlayer(topID)
            var moving: [MovingLayer] = []
            var pending = [topID]
            while let id = pending.popLast() {
                guard let node = s.tree.node(id), let object = s.object(id) else { continue }
                let animations = s.keyed[id] ?? []
                var running: [UInt64: RunningAnimation] = [:]
                var adds: [UInt64: WireAddAnimation] = [:]
                for entry in animations {
                    running[entry.id] = s.running[entry.id]
                    adds[entry.id] = s.unsentAdds[entry.id]
                }
                moving.append(
                    MovingLayer(
                        object: object, oldID: id, state: node.state, sublayers: node.sublayers, mask: node.state.mask,
                        animations: animations, running: running, adds: adds))
                if let mask = node.state.mask { pending.append(mask) }
                pending.append(contentsOf: node.sublayers.reversed())
            }
            _ = try? s.tree.remove(topID)
            for layer in moving {
                s.objects[layer.oldID] = nil
                s.uncommitted.remove(layer.oldID)
                for entry in s.keyed.removeValue(forKey: layer.oldID) ?? [] {
                    s.running[entry.id] = nil
                    s.unsentAdds[entry.id] = nil
                }
            }
            return moving
        }
    }
}
