/// Arc-length measurements of one path, built once and queried many times (keyframe animation along a path,
/// `rotationMode`, `strokeStart`/`strokeEnd`).
///
/// Building flattens every curve into pieces within `tolerance` of their chords and measures each piece by
/// Gauss–Legendre quadrature of the curve's speed, so lengths do not suffer from the polyline's shortcut.
/// A query binary-searches the cumulative lengths, finds the curve parameter inside the piece (a linear guess,
/// then Newton steps on the piece's arc length) and evaluates the curve itself, so positions lie on the curve.
/// Queries do not allocate.
///
/// Distances are measured along drawn segments only: the jump of a move-to adds nothing. Distances outside
/// [0, length] (and NaN, read as 0) clamp.
public struct PathMeasure: Sendable {
    struct Segment: Sendable {
        var curve: BezierSegment
        var startDistance: Double
        var endDistance: Double
        /// Indices of the segment's t = 0 and t = 1 samples.
        var firstSample: Int
        var lastSample: Int
        var isClose: Bool
    }

    struct Sample: Sendable {
        var distance: Double
        var t: Double
        var segment: Int
    }

    struct Subpath: Sendable {
        var segments: Range<Int>
        var startDistance: Double
        var endDistance: Double
    }

    /// The total length of all drawn segments.
    public let length: Double
    /// The cumulative length at the end of each element other than move-to, in element order: one entry per
    /// `BezierPath.keyframePoints` entry, for paced keyframe-path animation
    /// (docs/core-animation-rules.md#keyframe-paths-and-rotationmode).
    public let elementEndDistances: [Double]
    /// The flattening tolerance the measure was built with.
    public let tolerance: Double

    let segments: [Segment]
    let samples: [Sample]
    let subpaths: [Subpath]
    /// Where a path with no drawn segment "is": its first point, or `.zero` for an empty path.
    let restingPoint: Point

    /// Measures `path`. `tolerance` bounds how far a flattened piece may stray from the curve (so it sets the
    /// sample density, not the accuracy of lengths); values below 1e-6, and NaN, are replaced by 1e-6 and 0.05.
    public init(_ path: BezierPath, tolerance: Double = 0.05) {
        let tolerance = tolerance.isNaN ? 0.05 : max(tolerance, 1e-6)
        var segments: [Segment] = []
        var samples: [Sample] = []
        var subpaths: [Subpath] = []
        var elementEnds: [Double] = []
        elementEnds.reserveCapacity(path.elements.count)
        var distance = 0.0
        var firstPoint: Point?
        var subpathFirstSegment = 0
        var subpathStartDistance = 0.0

        func finishSubpath() {
            if segments.count > subpathFirstSegment {
                subpaths.append(
                    Subpath(
                        segments: subpathFirstSegment..<segments.count, startDistance: subpathStartDistance,
                        endDistance: distance))
            }
            subpathFirstSegment = segments.count
            subpathStartDistance = distance
        }

        var walker = PathWalker(path)
        while let step = walker.next() {
            switch step {
            case .moveTo(let p, let element):
                if firstPoint == nil { firstPoint = p }
                finishSubpath()
                // A segment element with no current point only moves, but it still ends a keyframe.
                if let element {
                    switch path.elements[element] {
                    case .move: break
                    default: elementEnds.append(distance)
                    }
                }
            case .segment(let curve, _, let isClose):
                let index = segments.count
                let startDistance = distance
                let firstSample = samples.count
                curve.forEachFlatPiece(tolerance: tolerance) { _, t0, t1 in
                    if t0 == 0 { samples.append(Sample(distance: distance, t: 0, segment: index)) }
                    distance += curve.arcLength(from: t0, to: t1)
                    samples.append(Sample(distance: distance, t: t1, segment: index))
                }
                segments.append(
                    Segment(
                        curve: curve, startDistance: startDistance, endDistance: distance,
                        firstSample: firstSample, lastSample: samples.count - 1, isClose: isClose))
                elementEnds.append(distance)
            case .nothing:
                elementEnds.append(distance)
            }
        }
        finishSubpath()

        self.length = distance
        self.tolerance = tolerance
        self.elementEndDistances = elementEnds
        self.segments = segments
        self.samples = samples
        self.subpaths = subpaths
        self.restingPoint = firstPoint ?? .zero
    }

    // MARK: Queries

    /// The point at arc length `d` from the start. `.zero` for an empty path; the first point for a path that
    /// draws nothing.
    public func position(atDistance d: Double) -> Point {
        guard let (segment, t) = locate(clamped(d), in: 0..<samples.count) else { return restingPoint }
        return segments[segment].curve.point(at: t)
    }

    /// The point at `f · length` (f clamped to [0, 1]).
    public func position(atFraction f: Double) -> Point {
        position(atDistance: fractionToDistance(f))
    }

    /// The direction of travel at arc length `d`, in radians: `atan2(dy, dx)` of the tangent. At a corner it is
    /// the outgoing direction, at the very end the incoming one; degenerate pieces borrow the direction of their
    /// neighbours. 0 for a path that draws nothing.
    public func tangentAngle(atDistance d: Double) -> Double {
        guard let (segment, t) = locate(clamped(d), in: 0..<samples.count) else { return 0 }
        let v = direction(segment: segment, t: t)
        return atan2(v.y, v.x)
    }

    /// The tangent angle at `f · length` (f clamped to [0, 1]).
    public func tangentAngle(atFraction f: Double) -> Double {
        tangentAngle(atDistance: fractionToDistance(f))
    }

    // MARK: Trimming

    /// The part of the path between the fractions `start` and `end` of its length (`strokeStart`/`strokeEnd`,
    /// docs/core-animation-rules.md#special-layer-classes), across subpaths. Curves are cut exactly with de Casteljau
    /// at the parameters of those distances; every piece begins with a move-to. A subpath that lies wholly inside keeps
    /// its elements, `close` included; a cut `close` becomes a line. Bounds are clamped to [0, 1]; `start ≥ end`, or a
    /// NaN bound, gives an empty path.
    public func trimmed(from start: Double, to end: Double) -> BezierPath {
        let s = min(max(start, 0), 1) * length
        let e = min(max(end, 0), 1) * length
        guard s < e else { return BezierPath() }
        var out: [PathElement] = []
        for subpath in subpaths {
            let a = subpath.startDistance, b = subpath.endDistance
            if b <= s || a >= e { continue }
            if s <= a && b <= e {
                out.append(.move(segments[subpath.segments.lowerBound].curve.start))
                for segment in segments[subpath.segments] {
                    out.append(segment.isClose ? .close : segment.curve.element)
                }
                continue
            }
            var needsMove = true
            for index in subpath.segments {
                let segment = segments[index]
                let d0 = segment.startDistance, d1 = segment.endDistance
                if d1 <= s || d0 >= e { continue }
                let t0 = d0 >= s ? 0 : parameter(atDistance: s, inSegment: index)
                let t1 = d1 <= e ? 1 : parameter(atDistance: e, inSegment: index)
                let piece = segment.curve.subsegment(from: t0, to: t1)
                if needsMove {
                    out.append(.move(piece.start))
                    needsMove = false
                }
                out.append(piece.element)
            }
        }
        return BezierPath(elements: out)
    }

    // MARK: Internals

    private func clamped(_ d: Double) -> Double {
        d.isNaN ? 0 : min(max(d, 0), length)
    }

    private func fractionToDistance(_ f: Double) -> Double {
        f.isNaN ? 0 : min(max(f, 0), 1) * length
    }

    /// The curve parameter at distance `d` inside one segment.
    func parameter(atDistance d: Double, inSegment index: Int) -> Double {
        let segment = segments[index]
        return locate(d, in: segment.firstSample..<(segment.lastSample + 1))?.t ?? 0
    }

    /// The segment and curve parameter at distance `d`, searching `range` of the samples. At a boundary between
    /// segments it picks the later one, so a corner reports its outgoing side.
    private func locate(_ d: Double, in range: Range<Int>) -> (segment: Int, t: Double)? {
        guard !range.isEmpty else { return nil }
        // First sample beyond d.
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if samples[mid].distance <= d {
                lo = mid + 1
            } else {
                hi = mid
            }
        }
        if lo == range.upperBound {
            let last = samples[lo - 1]
            return (last.segment, last.t)
        }
        if lo == range.lowerBound {
            let first = samples[lo]
            return (first.segment, first.t)
        }
        let a = samples[lo - 1], b = samples[lo]
        guard a.segment == b.segment else { return (a.segment, a.t) }
        let span = b.distance - a.distance
        let f = span > 0 ? (d - a.distance) / span : 0
        let guess = a.t + (b.t - a.t) * f
        return (a.segment, refineParameter(guess, toDistance: d, from: a, to: b))
    }

    /// Newton steps on the arc length inside one flat piece: the piece is nearly straight, but the curve's
    /// speed can still vary along it, so the linear guess alone can be off by a fraction of the piece.
    private func refineParameter(_ guess: Double, toDistance d: Double, from a: Sample, to b: Sample) -> Double {
        let curve = segments[a.segment].curve
        guard curve.kind != .line, b.t > a.t else { return guess }
        let goal = d - a.distance
        let accuracy = 1e-12 * max(1, b.distance)
        var t = guess
        for _ in 0..<4 {
            let error = curve.arcLength(from: a.t, to: t) - goal
            if abs(error) <= accuracy { break }
            let speed = curve.derivative(at: t).distance(to: .zero)
            guard speed > 0 else { break }
            t = min(max(t - error / speed, a.t), b.t)
        }
        return t
    }

    private func direction(segment index: Int, t: Double) -> Point {
        let v = segments[index].curve.direction(at: t)
        if v.x != 0 || v.y != 0 { return v }
        for earlier in stride(from: index - 1, through: 0, by: -1) {
            let w = segments[earlier].curve.direction(at: 1)
            if w.x != 0 || w.y != 0 { return w }
        }
        for later in (index + 1)..<max(index + 1, segments.count) {
            let w = segments[later].curve.direction(at: 0)
            if w.x != 0 || w.y != 0 { return w }
        }
        return v
    }
}

extension BezierPath {
    /// The part of the path between the fractions `start` and `end` of its length, for `strokeStart` and
    /// `strokeEnd`; see `PathMeasure.trimmed(from:to:)`. The full range returns the path unchanged.
    public func trimmed(from start: Double, to end: Double) -> BezierPath {
        if start <= 0 && end >= 1 { return self }
        return PathMeasure(self).trimmed(from: start, to: end)
    }
}
