import AnimTestSupport
import Testing

@testable import AnimCore

@Suite("Transform3D decomposition and interpolation")
struct Transform3DDecompositionTests {
    // MARK: Decomposition

    @Test func identityDecomposesToIdentityParts() throws {
        #expect(try #require(Transform3D.identity.decomposed()) == .identity)
        #expect(Transform3D(recomposing: .identity) == .identity)
    }

    @Test func simplePartsAreRecognised() throws {
        let t = try #require(Transform3D.translation(1, 2, 3).decomposed())
        #expect(t.translation == Vector3(1, 2, 3) && t.scale == Vector3(1, 1, 1) && t.quaternion == .identity)

        let s = try #require(Transform3D.scale(2, 3, 4).decomposed())
        #expect(s.scale == Vector3(2, 3, 4) && s.skew == .zero)

        let r = try #require(Transform3D.rotation(.pi / 3, 0, 0, 1).decomposed())
        #expect(GeometryApprox.equal(r.quaternion, Quaternion(angle: .pi / 3, axis: Vector3(0, 0, 1)), 1e-15))
        #expect(GeometryApprox.equal(r.scale, Vector3(1, 1, 1), 1e-15))

        var shear = Transform3D.identity
        shear.m21 = 0.5  // x' = x + 0.5·y
        let k = try #require(shear.decomposed())
        #expect(k.skew == Vector3(0.5, 0, 0) && k.scale == Vector3(1, 1, 1))
    }

    @Test func perspectiveIsSeparated() throws {
        let p = Transform3D.perspective(eyeDistance: 500)
        let d = try #require(p.decomposed())
        #expect(d.perspective == .init(x: 0, y: 0, z: -1.0 / 500, w: 1))
        #expect(Transform3D(recomposing: d) == p)

        // m34 = −1/500 after a rotation and a translation round-trips.
        let m = Transform3D.rotation(0.6, 0, 1, 0).concatenating(.translation(20, 0, 0))
            .concatenating(.perspective(eyeDistance: 500))
        let dm = try #require(m.decomposed())
        #expect(GeometryApprox.equal(Transform3D(recomposing: dm), m, 1e-15))
        #expect(GeometryApprox.equal(dm.perspective.z, -1.0 / 500, 1e-18))
        #expect(GeometryApprox.equal(dm.translation, Vector3(20, 0, 0), 1e-13))
    }

    @Test func mirrorNegatesAllScalesAsInCSS() throws {
        let d = try #require(Transform3D.scale(-1, 1, 1).decomposed())
        #expect(d.scale == Vector3(-1, -1, -1))
        #expect(GeometryApprox.equal(Transform3D(recomposing: d), .scale(-1, 1, 1), 1e-15))
    }

    @Test func matrixIsNormalisedByM44() throws {
        var m = Transform3D.translation(4, 6, 8)
        m.m11 = 2
        m.m22 = 2
        m.m33 = 2
        m.m44 = 2
        let d = try #require(m.decomposed())
        #expect(d.translation == Vector3(2, 3, 4) && d.scale == Vector3(1, 1, 1))
        #expect(Transform3D(recomposing: d) == .translation(2, 3, 4))
    }

    @Test func singularAndBrokenMatricesDoNotDecompose() {
        #expect(Transform3D.scale(0, 1, 1).decomposed() == nil)
        var noW = Transform3D.identity
        noW.m44 = 0
        #expect(noW.decomposed() == nil)
        var nan = Transform3D.identity
        nan.m42 = .nan
        #expect(nan.decomposed() == nil)
        var inf = Transform3D.identity
        inf.m11 = .infinity
        #expect(inf.decomposed() == nil)
    }

    @Test func randomProductsRoundTrip() throws {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        var checked = 0
        var worst = 0.0
        for _ in 0..<400 {
            var m = Transform3D.identity
            for _ in 0..<Int.random(in: 2...6, using: &rng) {
                m = m.concatenating(Self.randomFactor(using: &rng))
            }
            // Skip matrices close to the singular ones that decomposition refuses.
            guard abs(m.m44) > 0.05, abs(m.determinant / pow(m.m44, 4)) > 1e-3 else { continue }
            let d = try #require(m.decomposed())
            let back = Transform3D(recomposing: d)
            let normalised = Transform3D(elements: m.elements.map { $0 / m.m44 })
            let scale = max(1, normalised.elements.map(abs).max() ?? 1)
            let difference = GeometryApprox.maxDifference(back, normalised) / scale
            worst = max(worst, difference)
            #expect(difference <= 1e-9, "round trip of \(m.elements)")
            checked += 1
        }
        #expect(checked >= 300)
        #expect(worst < 1e-12)
    }

    static func randomFactor(using rng: inout SeededGenerator) -> Transform3D {
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            return .translation(r(-100...100), r(-100...100), r(-100...100))
        case 1:
            return .rotation(r(-.pi ... .pi), r(-1...1), r(-1...1), r(-1...1))
        case 2:
            func factor() -> Double { r(0.2...3) * (Bool.random(using: &rng) ? 1 : -1) }
            return .scale(factor(), factor(), factor())
        case 3:
            var k = Transform3D.identity
            k.m21 = r(-1...1)
            k.m31 = r(-1...1)
            k.m12 = r(-1...1)
            k.m32 = r(-1...1)
            return k
        default:
            var p = Transform3D.identity
            p.m14 = r(-0.002...0.002)
            p.m24 = r(-0.002...0.002)
            p.m34 = -1 / r(200...2000)
            return p
        }
    }

    // MARK: Interpolation

    @Test func rotationInterpolatesBySlerp() {
        let a = Transform3D.identity, b = Transform3D.rotation(.pi / 2, 0, 0, 1)
        #expect(GeometryApprox.equal(a.interpolated(to: b, fraction: 0.5), .rotation(.pi / 4, 0, 0, 1), 1e-15))
        #expect(GeometryApprox.equal(a.interpolated(to: b, fraction: 0.25), .rotation(.pi / 8, 0, 0, 1), 1e-15))
        // About an oblique axis too.
        let c = Transform3D.rotation(2, 1, 1, 0)
        #expect(GeometryApprox.equal(a.interpolated(to: c, fraction: 0.3), .rotation(0.6, 1, 1, 0), 1e-15))
    }

    @Test func translationAndScaleInterpolateLinearly() {
        let t = Transform3D.identity.interpolated(to: .translation(100, 50, 10), fraction: 0.25)
        #expect(GeometryApprox.equal(t, .translation(25, 12.5, 2.5), 1e-15))
        let s = Transform3D.identity.interpolated(to: .scale(3, 5, 1), fraction: 0.5)
        #expect(GeometryApprox.equal(s, .scale(2, 3, 1), 1e-15))
        // Overshoot (a timing function beyond 1) extrapolates.
        let o = Transform3D.identity.interpolated(to: .translation(10, 0, 0), fraction: 1.5)
        #expect(GeometryApprox.equal(o, .translation(15, 0, 0), 1e-15))
    }

    @Test func partsInterpolateTogether() {
        // Rotate, then translate: the halfway matrix rotates halfway and translates halfway.
        let end = Transform3D.rotation(.pi / 2, 0, 0, 1).concatenating(.translation(100, 0, 0))
        let mid = Transform3D.identity.interpolated(to: end, fraction: 0.5)
        let expected = Transform3D.rotation(.pi / 4, 0, 0, 1).concatenating(.translation(50, 0, 0))
        #expect(GeometryApprox.equal(mid, expected, 1e-13))
    }

    @Test func perspectiveInterpolatesLinearly() throws {
        let end = Transform3D.rotation(0.8, 0, 1, 0).concatenating(.perspective(eyeDistance: 500))
        let mid = try #require(Transform3D.identity.interpolated(to: end, fraction: 0.5).decomposed())
        #expect(GeometryApprox.equal(mid.perspective.z, -1.0 / 1000, 1e-15))
        #expect(GeometryApprox.equal(mid.quaternion, Quaternion(angle: 0.4, axis: Vector3(0, 1, 0)), 1e-15))
    }

    @Test func endsAndIdenticalMatricesAreExact() {
        let a = Transform3D.rotation(0.3, 1, 2, 3).concatenating(.translation(1, 2, 3))
        let b = Transform3D.scale(2, 2, 2).concatenating(.perspective(eyeDistance: 800))
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: a, fraction: 0.37) == a)
        // Just inside the ends, within 1e-9 of them.
        #expect(GeometryApprox.equal(a.interpolated(to: b, fraction: 1e-12), a, 1e-9))
        #expect(GeometryApprox.equal(a.interpolated(to: b, fraction: 1 - 1e-12), b, 1e-9))
        // Identical even when it cannot be decomposed.
        let flat = Transform3D.scale(0, 0, 1)
        #expect(flat.interpolated(to: flat, fraction: 0.5) == flat)
    }

    @Test func wholeTurnAsMatricesDoesNotSpin() {
        // docs/core-animation-rules.md#key-paths: the matrix of a 2π rotation equals the identity, so nothing moves.
        let full = Transform3D.rotation(2 * .pi, 0, 0, 1)
        #expect(GeometryApprox.equal(Transform3D.identity.interpolated(to: full, fraction: 0.5), .identity, 1e-15))
    }

    @Test func undecomposableEndSwitchesAtHalf() {
        let hidden = Transform3D.scale(0, 0, 1)
        #expect(hidden.interpolated(to: .identity, fraction: 0.49) == hidden)
        #expect(hidden.interpolated(to: .identity, fraction: 0.5) == .identity)
        #expect(Transform3D.identity.interpolated(to: hidden, fraction: 0.2) == .identity)
        #expect(Transform3D.identity.interpolated(to: hidden, fraction: 0.7) == hidden)
    }
}
