/// CAScrollLayer and the CALayer scrolling helpers (docs/core-animation-rules.md#special-layer-classes): `scroll(_:)`
/// and `scrollRectToVisible(_:)` act on the nearest scroll layer at or above a layer, and `visibleRect` is the part of
/// a layer that scroll layer does not clip.
extension LayerTree {
    /// The scroll layer that scrolls `id`: `id` itself when it is a CAScrollLayer, else its nearest
    /// ancestor that is; nil when there is none.
    public func scrollLayer(for id: LayerID) throws(AnimCoreError) -> LayerID? {
        try requireLayer(id)
        var current: LayerID? = id
        while let c = current {
            if nodes[c].state.layerClass == .scroll { return c }
            current = nodes[c].parent
        }
        return nil
    }

    /// Scrolls so that `p`, in the space of `id`, lies at the origin of the scroll layer's bounds, as far
    /// as its `scrollMode` allows (CALayer `scroll(_:)`; on a scroll layer itself, CAScrollLayer
    /// `scroll(to:)`). Changes the scroll layer's `bounds.origin` in the model.
    public mutating func scroll(_ id: LayerID, to p: Point) throws(AnimCoreError) {
        guard let scroller = try scrollLayer(for: id) else { throw .noScrollLayer(for: id) }
        guard let target = convert(p, from: id, to: scroller) else { throw .unconvertible(from: id, to: scroller) }
        try updateState(of: scroller) { $0.scrollBounds(to: target) }
    }

    /// Scrolls by the least amount that makes `r`, in the space of `id`, visible in the scroll layer, as
    /// far as its `scrollMode` allows (CALayer `scrollRectToVisible(_:)`, CAScrollLayer `scroll(to:)` with
    /// a rectangle).
    public mutating func scrollRectToVisible(_ r: Rect, in id: LayerID) throws(AnimCoreError) {
        guard let scroller = try scrollLayer(for: id) else { throw .noScrollLayer(for: id) }
        guard let target = convert(r, from: id, to: scroller) else { throw .unconvertible(from: id, to: scroller) }
        try updateState(of: scroller) { $0.scrollBounds(toVisible: target) }
    }

    /// The part of `id`'s bounds that its scroll layer does not clip, in `id`'s space (CALayer
    /// `visibleRect`): the bounds when no scroll layer is at or above it, nil when nothing of it is
    /// visible or the scroll layer's bounds cannot be converted into its space.
    public func visibleRect(of id: LayerID, using states: LayerStateSource = .model) throws(AnimCoreError) -> Rect? {
        try requireLayer(id)
        let bounds = states.state(of: id, in: nodes).bounds.standardized
        guard let scroller = try scrollLayer(for: id), scroller != id else { return bounds }
        let window = states.state(of: scroller, in: nodes).bounds
        guard let seen = convert(window, from: scroller, to: id, using: states) else { return nil }
        return bounds.intersection(seen)
    }
}

extension LayerState {
    /// The directions `scrollMode` lets a scroll layer move in; none for other classes.
    private var scrollAxes: (horizontal: Bool, vertical: Bool) {
        switch special.scroll?.scrollMode {
        case "both": (true, true)
        case "horizontally": (true, false)
        case "vertically": (false, true)
        default: (false, false)
        }
    }

    /// CAScrollLayer `scroll(to:)`: moves `bounds.origin` to `p` along the axes `scrollMode` allows.
    /// Does nothing on a layer that is not a scroll layer.
    public mutating func scrollBounds(to p: Point) {
        let axes = scrollAxes
        if axes.horizontal { bounds.origin.x = p.x }
        if axes.vertical { bounds.origin.y = p.y }
    }

    /// CAScrollLayer `scroll(to:)` with a rectangle: moves `bounds.origin` by the least amount that brings
    /// `r` (in this layer's space) inside the bounds, along the axes `scrollMode` allows. A rectangle
    /// larger than the bounds along an axis gets its minimum edge aligned with the bounds'.
    public mutating func scrollBounds(toVisible r: Rect) {
        let visible = bounds.standardized
        let target = r.standardized
        func shift(_ low: Double, _ high: Double, _ visibleLow: Double, _ visibleHigh: Double) -> Double {
            if low < visibleLow || high - low > visibleHigh - visibleLow { return low - visibleLow }
            if high > visibleHigh { return high - visibleHigh }
            return 0
        }
        let dx = shift(target.minX, target.maxX, visible.minX, visible.maxX)
        let dy = shift(target.minY, target.maxY, visible.minY, visible.maxY)
        scrollBounds(to: Point(x: bounds.origin.x + dx, y: bounds.origin.y + dy))
    }
}
