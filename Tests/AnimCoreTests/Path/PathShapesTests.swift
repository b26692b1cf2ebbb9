import Testing

@testable import AnimCore

@Suite("BezierPath shapes and arcs")
struct PathShapesTests {
    /// The end points of the curve elements.
    static func curveEnds(_ path: BezierPath) -> [Point] {
        path.elements.compactMap {
            if case .cubic(_, _, let p) = $0 { return p }
            return nil
        }
    }

    @Test func rectRunsAlongXThenY() {
        let path = BezierPath.rect(Rect(x: 10, y: 20, width: -10, height: 5))
        #expect(
            path.elements == [
                .move(Point(x: 0, y: 20)), .line(Point(x: 10, y: 20)), .line(Point(x: 10, y: 25)),
                .line(Point(x: 0, y: 25)), .close,
            ])
    }

    @Test func ellipseIsFourQuarterArcs() {
        let path = BezierPath.ellipse(in: Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(path.elements.count == 6)
        #expect(path.elements.first == .move(Point(x: 200, y: 50)))
        #expect(
            Self.curveEnds(path) == [
                Point(x: 100, y: 100), Point(x: 0, y: 50), Point(x: 100, y: 0), Point(x: 200, y: 50),
            ])
        #expect(path.elements.last == .close)
    }

    @Test func circleFromEllipseStaysOnTheCircle() {
        let path = BezierPath.ellipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
        // The standard handle puts each arc's midpoint exactly on the circle; the worst radial error elsewhere
        // is 2.7e-4·r.
        let measure = PathMeasure(path)
        for i in 0..<400 {
            let p = measure.position(atFraction: Double(i) / 400)
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 100) <= 0.028)
        }
    }

    @Test func roundedRectClampsTheRadius() {
        let path = BezierPath.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 100)
        // Radius 10 = half the height: the vertical edges vanish.
        #expect(
            path.elements == [
                .move(Point(x: 10, y: 0)), .line(Point(x: 30, y: 0)),
                .cubic(
                    control1: Point(x: 30 + 10 * quarterArcHandle, y: 0),
                    control2: Point(x: 40, y: 10 - 10 * quarterArcHandle), to: Point(x: 40, y: 10)),
                .cubic(
                    control1: Point(x: 40, y: 10 + 10 * quarterArcHandle),
                    control2: Point(x: 30 + 10 * quarterArcHandle, y: 20), to: Point(x: 30, y: 20)),
                .line(Point(x: 10, y: 20)),
                .cubic(
                    control1: Point(x: 10 - 10 * quarterArcHandle, y: 20),
                    control2: Point(x: 0, y: 10 + 10 * quarterArcHandle), to: Point(x: 0, y: 10)),
                .cubic(
                    control1: Point(x: 0, y: 10 - 10 * quarterArcHandle),
                    control2: Point(x: 10 - 10 * quarterArcHandle, y: 0), to: Point(x: 10, y: 0)),
                .close,
            ])
    }

    @Test func roundedRectRoundsOnlyMaskedCorners() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        let topLeft = BezierPath.roundedRect(r, cornerRadius: 10, maskedCorners: .minXMinY)
        #expect(Self.curveEnds(topLeft) == [Point(x: 10, y: 0)])
        #expect(topLeft.contains(Point(x: 99.5, y: 0.5)))
        #expect(!topLeft.contains(Point(x: 0.5, y: 0.5)))

        let bottomRight = BezierPath.roundedRect(r, cornerRadius: 10, maskedCorners: .maxXMaxY)
        #expect(Self.curveEnds(bottomRight) == [Point(x: 90, y: 50)])
        #expect(!bottomRight.contains(Point(x: 99.5, y: 49.5)))
        #expect(bottomRight.contains(Point(x: 0.5, y: 49.5)))

        let all = BezierPath.roundedRect(r, cornerRadius: 10)
        #expect(Self.curveEnds(all).count == 4)
        let box = all.boundingBox
        #expect(GeometryApprox.equal(box.origin, r.origin, 1e-12))
        #expect(GeometryApprox.equal(Point(x: box.maxX, y: box.maxY), Point(x: r.maxX, y: r.maxY), 1e-12))
    }

    @Test func roundedRectWithoutRadiusIsTheRect() {
        let r = Rect(x: 1, y: 2, width: 30, height: 40)
        #expect(BezierPath.roundedRect(r, cornerRadius: 0) == .rect(r))
        #expect(BezierPath.roundedRect(r, cornerRadius: 5, maskedCorners: []) == .rect(r))
        #expect(BezierPath.roundedRect(r, cornerRadius: -3) == .rect(r))
    }

    @Test func arcTowardIncreasingAngles() throws {
        var path = BezierPath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(path.elements.count == 2)
        #expect(path.elements.first == .move(Point(x: 10, y: 0)))
        let end = try #require(Self.curveEnds(path).last)
        #expect(GeometryApprox.equal(end, Point(x: 0, y: 10), 1e-14))
        let mid = PathMeasure(path).position(atFraction: 0.5)
        #expect(GeometryApprox.equal(mid, Point(x: 10 * 0.5.squareRoot(), y: 10 * 0.5.squareRoot()), 1e-12))
    }

    @Test func clockwiseArcTurnsTowardDecreasingAngles() {
        var path = BezierPath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // 0 → −π/2 → −π → −3π/2 ≡ π/2: three quarter arcs.
        let ends = Self.curveEnds(path)
        #expect(ends.count == 3)
        #expect(GeometryApprox.equal(ends[0], Point(x: 0, y: -10), 1e-14))
        #expect(GeometryApprox.equal(ends[1], Point(x: -10, y: 0), 1e-14))
        #expect(GeometryApprox.equal(ends[2], Point(x: 0, y: 10), 1e-14))
    }

    @Test func fullCircleAndLeadingLine() {
        var path = BezierPath()
        path.move(to: Point(x: -50, y: 0))
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 7, clockwise: false)
        #expect(path.elements[1] == .line(Point(x: 10, y: 0)))
        let ends = Self.curveEnds(path)
        #expect(ends.count == 4)
        #expect(GeometryApprox.equal(ends[3], Point(x: 10, y: 0), 1e-14))
        let expected = 60 + 20 * Double.pi
        #expect(abs(PathMeasure(path).length - expected) / expected <= 1e-3)
    }

    @Test func degenerateArcs() {
        var same = BezierPath()
        same.addArc(center: .zero, radius: 10, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(same.elements.count == 1)
        var flat = BezierPath()
        flat.addArc(center: Point(x: 3, y: 4), radius: 0, startAngle: 0, endAngle: 2, clockwise: false)
        #expect(flat.elements == [.move(Point(x: 3, y: 4))])
        var notANumber = BezierPath()
        notANumber.addArc(center: .zero, radius: 10, startAngle: .nan, endAngle: 1, clockwise: false)
        #expect(notANumber.elements.count == 1)
    }
}
