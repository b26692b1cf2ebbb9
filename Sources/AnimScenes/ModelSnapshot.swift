import AnimCore
import AnimKit

/// The model values and keyed animations of layer subtrees before a transition's animations, so that a cancelled
/// interactive transition puts every model value back and removes what it added
/// (docs/core-animation-rules.md#interactive-transitions).
struct ModelSnapshot {
    private struct Entry {
        let layer: Layer
        let values: [(key: String, value: AnimationValue)]
        let animations: [String: ObjectIdentifier]
    }

    private var entries: [Entry] = []

    /// Records every layer of the subtrees of `roots` (masks included), each once.
    init(roots: [Layer]) {
        var seen = Set<ObjectIdentifier>()
        var pending = roots
        while let layer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
            var values: [(key: String, value: AnimationValue)] = []
            for property in LayerProperty.allCases {
                // A property of another layer class throws: it is not this layer's to restore.
                if let value = try? layer.value(forKeyPath: property.key) { values.append((property.key, value)) }
            }
            var animations: [String: ObjectIdentifier] = [:]
            for key in layer.animationKeys {
                if let animation = layer.animation(forKey: key) { animations[key] = ObjectIdentifier(animation) }
            }
            entries.append(Entry(layer: layer, values: values, animations: animations))
            pending.append(contentsOf: layer.sublayers)
            if let mask = layer.mask { pending.append(mask) }
        }
    }

    /// Sets back every model value that changed and removes every keyed animation added (or replaced) since.
    /// Call it in a transaction with actions disabled.
    func restore() {
        for entry in entries {
            for (key, value) in entry.values {
                guard let now = try? entry.layer.value(forKeyPath: key), now != value else { continue }
                do {
                    try entry.layer.setValue(value, forKeyPath: key)
                } catch {
                    log.error("\(entry.layer.id).\(key) could not be restored to \(value): \(error)")
                }
            }
            for key in entry.layer.animationKeys {
                let now = entry.layer.animation(forKey: key).map(ObjectIdentifier.init)
                if now != entry.animations[key] { entry.layer.removeAnimation(forKey: key) }
            }
        }
    }
}
