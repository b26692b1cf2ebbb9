import AnimCore

/// Coordinates, time and hit testing, answered from the local model tree (no round trip). A nil layer
/// means the root space (or absolute time); a conversion with no answer (a singular transform, a point
/// behind the eye, a layer of another connection) is nil.
extension Layer {
    public func convert(_ p: Point, from layer: Layer?) -> Point? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { $0.tree.convert(p, from: other, to: id) }
    }

    public func convert(_ p: Point, to layer: Layer?) -> Point? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { $0.tree.convert(p, from: id, to: other) }
    }

    public func convert(_ r: Rect, from layer: Layer?) -> Rect? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { $0.tree.convert(r, from: other, to: id) }
    }

    public func convert(_ r: Rect, to layer: Layer?) -> Rect? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { $0.tree.convert(r, from: id, to: other) }
    }

    /// Time `t` of `layer` (absolute time when nil) in this layer's local time.
    public func convertTime(_ t: Double, from layer: Layer?) -> Double? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { s in (try? s.tree.convertTime(t, from: other, to: id)) ?? nil }
    }

    /// This layer's local time `t` in the time of `layer` (absolute time when nil).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double? {
        guard let other = sameConnectionID(layer) else { return nil }
        return connection.state.withLock { s in (try? s.tree.convertTime(t, from: id, to: other)) ?? nil }
    }

    /// The deepest layer of this subtree (itself included) containing `p`, given in the superlayer's
    /// coordinates, by the model values.
    public func hitTest(_ p: Point) -> Layer? {
        connection.state.withLock { s in s.tree.hitTest(p, in: id).flatMap { s.object($0) } }
    }

    /// Whether `p`, in this layer's coordinates, is inside its bounds (and its rounded corners when it
    /// masks to bounds).
    public func contains(_ p: Point) -> Bool {
        connection.state.withLock { $0.tree.contains(p, in: id) }
    }

    /// `.some(nil)` for the root space, `.some(id)` for a layer of this connection, nil for another's.
    private func sameConnectionID(_ layer: Layer?) -> LayerID?? {
        guard let layer else { return .some(nil) }
        return layer.connection === connection ? .some(layer.id) : nil
    }
}
