import Testing

@testable import AnimCore

@Suite("BezierPath trimming (strokeStart / strokeEnd)")
struct PathTrimTests {
    static let rectangle = BezierPath.rect(Rect(x: 0, y: 0, width: 100, height: 50))

    @Test func emptyRanges() {
        #expect(Self.rectangle.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(Self.rectangle.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(Self.rectangle.trimmed(from: .nan, to: 1).isEmpty)
        #expect(Self.rectangle.trimmed(from: 0, to: .nan).isEmpty)
        #expect(BezierPath().trimmed(from: 0.1, to: 0.9).isEmpty)
    }

    @Test func fullRangeIsTheSamePath() {
        #expect(Self.rectangle.trimmed(from: 0, to: 1) == Self.rectangle)
        #expect(Self.rectangle.trimmed(from: -1, to: 3) == Self.rectangle)
    }

    @Test func lineIsCutAtFractionsOfLength() {
        let line = BezierPath(elements: [.move(.zero), .line(Point(x: 100, y: 0))])
        #expect(line.trimmed(from: 0.25, to: 0.75).elements == [.move(Point(x: 25, y: 0)), .line(Point(x: 75, y: 0))])
    }

    @Test func rectangleHalves() {
        #expect(
            Self.rectangle.trimmed(from: 0, to: 0.5).elements == [
                .move(.zero), .line(Point(x: 100, y: 0)), .line(Point(x: 100, y: 50)),
            ])
        // The cut close becomes a line back to the start.
        #expect(
            Self.rectangle.trimmed(from: 0.5, to: 1).elements == [
                .move(Point(x: 100, y: 50)), .line(Point(x: 0, y: 50)), .line(.zero),
            ])
        #expect(
            Self.rectangle.trimmed(from: 0.1, to: 0.2).elements == [
                .move(Point(x: 30, y: 0)), .line(Point(x: 60, y: 0)),
            ])
    }

    @Test func trimmingSpansSubpaths() {
        let path = BezierPath(elements: [
            .move(.zero), .line(Point(x: 10, y: 0)), .move(Point(x: 100, y: 100)), .line(Point(x: 100, y: 110)),
        ])
        #expect(
            path.trimmed(from: 0.25, to: 0.75).elements == [
                .move(Point(x: 5, y: 0)), .line(Point(x: 10, y: 0)), .move(Point(x: 100, y: 100)),
                .line(Point(x: 100, y: 105)),
            ])
        #expect(
            path.trimmed(from: 0.5, to: 1).elements == [.move(Point(x: 100, y: 100)), .line(Point(x: 100, y: 110))])
    }

    @Test func wholeSubpathsKeepTheirClose() {
        var path = Self.rectangle
        path.elements += [.move(Point(x: 0, y: 100)), .line(Point(x: 300, y: 100))]
        // 600 in all: the rectangle (300) and half of the line.
        let trimmed = path.trimmed(from: 0, to: 0.75)
        #expect(
            trimmed.elements == Self.rectangle.elements + [.move(Point(x: 0, y: 100)), .line(Point(x: 150, y: 100))])
    }

    @Test func curvesAreSplitExactly() throws {
        // A symmetric arch: half its length is at t = 0.5, so the first half is the de Casteljau left half.
        let arch = BezierSegment.cubic(.zero, Point(x: 0, y: 100), Point(x: 100, y: 100), Point(x: 100, y: 0))
        let path = BezierPath(elements: [.move(arch.p0), arch.element])
        let half = path.trimmed(from: 0, to: 0.5)
        let left = arch.split(at: 0.5).0
        #expect(half.elements.count == 2)
        guard case .cubic(let c1, let c2, let end) = half.elements[1] else {
            Issue.record("not a cubic: \(half.elements)")
            return
        }
        #expect(GeometryApprox.equal(c1, left.p1, 1e-9))
        #expect(GeometryApprox.equal(c2, left.p2, 1e-9))
        #expect(GeometryApprox.equal(end, left.p3, 1e-9))
    }

    @Test func trimmedPiecesHaveTheRightLengthAndLieOnTheCurve() throws {
        let curve = BezierSegment.cubic(
            Point(x: 0, y: 0), Point(x: 200, y: 300), Point(x: -50, y: 80), Point(x: 120, y: -40))
        let path = BezierPath(elements: [.move(curve.p0), curve.element, .quad(control: .zero, to: Point(x: 5, y: 5))])
        let measure = PathMeasure(path)
        let piece = path.trimmed(from: 0.2, to: 0.6)
        let pieceMeasure = PathMeasure(piece)
        #expect(abs(pieceMeasure.length - 0.4 * measure.length) <= 1e-6 * measure.length)
        guard case .move = try #require(piece.elements.first) else {
            Issue.record("a trimmed piece must start with a move-to: \(piece.elements)")
            return
        }
        // The piece's start and end are the measure's points at those distances.
        #expect(GeometryApprox.equal(pieceMeasure.position(atFraction: 0), measure.position(atFraction: 0.2), 1e-6))
        #expect(GeometryApprox.equal(pieceMeasure.position(atFraction: 1), measure.position(atFraction: 0.6), 1e-6))
        // Points along the piece are on the original curve (the piece is a true sub-curve, not a polyline).
        for i in 1..<10 {
            let p = pieceMeasure.position(atFraction: Double(i) / 10)
            let q = measure.position(atDistance: 0.2 * measure.length + 0.4 * measure.length * Double(i) / 10)
            #expect(GeometryApprox.equal(p, q, 1e-5))
        }
        // Kinds are kept: the quad stays a quad.
        let tail = path.trimmed(from: 0.99, to: 1)
        #expect(tail.elements.contains { if case .quad = $0 { true } else { false } })
    }
}
