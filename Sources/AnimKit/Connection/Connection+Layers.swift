import AnimCore
import AnimProtocol

/// The connection's side of a layer's life: its object in the registry, its release.
extension Connection {
    func register(_ layer: Layer) {
        state.withLock { s in
            do {
                try s.tree.insert(layer.id, state: LayerState(layerClass: layer.layerClass))
            } catch {
                // Ids come from this connection's counter, so this cannot happen; logged if it ever does.
                log.error("layer \(layer.id) could not be registered: \(error)")
            }
            s.objects[layer.id] = LayerReference(layer)
            s.uncommitted.insert(layer.id)
        }
    }

    /// Whether the server has been sent the layer's createLayer.
    func isCommitted(_ id: LayerID) -> Bool {
        state.withLock { !$0.uncommitted.contains(id) }
    }

    /// The layer `id`'s object was released (it was a root no one held). Its sublayers become roots and
    /// its mask is let go, so the server keeps those the app still holds; then the layer is destroyed.
    /// The operations join the thread's open transaction, or else the connection's next commit.
    func release(_ id: LayerID) {
        var letGo: [Layer] = []
        let operations = state.withLock { s -> [WireOperation] in
            guard let node = s.tree.node(id) else { return [] }
            var operations: [WireOperation] = []
            for child in node.sublayers {
                try? s.tree.removeFromSuperlayer(child)
                if let object = s.updateOwnership(of: child) { letGo.append(object) }
                operations.append(.removeFromSuperlayer(child.rawValue))
            }
            if let mask = node.state.mask {
                try? s.tree.setMask(nil, of: id)
                if let object = s.updateOwnership(of: mask) { letGo.append(object) }
                operations.append(
                    .setProperty(WireSetProperty(layer: id.rawValue, keyPath: "mask", value: .layer(nil))))
            }
            _ = try? s.tree.remove(id)
            s.objects[id] = nil
            if holdsUnattachedLayers { s.forgetUnsent(s.keyed[id] ?? []) }
            s.keyed[id] = nil
            s.uncommitted.remove(id)
            operations.append(.destroyLayer(id.rawValue))
            return operations
        }
        let transaction = ThreadTransaction.current
        if holdsUnattachedLayers {
            // Nothing of an unattached layer was sent, so there is nothing to destroy.
        } else if transaction.stack.isOpen {
            for operation in operations { transaction.append(operation, for: self) }
        } else {
            state.withLock { $0.released += operations }
        }
        // Released after unlocking: a layer let go here may be deinitialized, and that takes the lock.
        withExtendedLifetime(letGo) {}
    }

    /// The object of layer `id`, if it still exists.
    func object(_ id: LayerID?) -> Layer? {
        guard let id else { return nil }
        return state.withLock { $0.object(id) }
    }
}
