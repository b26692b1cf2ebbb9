import Testing

@testable import AnimCore

@Suite("Quaternion")
struct QuaternionTests {
    static let axes: [Vector3] = [
        Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1), Vector3(1, 2, 3), Vector3(-0.3, 0.8, -0.1),
    ]
    static let angles: [Double] = [0, 0.1, 1, 2, 3, -1.5, .pi / 2]

    @Test func matrixMatchesTransformRotation() {
        for axis in Self.axes {
            for angle in Self.angles {
                let q = Quaternion(angle: angle, axis: axis)
                let expected = Transform3D.rotation(angle, axis.x, axis.y, axis.z)
                #expect(GeometryApprox.equal(q.rotationMatrix, expected, 1e-15), "angle \(angle) axis \(axis)")
            }
        }
        #expect(Quaternion.identity.rotationMatrix == .identity)
    }

    @Test func fromRotationMatrixRoundTrips() {
        for axis in Self.axes {
            for angle in Self.angles {
                let q = Quaternion(rotation: .rotation(angle, axis.x, axis.y, axis.z))
                // Angles in (−π, π) have w = cos(θ/2) > 0, the canonical sign.
                let expected = Quaternion(angle: angle, axis: axis)
                #expect(GeometryApprox.equal(q, expected, 1e-15), "angle \(angle) axis \(axis)")
            }
        }
    }

    @Test func axisAlignedRotationHasExactZeroComponents() {
        // The CSS pseudo-code's 0.5·√(1 + m11 − m22 − m33) gives about 1e-8 here; Shepperd's method gives 0.
        for angle in [0.3, 2.5, 3.1] {
            let q = Quaternion(rotation: .rotation(angle, 0, 0, 1))
            #expect(q.x == 0 && q.y == 0)
            #expect(GeometryApprox.equal(q.z, sin(angle / 2), 1e-15))
        }
    }

    @Test func halfTurnAboutADiagonalAxisKeepsItsSigns() {
        // w = 0: the spec's sign tests cannot tell (1, −1, 0) from (1, 1, 0).
        let m = Transform3D.rotation(.pi, 1, -1, 0)
        let q = Quaternion(rotation: m)
        #expect(GeometryApprox.equal(q.rotationMatrix, m, 1e-15))
        #expect(q.x * q.y < 0)
    }

    @Test func slerpEndsAndMidpoint() {
        let a = Quaternion.identity
        let b = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        #expect(a.slerp(to: b, t: 0) == a)
        #expect(GeometryApprox.equal(a.slerp(to: b, t: 1), b, 1e-15))
        let mid = a.slerp(to: b, t: 0.5)
        #expect(GeometryApprox.equal(mid, Quaternion(angle: .pi / 4, axis: Vector3(0, 0, 1)), 1e-15))
        #expect(GeometryApprox.equal(mid.length, 1, 1e-15))
        #expect(b.slerp(to: b, t: 0.3) == b)
    }

    @Test func slerpDoesNotTakeTheShorterArc() {
        // As in the CSS pseudo-code: with a negative dot product the interpolation goes the long way round.
        let a = Quaternion.identity
        let q = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        let b = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)  // the same rotation, the other sign
        let mid = a.slerp(to: b, t: 0.5)
        #expect(GeometryApprox.equal(mid.rotationMatrix, .rotation(-3 * .pi / 4, 0, 0, 1), 1e-15))
        // Opposite quaternions (dot = −1) are the same rotation: the spec returns the first.
        #expect(q.slerp(to: Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w), t: 0.5) == q)
    }

    @Test func normalisation() {
        let q = Quaternion(x: 0, y: 0, z: 3, w: 4)
        #expect(q.length == 5)
        #expect(q.normalized == Quaternion(x: 0, y: 0, z: 0.6, w: 0.8))
        #expect(Quaternion(x: 0, y: 0, z: 0, w: 0).normalized == .identity)
        #expect(Quaternion(x: .nan, y: 0, z: 0, w: 1).normalized == .identity)
        #expect(Quaternion(angle: 1, axis: .zero) == .identity)
    }
}
