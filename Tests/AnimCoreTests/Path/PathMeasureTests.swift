import Testing

@testable import AnimCore

@Suite("PathMeasure")
struct PathMeasureTests {
    static let rectangle = BezierPath.rect(Rect(x: 0, y: 0, width: 100, height: 50))

    @Test func circleLength() {
        let circle = BezierPath.ellipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
        let length = PathMeasure(circle).length
        #expect(abs(length - 200 * .pi) / (200 * .pi) <= 1e-3)
        // The four-cubic circle bulges out by 0 to 2.7e-4·r, 1.4e-4·r on average, and is that much longer.
        let excess = (length - 200 * .pi) / (200 * .pi)
        #expect(excess > 1.3e-4 && excess < 1.5e-4)
        // Against a sum of 400 000 chords of the same cubics, the measure is exact to 1e-9.
        var reference = 0.0
        var walker = PathWalker(circle)
        while let step = walker.next() {
            guard case .segment(let curve, _, _) = step else { continue }
            let n = 100_000
            for i in 0..<n {
                reference += curve.point(at: Double(i) / Double(n)).distance(
                    to: curve.point(at: Double(i + 1) / Double(n)))
            }
        }
        #expect(abs(length - reference) / reference <= 1e-9)
    }

    @Test func lengthMatchesFineChordSum() {
        let curve = BezierSegment.cubic(
            Point(x: 0, y: 0), Point(x: 200, y: 300), Point(x: -50, y: 80), Point(x: 120, y: -40))
        var reference = 0.0
        let n = 200_000
        for i in 0..<n {
            reference += curve.point(at: Double(i) / Double(n)).distance(to: curve.point(at: Double(i + 1) / Double(n)))
        }
        let path = BezierPath(elements: [
            .move(curve.p0), .cubic(control1: curve.p1, control2: curve.p2, to: curve.p3),
        ])
        #expect(abs(PathMeasure(path).length - reference) / reference <= 1e-7)
        // A coarse tolerance still measures accurately: only the sample density changes.
        #expect(abs(PathMeasure(path, tolerance: 5).length - reference) / reference <= 1e-5)
    }

    @Test func quarterCircleMidpoint() {
        var arc = BezierPath()
        arc.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let measure = PathMeasure(arc)
        let half = 100 * 0.5.squareRoot()
        #expect(GeometryApprox.equal(measure.position(atFraction: 0.5), Point(x: half, y: half), 1e-3))
        #expect(GeometryApprox.equal(measure.position(atDistance: measure.length / 2), Point(x: half, y: half), 1e-9))
        // Moving along +y at the end of the quarter turn toward increasing angles: heading −x.
        #expect(GeometryApprox.equal(measure.tangentAngle(atFraction: 1), .pi, 1e-9))
        #expect(GeometryApprox.equal(measure.tangentAngle(atFraction: 0.5), 3 * .pi / 4, 1e-6))
    }

    @Test func positionsAndTangentsAlongARectangle() {
        let measure = PathMeasure(Self.rectangle)
        #expect(measure.length == 300)
        #expect(measure.position(atDistance: 0) == .zero)
        #expect(measure.position(atDistance: 50) == Point(x: 50, y: 0))
        #expect(measure.position(atDistance: 150) == Point(x: 100, y: 50))
        #expect(measure.position(atDistance: 175) == Point(x: 75, y: 50))
        #expect(measure.position(atDistance: 275) == Point(x: 0, y: 25))
        #expect(measure.tangentAngle(atDistance: 20) == 0)
        #expect(measure.tangentAngle(atDistance: 120) == .pi / 2)
        // A corner reports the outgoing side; the very end the incoming one (the close, heading −y).
        #expect(measure.tangentAngle(atDistance: 100) == .pi / 2)
        #expect(measure.tangentAngle(atDistance: 300) == -.pi / 2)
        #expect(measure.position(atFraction: 0.5) == Point(x: 100, y: 50))
    }

    @Test func distancesClamp() {
        let measure = PathMeasure(Self.rectangle)
        #expect(measure.position(atDistance: -5) == .zero)
        #expect(measure.position(atDistance: 1e9) == .zero)  // back at the start after the close
        #expect(measure.position(atDistance: .nan) == .zero)
        #expect(measure.position(atFraction: 2) == .zero)
        let line = PathMeasure(BezierPath(elements: [.move(.zero), .line(Point(x: 3, y: 4))]))
        #expect(line.length == 5)
        #expect(line.position(atDistance: 2.5) == Point(x: 1.5, y: 2))
        #expect(line.position(atDistance: 99) == Point(x: 3, y: 4))
        #expect(line.position(atFraction: -1) == .zero)
        #expect(line.tangentAngle(atDistance: 1) == atan2(4, 3))
    }

    @Test func emptyAndPointOnlyPaths() {
        let empty = PathMeasure(BezierPath())
        #expect(empty.length == 0)
        #expect(empty.position(atDistance: 3) == .zero)
        #expect(empty.tangentAngle(atDistance: 3) == 0)
        #expect(empty.elementEndDistances.isEmpty)
        let dot = PathMeasure(BezierPath(elements: [.move(Point(x: 4, y: 5))]))
        #expect(dot.length == 0)
        #expect(dot.position(atFraction: 0.5) == Point(x: 4, y: 5))
    }

    @Test func elementEndDistancesMatchKeyframes() {
        let measure = PathMeasure(Self.rectangle)
        #expect(measure.elementEndDistances == [100, 150, 250, 300])
        #expect(measure.elementEndDistances.count == Self.rectangle.keyframePoints.count)

        let path = BezierPath(elements: [
            .line(Point(x: 1, y: 1)),  // no current point: moves, but still a keyframe
            .line(Point(x: 4, y: 5)), .close, .close, .move(Point(x: 10, y: 10)), .line(Point(x: 10, y: 20)),
        ])
        let m = PathMeasure(path)
        #expect(m.elementEndDistances == [0, 5, 10, 10, 20])
        #expect(m.elementEndDistances.count == path.keyframePoints.count)
    }

    @Test func subpathJumpsAddNoLength() {
        let path = BezierPath(elements: [
            .move(.zero), .line(Point(x: 10, y: 0)), .move(Point(x: 100, y: 100)), .line(Point(x: 100, y: 110)),
        ])
        let measure = PathMeasure(path)
        #expect(measure.length == 20)
        #expect(measure.position(atDistance: 15) == Point(x: 100, y: 105))
        // Exactly at the jump: the start of the next subpath.
        #expect(measure.position(atDistance: 10) == Point(x: 100, y: 100))
    }

    @Test func tangentWhereTheDerivativeVanishes() {
        // The first control point sits on the start: the direction comes from the second one.
        let path = BezierPath(elements: [
            .move(.zero), .cubic(control1: .zero, control2: Point(x: 0, y: 10), to: Point(x: 10, y: 10)),
        ])
        #expect(GeometryApprox.equal(PathMeasure(path).tangentAngle(atDistance: 0), .pi / 2, 1e-12))
        // A zero-length segment borrows its neighbour's direction.
        let stub = BezierPath(elements: [.move(.zero), .line(Point(x: 0, y: 10)), .line(Point(x: 0, y: 10))])
        #expect(PathMeasure(stub).tangentAngle(atFraction: 1) == .pi / 2)
    }
}
