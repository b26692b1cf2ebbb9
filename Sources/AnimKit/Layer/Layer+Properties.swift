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
