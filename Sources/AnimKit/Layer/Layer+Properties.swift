import AnimCore

/// What is typed on `Layer` but is not one property: `frame`. The properties themselves, one per key path, are
/// generated from protocol/layer-properties.json (Generated/LayerPropertyAccessors.swift).
extension Layer {
    /// Derived from `position`, `bounds` and `anchorPoint` (and the transform's bounding box); setting it
    /// changes `position` and `bounds.size`, each with its own action. Not animatable itself.
    public var frame: Rect {
        get { read { $0.frame } }
        set {
            var state = read { $0 }
            state.setFrame(newValue)
            set(.bounds, .rect(state.bounds))
            set(.position, .point(state.position))
        }
    }
}

extension Layer {
    /// `setValue(_:forKeyPath:)` with the value as Core Animation takes it: `layer.setValue(0.5, forKeyPath:
    /// "opacity")`, `setValue(Point(x: 1, y: 2), forKeyPath: "position")`. Throws as the `AnimationValue` form does.
    public func setValue(_ value: some AnimationValueConvertible, forKeyPath keyPath: String) throws(AnimKitError) {
        try setValue(value.animationValue, forKeyPath: keyPath)
    }

    /// How a property setter reports a value it refused (setters do not throw, as in Core Animation; methods do):
    /// logged, and given to `connection.errorHandler` on the delegate queue as `.refusedValue` naming the layer,
    /// the key path, the value and why.
    func reportRefused(_ value: AnimationValue, forKey keyPath: String, _ error: AnimKitError) {
        let reported: AnimKitError
        if case .invalid(let reason) = error {
            reported = .refusedValue(layer: id, keyPath: keyPath, value: value, reason: reason)
        } else {
            reported = error
        }
        deliverRefusal(reported)
    }

    /// A setter's refusal with no single `AnimationValue` to name (a foreign `mask`, bad `emitterCells`): logged
    /// and given to `errorHandler` as its error, by the same rule.
    func reportRefused(forKey keyPath: String, _ error: AnimKitError) {
        log.error("\(id).\(keyPath) refused: \(error)")
        if let handler = connection.errorHandler { connection.deliver { handler(error) } }
    }

    private func deliverRefusal(_ reported: AnimKitError) {
        log.error("\(reported)")
        if let handler = connection.errorHandler { connection.deliver { handler(reported) } }
    }
}
