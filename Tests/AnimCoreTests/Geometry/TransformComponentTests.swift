import Testing

@testable import AnimCore

@Suite("Transform3D key-path components")
struct TransformComponentTests {
    @Test func keyPathNames() {
        #expect(TransformComponent.allCases.count == 12)
        #expect(TransformComponent(rawValue: "rotation.z") == .rotationZ)
        #expect(TransformComponent(rawValue: "rotation") == .rotation)
        #expect(TransformComponent(rawValue: "translation") == .translation)
        #expect(TransformComponent.scaleX.rawValue == "scale.x")
    }

    @Test func settingRotationZOnIdentityIsAZRotation() {
        for angle in [0.3, -2.0, .pi / 2, 3.0, -3.1, 4.0] {
            let m = Transform3D.identity.setting(.rotationZ, to: angle)
            #expect(GeometryApprox.equal(m, .rotation(angle, 0, 0, 1), 1e-12), "angle \(angle)")
            #expect(Transform3D.identity.setting(.rotation, to: angle) == m)
        }
        // The matrix cannot tell 2π from 0.
        #expect(GeometryApprox.equal(Transform3D.identity.setting(.rotationZ, to: 2 * .pi), .identity, 1e-12))
    }

    @Test func scalarInterpolationThenSettingSpins() {
        // transform.rotation.z from 0 to 2π: the scalar is interpolated, then set; the quarter points differ.
        let quarter = Transform3D.identity.setting(.rotationZ, to: lerp(0, 2 * .pi, 0.25))
        let half = Transform3D.identity.setting(.rotationZ, to: lerp(0, 2 * .pi, 0.5))
        let threeQuarters = Transform3D.identity.setting(.rotationZ, to: lerp(0, 2 * .pi, 0.75))
        #expect(GeometryApprox.equal(quarter, .rotation(.pi / 2, 0, 0, 1), 1e-12))
        #expect(GeometryApprox.equal(half, .rotation(.pi, 0, 0, 1), 1e-12))
        #expect(GeometryApprox.equal(threeQuarters, .rotation(-.pi / 2, 0, 0, 1), 1e-12))
    }

    @Test func readingRotations() {
        let z = Transform3D.rotation(0.7, 0, 0, 1)
        #expect(GeometryApprox.equal(z.component(.rotationZ), atan2(z.m12, z.m11), 1e-15))
        #expect(GeometryApprox.equal(z.component(.rotationZ), 0.7, 1e-15))
        #expect(z.component(.rotation) == z.component(.rotationZ))
        #expect(GeometryApprox.equal(z.component(.rotationX), 0, 1e-15))
        #expect(GeometryApprox.equal(Transform3D.rotation(-0.4, 1, 0, 0).component(.rotationX), -0.4, 1e-15))
        #expect(GeometryApprox.equal(Transform3D.rotation(1.2, 0, 1, 0).component(.rotationY), 1.2, 1e-15))
    }

    @Test func eulerOrderIsXThenYThenZ() {
        let m = Transform3D.identity.setting(.rotationX, to: 0.3).setting(.rotationY, to: -0.5)
            .setting(.rotationZ, to: 1.1)
        let expected = Transform3D.rotation(0.3, 1, 0, 0).concatenating(.rotation(-0.5, 0, 1, 0))
            .concatenating(.rotation(1.1, 0, 0, 1))
        #expect(GeometryApprox.equal(m, expected, 1e-12))
        #expect(GeometryApprox.equal(m.component(.rotationX), 0.3, 1e-12))
        #expect(GeometryApprox.equal(m.component(.rotationY), -0.5, 1e-12))
        #expect(GeometryApprox.equal(m.component(.rotationZ), 1.1, 1e-12))
    }

    @Test func gimbalLockPutsTheTurnOnX() {
        let m = Transform3D.rotation(.pi / 2, 0, 1, 0).concatenating(.rotation(0.4, 0, 0, 1))
        #expect(GeometryApprox.equal(m.component(.rotationY), .pi / 2, 1e-7))
        #expect(m.component(.rotationZ) == 0)
        // Setting the angle it reads back reproduces the matrix.
        let again = m.setting(.rotationX, to: m.component(.rotationX))
        #expect(GeometryApprox.equal(again, m, 1e-7))
    }

    @Test func settingScaleAndTranslationOnIdentity() {
        #expect(Transform3D.identity.setting(.scaleX, to: 2) == .scale(2, 1, 1))
        #expect(Transform3D.identity.setting(.scaleY, to: 3) == .scale(1, 3, 1))
        #expect(Transform3D.identity.setting(.scaleZ, to: 4) == .scale(1, 1, 4))
        #expect(Transform3D.identity.setting(.scale, to: 3) == .scale(3, 3, 3))
        #expect(Transform3D.identity.setting(.translationX, to: 5) == .translation(5, 0, 0))
        #expect(Transform3D.identity.setting(.translationY, to: -2) == .translation(0, -2, 0))
        #expect(Transform3D.identity.setting(.translationZ, to: 7) == .translation(0, 0, 7))
        #expect(Transform3D.identity.setting(.translation, to: 4) == .translation(4, 4, 0))
        #expect(Transform3D.identity.settingTranslation(Size(width: 3, height: 4)) == .translation(3, 4, 0))
    }

    @Test func readingScaleAndTranslation() {
        let m = Transform3D.scale(1, 2, 3).concatenating(.translation(10, 20, 30))
        #expect(m.component(.scaleX) == 1 && m.component(.scaleY) == 2 && m.component(.scaleZ) == 3)
        #expect(m.component(.scale) == 2)
        #expect(m.component(.translationX) == 10 && m.component(.translationZ) == 30)
        #expect(m.component(.translation) == 15)
        #expect(m.translationComponent() == Size(width: 10, height: 20))
    }

    @Test func settingOneComponentKeepsTheOthers() {
        let m = Transform3D.scale(2, 2, 1).concatenating(.rotation(0.5, 0, 0, 1)).concatenating(
            .translation(10, 20, 0))
        let turned = m.setting(.rotationZ, to: 1)
        let expected = Transform3D.scale(2, 2, 1).concatenating(.rotation(1, 0, 0, 1)).concatenating(
            .translation(10, 20, 0))
        #expect(GeometryApprox.equal(turned, expected, 1e-12))
        let moved = m.setting(.translationX, to: -5)
        #expect(moved.m41 == -5 && moved.m42 == 20 && moved.m11 == m.m11 && moved.m12 == m.m12)
        let grown = m.setting(.scaleY, to: 4)
        #expect(GeometryApprox.equal(grown.component(.scaleY), 4, 1e-12))
        #expect(GeometryApprox.equal(grown.component(.scaleX), 2, 1e-12))
        #expect(GeometryApprox.equal(grown.component(.rotationZ), 0.5, 1e-12))
    }

    @Test func translationWithPerspectiveGoesThroughDecomposition() throws {
        let m = Transform3D.perspective(eyeDistance: 500)
        let moved = m.setting(.translationX, to: 5)
        #expect(GeometryApprox.equal(moved.component(.translationX), 5, 1e-12))
        let d = try #require(moved.decomposed())
        #expect(GeometryApprox.equal(d.perspective.z, -1.0 / 500, 1e-15))
    }

    @Test func mirrorIsCarriedByScaleX() {
        let m = Transform3D.scale(-1, 1, 1)
        #expect(m.component(.scaleX) == -1 && m.component(.scaleY) == 1 && m.component(.scaleZ) == 1)
        #expect(m.component(.rotationZ) == 0 && m.component(.rotationX) == 0)
        #expect(m.setting(.scaleY, to: 2) == .scale(-1, 2, 1))
    }

    @Test func zeroScaleStillDecomposesForComponents() {
        let hidden = Transform3D.scale(0, 0, 1)
        #expect(hidden.component(.scaleX) == 0 && hidden.component(.scaleZ) == 1)
        #expect(hidden.setting(.scale, to: 0.5) == .scale(0.5, 0.5, 0.5))
        #expect(hidden.setting(.scaleX, to: 2) == .scale(2, 0, 1))
        // A zero scale after a rotation keeps the rotation.
        let turned = Transform3D.scale(0, 1, 1).concatenating(.rotation(0.6, 0, 0, 1))
        #expect(GeometryApprox.equal(turned.component(.rotationZ), 0.6, 1e-12))
        #expect(GeometryApprox.equal(turned.setting(.scaleX, to: 1), .rotation(0.6, 0, 0, 1), 1e-12))
    }

    @Test func undecomposableMatrixReadsAsIdentityAndDoesNotChange() {
        var broken = Transform3D.identity
        broken.m44 = 0
        #expect(broken.component(.scaleX) == 1 && broken.component(.rotationZ) == 0)
        #expect(broken.component(.translationX) == 0)
        #expect(broken.setting(.rotationZ, to: 1) == broken)
        #expect(broken.setting(.translationX, to: 1) == broken)
        var nan = Transform3D.identity
        nan.m11 = .nan
        #expect(nan.setting(.scale, to: 2).m11.isNaN)
    }
}
