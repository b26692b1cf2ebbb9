import AnimCore
import AnimProtocol

/// Reading and changing model values: the one path every property setter takes.
extension Layer {
    /// Reads the model state under the connection's lock.
    func read<T>(_ body: (LayerState) -> T) -> T {
        // The field is taken under the lock, so only the value read leaves it, not a copy of the whole state.
        let value = connection.state.withLock { s in (try? s.tree.state(of: id)).map(body) }
        return value ?? body(LayerState(layerClass: layerClass))
    }

    /// The model state, under the same lock as the check that the server has the layer; nil when it has not.
    private func committedState() -> LayerState? {
        connection.state.withLock { s in
            s.uncommitted.contains(id) ? nil : ((try? s.tree.state(of: id)) ?? LayerState(layerClass: layerClass))
        }
    }

    /// The model value at `keyPath` ("opacity", "position.x", "transform.rotation.z"). A path the layer's
    /// class does not have is an error.
    public func value(forKeyPath keyPath: String) throws(AnimKitError) -> AnimationValue {
        let path: AnimKeyPath
        do { path = try AnimKeyPath(keyPath, on: layerClass) } catch { throw .invalid(error) }
        return read { path.value(in: $0) }
    }

    /// Sets the model value at `keyPath`, as the typed property would. A path the class does not have, a
    /// value of the wrong kind, a non-finite or out-of-range number is an error, and nothing is changed
    /// or sent.
    public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) throws(AnimKitError) {
        let path: AnimKeyPath
        do { path = try AnimKeyPath(keyPath, on: layerClass) } catch { throw .invalid(error) }
        try change(path, to: value)
    }

    /// The setters of typed properties: a refused value (only a non-finite or out-of-range number can be)
    /// changes nothing and is reported (`reportRefused`).
    func set(_ property: LayerProperty, _ value: AnimationValue) {
        do {
            try change(AnimKeyPath(property: property), to: value)
        } catch {
            reportRefused(value, forKey: property.key, error)
        }
    }

    /// Checks the change, looks up the action while the old value still shows
    /// (docs/core-animation-rules.md#action-lookup), applies it to the model, records a setProperty of the whole
    /// property, then runs the action. A mask change moves ownership of the masks involved.
    func change(_ path: AnimKeyPath, to value: AnimationValue) throws(AnimKitError) {
        let property = path.property
        let transaction = ThreadTransaction.current
        // No action is looked up with actions disabled or for a layer the server has not seen, so the
        // change need not be checked on a copy first: applying it checks it, and a refused one changes
        // nothing. That is the path of bulk updates and of new layers: one lock and no copy of the state.
        let action: (any Action)?
        if !transaction.stack.disableActions, var probe = committedState() {
            do {
                try path.set(value, in: &probe)
            } catch {
                throw .invalid(error)
            }
            action = self.action(forKey: property.key)
        } else {
            action = nil
        }
        var letGo: [Layer] = []
        if path.component == nil && property != .mask, let lanes = value.lanes {
            // A whole number, point, size or rect (bulk updates: positions, bounds, opacities): checked,
            // stored and encoded as lanes, with no value built or copied on the way.
            try connection.state.withLock { s throws(AnimKitError) in
                do throws(AnimCoreError) {
                    try s.tree.set(lanes: lanes, kind: value.kind, for: property, of: id)
                } catch {
                    throw .invalid(error)
                }
            }
            transaction.append(setProperty: id, property, lanes: lanes, kind: value.kind, for: connection)
            if action != nil { run(action, forKey: property.key) }
            return
        }
        if path.component == nil && property != .mask {
            // A whole property that is not the mask: checked and stored in place (the common change).
            let stored = try connection.state.withLock { s throws(AnimKitError) -> AnimationValue in
                do throws(AnimCoreError) {
                    return try s.tree.set(value, for: property, of: id)
                } catch {
                    throw .invalid(error)
                }
            }
            transaction.append(
                setProperty: WireSetProperty(layer: id.rawValue, keyPath: property.key, value: stored.wire),
                for: connection)
            run(action, forKey: property.key)
            return
        }
        let whole = try connection.state.withLock { s throws(AnimKitError) -> AnimationValue in
            // Only a mask change needs the old mask: reading it copies the layer's node.
            let oldMask = property == .mask ? s.tree.node(id)?.state.mask : nil
            var result = value
            do throws(AnimCoreError) {
                try s.tree.updateState(of: id) { (state: inout LayerState) throws(AnimCoreError) in
                    try path.set(value, in: &state)
                    result = state.value(of: property)
                }
            } catch {
                throw .invalid(error)
            }
            if property == .mask {
                for mask in [oldMask, s.tree.node(id)?.state.mask] {
                    if let mask, let object = s.updateOwnership(of: mask) { letGo.append(object) }
                }
            }
            return result
        }
        transaction.append(
            setProperty: WireSetProperty(layer: id.rawValue, keyPath: property.key, value: whole.wire), for: connection)
        run(action, forKey: property.key)
        withExtendedLifetime(letGo) {}
    }

    private func run(_ action: (any Action)?, forKey key: String) {
        guard let action else { return }
        do {
            try action.run(forKey: key, object: self)
        } catch {
            log.error("\(id): the action for \"\(key)\" failed: \(error)")
        }
    }
}
