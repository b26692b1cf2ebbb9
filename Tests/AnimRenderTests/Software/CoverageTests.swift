import AnimCore
import Testing

@testable import AnimRender

@Suite struct CoverageTests {
    @Test func wholePixelRectCoversExactlyItsPixels() throws {
        let c = try #require(RectCoverage(transform: .identity, rect: Rect(x: 2, y: 3, width: 4, height: 5)))
        #expect(c.coverage(atPixelX: 2, y: 3) == 1)
        #expect(c.coverage(atPixelX: 5, y: 7) == 1)
        #expect(c.coverage(atPixelX: 1, y: 3) == 0)
        #expect(c.coverage(atPixelX: 6, y: 7) == 0)
        #expect(c.coverage(atPixelX: 2, y: 8) == 0)
        #expect(c.coverage(atPixelX: 1, y: 2) == 0)
        #expect(c.outputBounds == PixelRect(x: 1, y: 2, width: 6, height: 7))
    }

    @Test func halfPixelEdgeIsHalfCovered() throws {
        let c = try #require(RectCoverage(transform: .identity, rect: Rect(x: 2.5, y: 0, width: 4, height: 4)))
        #expect(abs(c.coverage(atPixelX: 2, y: 1) - 0.5) < 1e-12)
        #expect(abs(c.coverage(atPixelX: 6, y: 1) - 0.5) < 1e-12)
        #expect(c.coverage(atPixelX: 3, y: 1) == 1)
    }

    @Test func scaleMeasuresTheEdgeInOutputPixels() throws {
        // Local x = 1.25 lands at output 2.5 under a 2× scale: the pixel whose centre is on it is half covered.
        let c = try #require(
            RectCoverage(transform: .scale(2, 2, 1), rect: Rect(x: 1.25, y: 0, width: 2, height: 2)))
        #expect(abs(c.coverage(atPixelX: 2, y: 1) - 0.5) < 1e-12)
        // Centre 3.5 is 1 output pixel inside (0.5 local units): fully covered.
        #expect(c.coverage(atPixelX: 3, y: 1) == 1)
    }

    @Test func notAntialiasedIsAStepAtTheEdge() throws {
        let c = try #require(
            RectCoverage(transform: .identity, rect: Rect(x: 2.4, y: 0, width: 4, height: 4), antialiased: false))
        #expect(c.coverage(atPixelX: 2, y: 1) == 1)  // centre 2.5 is inside
        #expect(c.coverage(atPixelX: 1, y: 1) == 0)
    }

    @Test func roundedCornerLeavesTheCornerPixelEmpty() throws {
        let c = try #require(
            RectCoverage(
                transform: .identity, rect: Rect(x: 0, y: 0, width: 40, height: 40), radii: CornerRadii(radius: 10)))
        #expect(c.coverage(atPixelX: 0, y: 0) == 0)
        // (4.5, 4.5) is 7.78 from the arc's centre (10, 10): 2.2 pixels inside the arc.
        #expect(c.coverage(atPixelX: 4, y: 4) == 1)
        // (3.5, 3.5) is 9.19 from the centre: 0.81 inside, covered; (2.5, 2.5) is 10.6 away: more than half a
        // pixel outside, empty; (3.5, 2.5) is 9.925 away: 0.075 inside, 0.575 covered.
        #expect(c.coverage(atPixelX: 3, y: 3) == 1)
        #expect(c.coverage(atPixelX: 2, y: 2) == 0)
        let edge = c.coverage(atPixelX: 3, y: 2)
        let expected = 0.5 - ((6.5 * 6.5 + 7.5 * 7.5).squareRoot() - 10)
        #expect(abs(edge - expected) < 1e-12)
        // The straight edges are sharp away from the corners.
        #expect(c.coverage(atPixelX: 20, y: 0) == 1)
    }

    @Test func borderCoversARing() throws {
        let c = try #require(
            RectCoverage(
                transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 20), borderWidth: 3))
        #expect(c.coverage(atPixelX: 0, y: 10) == 1)
        #expect(c.coverage(atPixelX: 2, y: 10) == 1)
        #expect(c.coverage(atPixelX: 3, y: 10) == 0)
        #expect(c.coverage(atPixelX: 10, y: 10) == 0)
        #expect(c.coverage(atPixelX: 19, y: 19) == 1)
        #expect(
            RectCoverage(transform: .identity, rect: Rect(x: 0, y: 0, width: 20, height: 20), borderWidth: 0)?
                .outputBounds == nil)
    }

    @Test func rotatedRectIsCoveredInsideAndBlendedOnItsEdges() throws {
        // A 20×20 square rotated 45° about its centre, placed at (32, 32).
        let t = Transform3D.translation(-10, -10, 0).concatenating(.rotation(.pi / 4, 0, 0, 1))
            .concatenating(.translation(32, 32, 0))
        let c = try #require(RectCoverage(transform: t, rect: Rect(x: 0, y: 0, width: 20, height: 20)))
        #expect(c.coverage(atPixelX: 31, y: 31) == 1)
        #expect(c.coverage(atPixelX: 0, y: 0) == 0)
        // The right corner is at x = 32 + 10√2 = 46.14 on row 32's centre line (y = 32.5 is 0.5 below the corner):
        // pixel 45 (centre 45.5) is ~0.1 px inside both edges' lines.
        let corner = c.coverage(atPixelX: 45, y: 31)
        #expect(corner > 0 && corner < 1)
        #expect(c.coverage(atPixelX: 48, y: 31) == 0)
    }

    @Test func perspectiveMapsTheCornersThroughTheHomography() throws {
        // A 40×40 quad tilted about the y axis under perspective (eye at 100), centred at (50, 50).
        let t = Transform3D.translation(-20, -20, 0).concatenating(.rotation(0.6, 0, 1, 0))
            .concatenating(.perspective(eyeDistance: 100)).concatenating(.translation(50, 50, 0))
        let c = try #require(RectCoverage(transform: t, rect: Rect(x: 0, y: 0, width: 40, height: 40)))
        let corner = try #require(t.apply(to: Point(x: 40, y: 40)))
        let inside = try #require(t.apply(to: Point(x: 38, y: 38)))
        let outside = try #require(t.apply(to: Point(x: 43, y: 43)))
        #expect(c.coverage(atPixelX: Int(inside.x), y: Int(inside.y)) == 1)
        #expect(c.coverage(atPixelX: Int(outside.x), y: Int(outside.y)) == 0)
        let bounds = try #require(c.outputBounds)
        #expect(bounds.maxX == Int(corner.x.rounded(.up)) + 1)
    }

    @Test func rasterizeMatchesTheRuleAtEveryPixel() throws {
        let t = Transform3D.translation(-15, -10, 0).concatenating(.rotation(0.3, 0, 0, 1))
            .concatenating(.scale(1.7, 1.3, 1)).concatenating(.translation(40.3, 30.1, 0))
        for border in [nil, 4.0] {
            let c = try #require(
                RectCoverage(
                    transform: t, rect: Rect(x: 0, y: 0, width: 30, height: 20),
                    radii: CornerRadii(topLeft: 6, topRight: 0, bottomLeft: 3, bottomRight: 9), borderWidth: border))
            let area = PixelRect(x: 0, y: 0, width: 80, height: 64)
            let bytes = c.rasterize(area: area, alpha: 0.8)
            var mismatches = 0
            for y in 0..<area.height {
                for x in 0..<area.width {
                    let expected = UInt8((c.coverage(atPixelX: x, y: y) * 0.8 * 255).rounded())
                    if bytes[y * area.width + x] != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0)
            #expect(bytes.contains(204))
        }
    }

    @Test func degenerateInputDrawsNothing() {
        var singular = Transform3D.identity
        singular.m11 = 0
        #expect(RectCoverage(transform: singular, rect: Rect(x: 0, y: 0, width: 4, height: 4)) == nil)
        var nan = Transform3D.identity
        nan.m41 = .nan
        #expect(RectCoverage(transform: nan, rect: Rect(x: 0, y: 0, width: 4, height: 4)) == nil)
        var behind = Transform3D.identity
        behind.m44 = -1
        #expect(
            RectCoverage(transform: behind, rect: Rect(x: 0, y: 0, width: 4, height: 4))?.outputBounds == nil)
    }

    @Test func pathTriangleAndEvenOddHole() {
        var triangle = BezierPath()
        triangle.move(to: Point(x: 2, y: 2))
        triangle.addLine(to: Point(x: 30, y: 2))
        triangle.addLine(to: Point(x: 2, y: 30))
        triangle.closeSubpath()
        let area = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let a = PathCoverage.rasterize(triangle, transform: .identity, evenOdd: false, area: area)
        #expect(a.count == 32 * 32)
        #expect(a[5 * 32 + 5] == 255)
        #expect(a[1 * 32 + 1] == 0)
        #expect(a[25 * 32 + 25] == 0)
        // The hypotenuse x + y = 32 runs through pixel (15, 16)'s diagonal: about half covered.
        let diagonal = a[16 * 32 + 15]
        #expect(diagonal > 64 && diagonal < 192)

        var ring = BezierPath()
        for (o, s) in [(4.0, 24.0), (10.0, 12.0)] {
            ring.move(to: Point(x: o, y: o))
            ring.addLine(to: Point(x: o + s, y: o))
            ring.addLine(to: Point(x: o + s, y: o + s))
            ring.addLine(to: Point(x: o, y: o + s))
            ring.closeSubpath()
        }
        let evenOdd = PathCoverage.rasterize(ring, transform: .translation(1, 0, 0), evenOdd: true, area: area)
        let winding = PathCoverage.rasterize(ring, transform: .translation(1, 0, 0), evenOdd: false, area: area)
        #expect(evenOdd[16 * 32 + 17] == 0)
        #expect(winding[16 * 32 + 17] == 255)
        #expect(evenOdd[6 * 32 + 7] == 255)
        #expect(evenOdd[6 * 32 + 4] == 0)
    }

    /// The renderers test every draw's transform with `isFinite`, which adds no array: it must still see a
    /// non-finite value in any field, and huge finite values must not overflow it.
    @Test func isFiniteSeesEveryFieldWithoutOverflowing() {
        #expect(Transform3D.identity.isFinite)
        var t = Transform3D.translation(-0.0, 1e308, 0)
        t.m11 = 1e308
        #expect(t.isFinite)
        let fields: [WritableKeyPath<Transform3D, Double>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43,
            \.m44,
        ]
        for bad in [Double.infinity, -Double.infinity, Double.nan] {
            for field in fields {
                var m = Transform3D.identity
                m[keyPath: field] = bad
                #expect(!m.isFinite, "\(field) = \(bad)")
            }
        }
    }
}
