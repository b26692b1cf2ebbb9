import Testing

@testable import AnimCore

@Suite("BezierPath path data")
struct PathDataTests {
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func absoluteCommandsBuildTheirElements() throws {
        let path = try BezierPath(pathData: "M 0 0 L 10 0 Q 20 0 20 10 C 20 20, 10 20, 0 20 Z")
        #expect(
            path.elements == [
                .move(Self.p(0, 0)), .line(Self.p(10, 0)), .quad(control: Self.p(20, 0), to: Self.p(20, 10)),
                .cubic(control1: Self.p(20, 20), control2: Self.p(10, 20), to: Self.p(0, 20)), .close,
            ])
        #expect(
            try BezierPath(pathData: "M0,0L10,0") == BezierPath(elements: [.move(Self.p(0, 0)), .line(Self.p(10, 0))]))
        #expect(try BezierPath(pathData: "M 1e2 -2.5E-1").elements == [.move(Self.p(100, -0.25))])
        #expect(try BezierPath(pathData: "  ").elements.isEmpty)
    }

    @Test func relativeCommandsAndRepeatedArgumentsFollowSVG() throws {
        let path = try BezierPath(pathData: "m 10 10 l 5 0 q 5 0 5 5 c 0 5 -5 5 -5 5 z m 1 1 2 0")
        #expect(
            path.elements == [
                .move(Self.p(10, 10)), .line(Self.p(15, 10)), .quad(control: Self.p(20, 10), to: Self.p(20, 15)),
                .cubic(control1: Self.p(20, 20), control2: Self.p(15, 20), to: Self.p(15, 20)), .close,
                // After z the current point is the subpath's start (10, 10); pairs after a move are lines.
                .move(Self.p(11, 11)), .line(Self.p(13, 11)),
            ])
        #expect(
            try BezierPath(pathData: "M 0 0 L 1 1 2 2").elements == [
                .move(Self.p(0, 0)), .line(Self.p(1, 1)), .line(Self.p(2, 2)),
            ])
    }

    @Test func pathDataReadsBackExactly() throws {
        let path = BezierPath(elements: [
            .move(Self.p(0.1, -0.0)), .line(Self.p(1.0 / 3, 1e-7)), .quad(control: Self.p(1e20, 2), to: Self.p(-5, 6)),
            .cubic(control1: Self.p(1, 2), control2: Self.p(3, 4), to: Self.p(5.5, 6)), .close,
        ])
        #expect(path.pathData == "M 0.1 -0 L 0.3333333333333333 1e-07 Q 1e+20 2 -5 6 C 1 2 3 4 5.5 6 Z")
        #expect(try BezierPath(pathData: path.pathData) == path)
    }

    @Test func errorsNameTheCharacterAndWhatWasExpected() {
        func reason(_ text: String) -> String? {
            do throws(AnimCoreError) {
                _ = try BezierPath(pathData: text)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(reason("L 0 0") == "path data: character 1: path data must start with a move (M x y)")
        #expect(reason("0 0") == "path data: character 1: path data must start with a move (M x y)")
        #expect(
            reason("M 0 0 H 10")
                == "path data: character 7: unsupported command 'H' (supported: M, L, Q, C, Z and lower-case m, l, q, c, z)"
        )
        #expect(reason("M 0 0 L 10") == "path data: character 11: expected a number for 'L', found the end")
        #expect(reason("M 0 x") == "path data: character 5: expected a number for 'M', found 'x'")
        #expect(reason("M 0 0 L 1..2 3") == "path data: character 9: '1..2' is not a finite number")
        #expect(reason("M 0 0 Q 1 1 #") == "path data: character 13: expected a number for 'Q', found '#'")
    }
}
