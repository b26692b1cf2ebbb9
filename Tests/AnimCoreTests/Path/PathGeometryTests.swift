import Testing

@testable import AnimCore

@Suite("BezierPath bounds, flattening and containment")
struct PathGeometryTests {
    @Test func boundingBoxUsesCurveExtremaNotControlPoints() {
        let quad = BezierPath(elements: [.move(.zero), .quad(control: Point(x: 50, y: 100), to: Point(x: 100, y: 0))])
        #expect(quad.boundingBox == Rect(x: 0, y: 0, width: 100, height: 50))

        let cubic = BezierPath(elements: [
            .move(.zero),
            .cubic(control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100), to: Point(x: 100, y: 0)),
        ])
        #expect(cubic.boundingBox == Rect(x: 0, y: 0, width: 100, height: 75))

        // An S-curve turning in x on both sides.
        let s = BezierPath(elements: [
            .move(.zero),
            .cubic(control1: Point(x: 30, y: 0), control2: Point(x: -30, y: 10), to: Point(x: 0, y: 10)),
        ])
        let box = s.boundingBox
        // x(t) = 90t − 270t² + 180t³ peaks at t = (3 − √3)/6.
        let t = (3 - 3.0.squareRoot()) / 6
        let peak = 90 * t - 270 * t * t + 180 * t * t * t
        #expect(GeometryApprox.equal(box.maxX, peak, 1e-12))
        #expect(GeometryApprox.equal(box.minX, -peak, 1e-12))
    }

    @Test func boundingBoxOfEllipseAndEdgeCases() {
        let r = Rect(x: 10, y: 20, width: 60, height: 30)
        let box = BezierPath.ellipse(in: r).boundingBox
        #expect(GeometryApprox.equal(box.origin, r.origin, 1e-12))
        #expect(GeometryApprox.equal(box.width, 60, 1e-12) && GeometryApprox.equal(box.height, 30, 1e-12))
        #expect(BezierPath().boundingBox == .zero)
        // Move-to points count.
        let moves = BezierPath(elements: [.move(Point(x: 5, y: 5)), .move(Point(x: 7, y: 9))])
        #expect(moves.boundingBox == Rect(x: 5, y: 5, width: 2, height: 4))
    }

    @Test func flattenedCircleStaysWithinTolerance() throws {
        let tolerance = 0.1
        let path = BezierPath.ellipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
        let subpaths = path.flattened(tolerance: tolerance)
        #expect(subpaths.count == 1)
        let ring = try #require(subpaths.first)
        #expect(ring.isClosed)
        #expect(ring.points.first == Point(x: 100, y: 0))
        // The cubic circle is within 0.028 of the true one, so chords are within tolerance + 0.028 of it.
        let count = ring.points.count
        for i in 0..<count {
            let p = ring.points[i], q = ring.points[(i + 1) % count]
            let mid = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            let radius = (mid.x * mid.x + mid.y * mid.y).squareRoot()
            #expect(radius >= 100 - tolerance - 0.028 && radius <= 100 + 0.028)
        }
        // Finer tolerance, more points.
        #expect(path.flattened(tolerance: 0.01)[0].points.count > count)
    }

    @Test func flattenedKeepsLinesAndSplitsSubpaths() {
        let path = BezierPath(elements: [
            .move(.zero), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 10)),
            .move(Point(x: 50, y: 50)),  // a lone move-to: dropped
            .move(Point(x: 20, y: 20)), .line(Point(x: 30, y: 20)), .close,
            .line(Point(x: 20, y: 40)),  // after close: a new subpath from (20, 20)
        ])
        #expect(
            path.flattened() == [
                FlattenedSubpath(points: [.zero, Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: false),
                FlattenedSubpath(points: [Point(x: 20, y: 20), Point(x: 30, y: 20)], isClosed: true),
                FlattenedSubpath(points: [Point(x: 20, y: 20), Point(x: 20, y: 40)], isClosed: false),
            ])
        #expect(BezierPath().flattened().isEmpty)
    }

    @Test func flattenedNonFiniteCurveTerminates() {
        let path = BezierPath(elements: [
            .move(.zero), .cubic(control1: Point(x: .nan, y: 0), control2: .zero, to: Point(x: 1, y: 1)),
        ])
        #expect(path.flattened()[0].points.count == 2)
    }

    @Test func containsWithBothFillRules() {
        var path = BezierPath.rect(Rect(x: 0, y: 0, width: 100, height: 100))
        path.elements += BezierPath.rect(Rect(x: 25, y: 25, width: 50, height: 50)).elements
        // Same direction: winding 2 in the middle.
        #expect(path.contains(Point(x: 50, y: 50), fillRule: .nonZero))
        #expect(!path.contains(Point(x: 50, y: 50), fillRule: .evenOdd))
        #expect(path.contains(Point(x: 10, y: 10), fillRule: .evenOdd))
        #expect(!path.contains(Point(x: 150, y: 50)))

        // The inner square reversed: a hole under both rules.
        var holed = BezierPath.rect(Rect(x: 0, y: 0, width: 100, height: 100))
        holed.elements += [
            .move(Point(x: 25, y: 25)), .line(Point(x: 25, y: 75)), .line(Point(x: 75, y: 75)),
            .line(Point(x: 75, y: 25)), .close,
        ]
        #expect(!holed.contains(Point(x: 50, y: 50), fillRule: .nonZero))
        #expect(holed.contains(Point(x: 10, y: 50), fillRule: .nonZero))
    }

    @Test func containsFollowsCurvesExactly() {
        let circle = BezierPath.ellipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
        for angle in stride(from: 0.0, to: 2 * .pi, by: 0.1) {
            let inside = Point(x: 99.9 * cos(angle), y: 99.9 * sin(angle))
            let outside = Point(x: 100.1 * cos(angle), y: 100.1 * sin(angle))
            #expect(circle.contains(inside), "angle \(angle)")
            #expect(!circle.contains(outside), "angle \(angle)")
        }
        // A quadratic bulge: inside just under the curve's peak (y = 50 at x = 50), outside just above it.
        let bulge = BezierPath(elements: [
            .move(.zero), .quad(control: Point(x: 50, y: 100), to: Point(x: 100, y: 0)), .close,
        ])
        #expect(bulge.contains(Point(x: 50, y: 49.999)))
        #expect(!bulge.contains(Point(x: 50, y: 50.001)))
    }

    @Test func containsClosesOpenSubpathsAndRejectsNaN() {
        let triangle = BezierPath(elements: [.move(.zero), .line(Point(x: 100, y: 0)), .line(Point(x: 0, y: 100))])
        #expect(triangle.contains(Point(x: 20, y: 20)))
        #expect(!triangle.contains(Point(x: 80, y: 80)))
        #expect(!triangle.contains(Point(x: .nan, y: 10)))
        #expect(!BezierPath().contains(.zero))
    }
}
