import Testing

@testable import AnimCore

@Suite("BezierPath building and reading")
struct BezierPathTests {
    let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0), c = Point(x: 10, y: 10), d = Point(x: 0, y: 10)

    @Test func builderAppendsElements() {
        var path = BezierPath()
        #expect(path.isEmpty && path.currentPoint == nil)
        path.move(to: a)
        path.addLine(to: b)
        path.addQuadCurve(to: c, control: Point(x: 15, y: 5))
        path.addCurve(to: d, control1: Point(x: 8, y: 12), control2: Point(x: 2, y: 12))
        path.closeSubpath()
        #expect(
            path.elements == [
                .move(a), .line(b), .quad(control: Point(x: 15, y: 5), to: c),
                .cubic(control1: Point(x: 8, y: 12), control2: Point(x: 2, y: 12), to: d), .close,
            ])
        #expect(!path.isEmpty)
        #expect(BezierPath(elements: path.elements) == path)
    }

    @Test func segmentWithoutCurrentPointMoves() {
        var path = BezierPath()
        path.addLine(to: b)
        path.addCurve(to: c, control1: a, control2: a)
        #expect(path.elements == [.move(b), .cubic(control1: a, control2: a, to: c)])
        var empty = BezierPath()
        empty.closeSubpath()
        #expect(empty.isEmpty)
    }

    @Test func currentPointFollowsCoreGraphics() {
        var path = BezierPath()
        path.move(to: a)
        path.addLine(to: b)
        #expect(path.currentPoint == b)
        path.addLine(to: c)
        path.closeSubpath()
        // After close: the start of the closed subpath.
        #expect(path.currentPoint == a)
        path.move(to: d)
        #expect(path.currentPoint == d)
    }

    @Test func keyframePointsAreElementEndsExceptMoves() {
        let path = BezierPath(elements: [
            .move(a), .line(b), .quad(control: a, to: c), .cubic(control1: a, control2: b, to: d), .close,
            .move(Point(x: 50, y: 50)), .line(Point(x: 60, y: 50)),
        ])
        #expect(path.keyframePoints == [b, c, d, a, Point(x: 60, y: 50)])
        #expect(BezierPath().keyframePoints.isEmpty)
    }

    @Test func transformedMapsEveryPoint() {
        let path = BezierPath(elements: [.move(a), .quad(control: b, to: c), .close])
        let moved = path.transformed(by: AffineTransform.scale(2, 3).concatenating(.translation(1, 1)))
        #expect(
            moved.elements == [
                .move(Point(x: 1, y: 1)), .quad(control: Point(x: 21, y: 1), to: Point(x: 21, y: 31)), .close,
            ])
    }

    @Test func validateAcceptsGoodPaths() throws {
        try BezierPath().validate(field: "path")
        try BezierPath.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 20)).validate(field: "path")
    }

    @Test func validateRejectsNonFiniteCoordinates() {
        let path = BezierPath(elements: [.move(a), .cubic(control1: b, control2: Point(x: .nan, y: 0), to: c)])
        #expect(throws: AnimCoreError.self) { try path.validate(field: "path") }
        do {
            try path.validate(field: "path")
        } catch {
            guard case .nonFinite(let field, let value) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(field == "path[1].x")
            #expect(value.isNaN)
        }
        let infinite = BezierPath(elements: [.move(Point(x: 0, y: .infinity))])
        #expect(throws: AnimCoreError.nonFinite(field: "shadowPath[0].y", value: .infinity)) {
            try infinite.validate(field: "shadowPath")
        }
    }

    @Test func validateRequiresAMoveFirst() {
        let path = BezierPath(elements: [.line(b), .line(c)])
        #expect(
            throws: AnimCoreError.notAllowed(
                field: "path[0]", value: "line", reason: "cannot start a path: it must start with a move")
        ) {
            try path.validate(field: "path")
        }
        #expect(throws: AnimCoreError.self) { try BezierPath(elements: [.close]).validate(field: "path") }
    }

    @Test func fillRuleAndCornerMaskValues() {
        #expect(FillRule.nonZero.rawValue == "non-zero")
        #expect(FillRule(rawValue: "even-odd") == .evenOdd)
        #expect(CornerMask.minXMinY.rawValue == 1 && CornerMask.maxXMinY.rawValue == 2)
        #expect(CornerMask.minXMaxY.rawValue == 4 && CornerMask.maxXMaxY.rawValue == 8)
        #expect(CornerMask.all.rawValue == 15)
    }

    @Test func interpolationMovesEveryPointLinearly() throws {
        let from = BezierPath(elements: [.move(a), .cubic(control1: a, control2: b, to: c), .line(d), .close])
        let to = BezierPath(elements: [
            .move(Point(x: 10, y: 10)), .cubic(control1: c, control2: d, to: Point(x: 30, y: 30)), .line(b), .close,
        ])
        let mid = try #require(from.interpolated(to: to, fraction: 0.5))
        #expect(
            mid.elements == [
                .move(Point(x: 5, y: 5)),
                .cubic(control1: Point(x: 5, y: 5), control2: Point(x: 5, y: 5), to: Point(x: 20, y: 20)),
                .line(Point(x: 5, y: 5)), .close,
            ])
        #expect(from.interpolated(to: to, fraction: 0) == from)
        #expect(from.interpolated(to: to, fraction: 1) == to)
        let over = try #require(from.interpolated(to: to, fraction: 2))
        #expect(over.elements.first == .move(Point(x: 20, y: 20)))
    }

    @Test func interpolationNeedsTheSameStructure() {
        let lines = BezierPath(elements: [.move(a), .line(b)])
        let curve = BezierPath(elements: [.move(a), .quad(control: b, to: c)])
        let longer = BezierPath(elements: [.move(a), .line(b), .line(c)])
        #expect(lines.interpolated(to: curve, fraction: 0.5) == nil)
        #expect(lines.interpolated(to: longer, fraction: 0.5) == nil)
        #expect(lines.interpolated(to: curve, fraction: 0) == nil)
        #expect(!lines.hasSameStructure(as: curve))
        #expect(lines.hasSameStructure(as: BezierPath(elements: [.move(c), .line(d)])))
    }
}
