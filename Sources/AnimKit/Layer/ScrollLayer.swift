import AnimCore

/// CAScrollLayer: shows the part of its sublayers its bounds origin scrolls to.
open class ScrollLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .scroll }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// CAScrollLayer `scroll(to:)`: moves `bounds.origin` to `p`, along the axes `scrollMode` allows.
    public func scroll(to p: Point) {
        scrollPoint(p)
    }

    /// CAScrollLayer `scroll(to:)` with a rectangle: scrolls by the least amount that shows `r` (in this
    /// layer's coordinates), along the axes `scrollMode` allows.
    public func scroll(to r: Rect) {
        scrollRectToVisible(r)
    }
}

extension Layer {
    /// CALayer `scroll(_:)`: scrolls the nearest scroll layer at or above this one so that `p`, in this layer's
    /// coordinates, lies at its bounds' origin, as its `scrollMode` allows (docs/core-animation-rules.md#special-layer-classes).
    /// Does nothing without a scroll layer above. The change is the scroll layer's `bounds`, in the current
    /// transaction, with its action.
    public func scrollPoint(_ p: Point) {
        scrollNearest { (tree: inout LayerTree) throws(AnimCoreError) in try tree.scroll(id, to: p) }
    }

    /// CALayer `scrollRectToVisible(_:)`: scrolls the nearest scroll layer at or above this one by the least
    /// amount that shows `r` (this layer's coordinates), as its `scrollMode` allows; nothing without one.
    public func scrollRectToVisible(_ r: Rect) {
        scrollNearest { (tree: inout LayerTree) throws(AnimCoreError) in try tree.scrollRectToVisible(r, in: id) }
    }

    /// The layer's part its scroll layer does not clip, in its coordinates (CALayer `visibleRect`).
    public var visibleRect: Rect? {
        connection.state.withLock { s in (try? s.tree.visibleRect(of: id)) ?? nil }
    }

    /// Runs `scroll` on a copy of the model tree and sets the scroll layer's new bounds through its accessor, so
    /// the change is committed (and animated) as setting `bounds` would be.
    private func scrollNearest(_ scroll: (inout LayerTree) throws(AnimCoreError) -> Void) {
        let change = connection.state.withLock { s -> (Layer, Rect)? in
            guard let scroller = (try? s.tree.scrollLayer(for: id)) ?? nil, let object = s.object(scroller) else {
                return nil
            }
            var tree = s.tree
            do { try scroll(&tree) } catch { return nil }
            guard let bounds = try? tree.state(of: scroller).bounds else { return nil }
            return (object, bounds)
        }
        guard let (scroller, bounds) = change, scroller.bounds != bounds else { return }
        scroller.bounds = bounds
    }
}
