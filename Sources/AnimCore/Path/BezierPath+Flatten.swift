/// One subpath as a polyline (see `BezierPath.flattened(tolerance:)`).
public struct FlattenedSubpath: Hashable, Sendable {
    /// The vertices in order, starting at the subpath's first point. A closed subpath does not repeat its first
    /// point at the end unless the path itself draws a segment back to it before closing.
    public var points: [Point]
    /// True when the subpath ends with `close`: the polyline returns from its last point to its first.
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

/// Deepest halving of one curve: at most 2¹⁶ pieces, which also bounds the work on non-finite input.
let maxSubdivisionDepth = 16

extension BezierPath {
    /// The path as polylines, one per subpath that draws at least one segment (lone move-tos are dropped).
    ///
    /// Curves are halved (de Casteljau) until their control points lie within `tolerance` of the chord, so every
    /// point of the curve is within `tolerance` of the polyline. A tolerance below 1e-6 is raised to 1e-6, and a
    /// curve is cut into at most 65 536 pieces, which bounds the work for huge or non-finite coordinates.
    public func flattened(tolerance: Double = 0.1) -> [FlattenedSubpath] {
        let tolerance = max(tolerance, 1e-6)
        var result: [FlattenedSubpath] = []
        var points: [Point] = []
        var hasSegment = false
        var isClosed = false

        func finishSubpath() {
            if hasSegment { result.append(FlattenedSubpath(points: points, isClosed: isClosed)) }
            points.removeAll(keepingCapacity: true)
            hasSegment = false
            isClosed = false
        }

        var walker = PathWalker(self)
        while let step = walker.next() {
            switch step {
            case .moveTo(let p, _):
                finishSubpath()
                points.append(p)
            case .segment(let segment, _, let isClose):
                hasSegment = true
                if isClose {
                    isClosed = true
                } else {
                    segment.forEachFlatPiece(tolerance: tolerance) { piece, _, _ in points.append(piece.end) }
                }
            case .nothing:
                break
            }
        }
        finishSubpath()
        return result
    }
}

extension BezierSegment {
    /// Calls `body` with consecutive pieces of the segment, each within `tolerance` of its chord, with the
    /// parameter range `[t0, t1]` each piece covers. A line is one piece.
    func forEachFlatPiece(tolerance: Double, _ body: (BezierSegment, Double, Double) -> Void) {
        if kind == .line {
            body(self, 0, 1)
            return
        }
        subdivide(self, 0, 1, depth: 0, tolerance: tolerance, body)
    }

    private func subdivide(
        _ piece: BezierSegment, _ t0: Double, _ t1: Double, depth: Int, tolerance: Double,
        _ body: (BezierSegment, Double, Double) -> Void
    ) {
        // `!(x > tolerance)` also stops on NaN, so non-finite input cannot recurse to the depth limit.
        if depth >= maxSubdivisionDepth || !(piece.flatness > tolerance) {
            body(piece, t0, t1)
            return
        }
        let (left, right) = piece.split(at: 0.5)
        let mid = (t0 + t1) / 2
        subdivide(left, t0, mid, depth: depth + 1, tolerance: tolerance, body)
        subdivide(right, mid, t1, depth: depth + 1, tolerance: tolerance, body)
    }
}
