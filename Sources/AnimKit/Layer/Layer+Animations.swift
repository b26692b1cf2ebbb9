import AnimCore
import AnimProtocol

/// Explicit animations. The server runs them on its clock; the layer keeps the list `animationKeys`
/// reports and the copies `animation(forKey:)` returns.
extension Layer {
    /// Adds a copy of `animation` under `key` (replacing one under the same key) in the current
    /// transaction. It is checked at once against this layer's class (a key path the class lacks such as
    /// "alpha", a value of the wrong kind, bad keyTimes… throw, and nothing is sent). A duration of 0 takes
    /// the transaction's `animationDuration`; no timing function takes its `animationTimingFunction`.
    /// The delegate receives the animation object passed here. Once the connection is closed this throws
    /// why (`Connection.closeReason`): the animation could never run.
    public func add(_ animation: Animation, forKey key: String?) throws(AnimKitError) {
        let transaction = ThreadTransaction.current
        transaction.openForChange()
        var core: AnimCore.Animation
        do {
            core = try animation.core(on: layerClass)
            if core.timingFunction == nil { core.timingFunction = transaction.stack.animationTimingFunction }
            // The server attaches it the same way; doing it here reports its errors to the caller.
            let attached = try AttachedAnimation(
                key: key, animation: core, layerClass: layerClass,
                context: transaction.stack.attachContext(attachTime: 0, previousPresentation: nil))
            for warning in attached.warnings { log.warning("\(id): \(warning)") }
        } catch {
            throw .invalid(error)
        }
        let copy = Animation.make(from: core)
        copy.delegate = animation.delegate
        // Checked under the lock that closing takes `running` under, so no delegate misses its didStop.
        let animationID = try connection.state.withLock { s throws(AnimKitError) -> UInt64 in
            if let reason = s.closeReason { throw reason }
            let animationID = s.nextAnimation
            s.nextAnimation += 1
            if let key {
                if connection.holdsUnattachedLayers { s.forgetUnsent(s.keyed[id]?.filter { $0.key == key } ?? []) }
                s.keyed[id]?.removeAll { $0.key == key }
            }
            s.keyed[id, default: []].append(KeyedAnimation(key: key, id: animationID, object: copy))
            s.running[animationID] = RunningAnimation(
                layer: id, object: animation, delegate: animation.delegate,
                removedOnCompletion: core.removedOnCompletion)
            return animationID
        }
        let add = WireAddAnimation(
            layer: id.rawValue, animationID: animationID, key: key,
            completion: transaction.stack.currentCompletion?.rawValue ?? 0,
            transactionDuration: transaction.stack.animationDuration, animation: core.wire)
        if connection.holdsUnattachedLayers {
            // Sent when the layer is attached, with the duration this transaction gave it.
            connection.state.withLock { $0.unsentAdds[animationID] = add }
        } else {
            transaction.append(.addAnimation(add), for: connection)
        }
    }

    /// Removes the animation under `key`; its delegate hears didStop(finished: false) once the server
    /// has removed it.
    public func removeAnimation(forKey key: String) {
        let found = connection.state.withLock { s in
            guard let i = s.keyed[id]?.firstIndex(where: { $0.key == key }) else { return false }
            let removed = s.keyed[id]?.remove(at: i)
            if connection.holdsUnattachedLayers, let removed { s.forgetUnsent([removed]) }
            return true
        }
        guard found else { return }
        ThreadTransaction.current.append(
            .removeAnimation(WireRemoveAnimation(layer: id.rawValue, key: key)), for: connection)
    }

    public func removeAllAnimations() {
        connection.state.withLock { s in
            if connection.holdsUnattachedLayers { s.forgetUnsent(s.keyed[id] ?? []) }
            s.keyed[id] = []
        }
        ThreadTransaction.current.append(.removeAllAnimations(id.rawValue), for: connection)
    }

    /// The keys of the animations attached, in the order they apply (animations added with a nil key are
    /// attached but not listed).
    public var animationKeys: [String] {
        connection.state.withLock { s in (s.keyed[id] ?? []).compactMap(\.key) }
    }

    /// The copy attached under `key`. Changing it changes nothing on screen.
    public func animation(forKey key: String) -> Animation? {
        connection.state.withLock { s in s.keyed[id]?.first { $0.key == key }?.object }
    }
}
