extension BezierPath {
    /// The tight bounding box (`CGPath.boundingBoxOfPath`): every on-path point, move-to points included, and the
    /// turning points of curves, but not control points. `.zero` for an empty path (Core Graphics returns the
    /// null rect there).
    public var boundingBox: Rect {
        var box = BoundsAccumulator()
        var walker = PathWalker(self)
        while let step = walker.next() {
            switch step {
            case .moveTo(let p, _):
                box.add(p)
            case .segment(let segment, _, _):
                box.add(segment.end)
                segment.forEachExtremum { t in box.add(segment.point(at: t)) }
            case .nothing:
                break
            }
        }
        return box.rect
    }
}

/// The smallest rectangle around the points added so far.
struct BoundsAccumulator {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: Rect {
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
