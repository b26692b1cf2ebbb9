extension BezierPath {
    /// True when `p` is inside the filled path (`CGPath.contains(_:using:)`), every subpath closed as for
    /// filling. The winding number counts signed crossings of the ray from `p` toward +x; curves are crossed
    /// exactly up to 1e-9, by halving only the pieces that straddle the ray. A point exactly on an edge may fall
    /// either way.
    public func contains(_ p: Point, fillRule: FillRule = .nonZero) -> Bool {
        guard p.isFinite else { return false }
        var winding = 0
        var subpathStart: Point?
        var current: Point?
        var walker = PathWalker(self)
        while let step = walker.next() {
            switch step {
            case .moveTo(let point, _):
                // Filling closes the previous subpath implicitly.
                if let start = subpathStart, let last = current {
                    winding += lineWinding(last, start, p)
                }
                subpathStart = point
                current = point
            case .segment(let segment, _, _):
                winding += segment.winding(around: p, depth: 0)
                current = segment.end
            case .nothing:
                break
            }
        }
        if let start = subpathStart, let last = current {
            winding += lineWinding(last, start, p)
        }
        switch fillRule {
        case .nonZero: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }
}

extension BezierSegment {
    /// The signed number of times the segment crosses the ray from `p` toward +x.
    fileprivate func winding(around p: Point, depth: Int) -> Int {
        if kind == .line { return lineWinding(p0, p1, p) }
        var minX = min(p0.x, p1.x, p2.x), maxX = max(p0.x, p1.x, p2.x)
        var minY = min(p0.y, p1.y, p2.y), maxY = max(p0.y, p1.y, p2.y)
        if kind == .cubic {
            minX = min(minX, p3.x)
            maxX = max(maxX, p3.x)
            minY = min(minY, p3.y)
            maxY = max(maxY, p3.y)
        }
        // The half-open rule in lineWinding counts nothing for a piece entirely on one side of the ray's line.
        if maxY <= p.y || minY > p.y || maxX < p.x { return 0 }
        // Entirely right of p: the curve and its chord cross the ray the same number of times.
        if minX > p.x || depth >= 48 || !(flatness > 1e-9) {
            return lineWinding(p0, end, p)
        }
        let (left, right) = split(at: 0.5)
        return left.winding(around: p, depth: depth + 1) + right.winding(around: p, depth: depth + 1)
    }
}

/// The signed crossing of the ray from `p` toward +x by the segment `a → b`, with a half-open rule on y so that
/// a vertex on the ray is counted once.
func lineWinding(_ a: Point, _ b: Point, _ p: Point) -> Int {
    let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    if a.y <= p.y {
        if b.y > p.y && side > 0 { return 1 }
    } else if b.y <= p.y && side < 0 {
        return -1
    }
    return 0
}
