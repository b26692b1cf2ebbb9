import Testing

@testable import AnimCore

@Suite("Transform3D basics")
struct Transform3DBasicsTests {
    @Test func identityIsIdentity() {
        #expect(Transform3D.identity.isIdentity)
        #expect(!Transform3D.translation(1, 0, 0).isIdentity)
        #expect(Transform3D.rotation(0.5, 0, 0, 0) == .identity)
    }

    @Test func rotationAboutZTurnsXTowardY() throws {
        // CA's direction: rotating (1, 0) by +π/2 about z gives (0, 1).
        let p = try #require(Transform3D.rotation(.pi / 2, 0, 0, 1).apply(to: Point(x: 1, y: 0)))
        #expect(GeometryApprox.equal(p, Point(x: 0, y: 1), 1e-15))
    }

    @Test func rotationsAboutXAndY() throws {
        let aboutX = try #require(Transform3D.rotation(.pi / 2, 1, 0, 0).apply(x: 0, y: 1, z: 0))
        #expect(GeometryApprox.equal(aboutX, Vector3(0, 0, 1), 1e-15))
        let aboutY = try #require(Transform3D.rotation(.pi / 2, 0, 1, 0).apply(x: 0, y: 0, z: 1))
        #expect(GeometryApprox.equal(aboutY, Vector3(1, 0, 0), 1e-15))
        // The axis is normalised.
        #expect(Transform3D.rotation(0.3, 0, 0, 5).isApproximatelyEqual(to: .rotation(0.3, 0, 0, 1), tolerance: 1e-15))
    }

    @Test func translationAndScaleMakers() throws {
        let t = try #require(Transform3D.translation(10, -5, 2).apply(x: 1, y: 2, z: 3))
        #expect(t == Vector3(11, -3, 5))
        let s = try #require(Transform3D.scale(2, 3, 4).apply(x: 1, y: 1, z: 1))
        #expect(s == Vector3(2, 3, 4))
    }

    @Test func concatenationAppliesSelfFirst() throws {
        let m = Transform3D.translation(10, 0, 0).concatenating(.scale(2, 2, 1))
        #expect(try #require(m.apply(to: Point(x: 1, y: 0))) == Point(x: 22, y: 0))
        let n = Transform3D.scale(2, 2, 1).concatenating(.translation(10, 0, 0))
        #expect(try #require(n.apply(to: Point(x: 1, y: 0))) == Point(x: 12, y: 0))
    }

    @Test func translateScaleRotateApplyTheirOperationFirst() throws {
        let base = Transform3D.scale(2, 2, 1)
        // CATransform3DTranslate(t, …) = translate · t: the translation happens before t's scale.
        #expect(try #require(base.translated(5, 0, 0).apply(to: Point(x: 1, y: 0))) == Point(x: 12, y: 0))
        #expect(base.scaled(3, 1, 1) == .scale(6, 2, 1))
        let rotated = try #require(base.rotated(.pi / 2, 0, 0, 1).apply(to: Point(x: 1, y: 0)))
        #expect(GeometryApprox.equal(rotated, Point(x: 0, y: 2), 1e-15))
    }

    @Test func inverseUndoesTheTransform() throws {
        let m = Transform3D.rotation(0.7, 1, 2, 3).concatenating(.scale(2, -3, 0.5))
            .concatenating(.translation(4, 5, 6)).concatenating(.perspective(eyeDistance: 400))
        let inverse = try #require(m.inverted)
        #expect(m.concatenating(inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        #expect(inverse.concatenating(m).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        #expect(Transform3D.scale(1, 0, 1).inverted == nil)
    }

    @Test func determinant() {
        #expect(Transform3D.scale(2, 3, 4).determinant == 24)
        #expect(GeometryApprox.equal(Transform3D.rotation(1.1, 1, 1, 0).determinant, 1, 1e-15))
        #expect(Transform3D.scale(-1, 1, 1).determinant == -1)
    }

    @Test func affineRoundTrip() {
        let a = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = Transform3D(affine: a)
        #expect(t.isAffine)
        #expect(t.affine == a)
        #expect(Transform3D.rotation(0.4, 0, 0, 1).isAffine)
        #expect(!Transform3D.rotation(0.4, 1, 0, 0).isAffine)
        #expect(!Transform3D.perspective(eyeDistance: 500).isAffine)
        // The 3D rotation about z and the 2D rotation agree.
        let r = Transform3D(affine: .rotation(0.4))
        #expect(r.isApproximatelyEqual(to: .rotation(0.4, 0, 0, 1), tolerance: 1e-15))
    }

    @Test func perspectiveDividesByW() throws {
        let m = Transform3D.perspective(eyeDistance: 500)
        #expect(m.m34 == -1.0 / 500)
        // w = 1 − z/500 = 0.8 for z = 100.
        let p = try #require(m.apply(x: 100, y: 0, z: 100))
        #expect(GeometryApprox.equal(p, Vector3(125, 0, 125), 1e-12))
        #expect(m.apply(x: 0, y: 0, z: 500) == nil)
        let h = m.applyHomogeneous(x: 100, y: 0, z: 100)
        #expect(h.x == 100 && h.w == 0.8)
    }

    @Test func rowsAndElementsRoundTrip() {
        let e = (1...16).map(Double.init)
        let m = Transform3D(elements: e)
        #expect(m.elements == e)
        #expect(m.m12 == 2 && m.m41 == 13)
        #expect(Transform3D(rows: [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]) == m)
        #expect(!Transform3D(elements: [.nan] + e.dropFirst()).isFinite)
    }
}

@Suite("AffineTransform basics")
struct AffineTransformBasicsTests {
    @Test func rotationTurnsXTowardY() {
        let p = AffineTransform.rotation(.pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(GeometryApprox.equal(p, Point(x: 0, y: 1), 1e-15))
    }

    @Test func concatenationAppliesSelfFirst() {
        let m = AffineTransform.translation(10, 0).concatenating(.scale(2, 3))
        #expect(m.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 3))
    }

    @Test func inverse() throws {
        let m = AffineTransform.rotation(0.3).concatenating(.scale(2, 5)).concatenating(.translation(7, -1))
        let inverse = try #require(m.inverted)
        let p = Point(x: 3, y: 4)
        #expect(GeometryApprox.equal(inverse.apply(to: m.apply(to: p)), p, 1e-13))
        #expect(AffineTransform.scale(0, 1).inverted == nil)
        #expect(AffineTransform.identity.isIdentity)
        #expect(!m.isIdentity)
    }
}

@Suite("Rect, Point and Vector3 basics")
struct RectBasicsTests {
    @Test func negativeSizeIsStandardised() {
        let r = Rect(x: 10, y: 10, width: -4, height: -6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 4 && r.maxY == 10)
        #expect(r.standardized == Rect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func containsIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: 10)))
    }

    @Test func unionIntersectionInset() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)) == nil)
        #expect(a.insetBy(dx: 1, dy: 2) == Rect(x: 1, y: 2, width: 8, height: 6))
        #expect(a.center == Point(x: 5, y: 5))
        #expect(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
    }

    @Test func boundingOfPoints() {
        let r = Rect.bounding([Point(x: 3, y: -1), Point(x: -2, y: 4), Point(x: 0, y: 0)])
        #expect(r == Rect(x: -2, y: -1, width: 5, height: 5))
        #expect(Rect.bounding([Point]()) == .zero)
    }

    @Test func pointAndVectorArithmetic() {
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
        #expect(Point(x: 1, y: 2) + Point(x: 3, y: 4) == Point(x: 4, y: 6))
        #expect(Vector3(1, 0, 0).cross(Vector3(0, 1, 0)) == Vector3(0, 0, 1))
        #expect(Vector3(1, 2, 2).length == 3)
    }
}

@Suite("Color basics")
struct ColorBasicsTests {
    @Test func parsesHex() throws {
        #expect(Color(hex: "#ff0000") == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hex: "0f0") == Color(red: 0, green: 1, blue: 0))
        let c = try #require(Color(hex: "#00000080"))
        #expect(GeometryApprox.equal(c.alpha, 128.0 / 255, 1e-15))
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "#gg0000") == nil)
    }

    @Test func premultipliedRoundTrip() {
        let c = Color(red: 0.5, green: 0.25, blue: 1, alpha: 0.5)
        let p = c.premultiplied
        #expect(p.r == 0.25 && p.g == 0.125 && p.b == 0.5 && p.a == 0.5)
        #expect(Color(premultipliedRed: p.r, green: p.g, blue: p.b, alpha: p.a) == c)
        #expect(Color(premultipliedRed: 0.3, green: 0.3, blue: 0.3, alpha: 0) == .clear)
    }

    @Test func clampedAndFinite() {
        let c = Color(red: 1.5, green: -1, blue: .nan, alpha: 0.5)
        #expect(c.clamped == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(!c.isFinite)
        #expect(Color.white.isFinite)
    }
}
