/// A rotation as a unit quaternion: `(x, y, z) = axis · sin(θ/2)`, `w = cos(θ/2)`, where the rotation is
/// `Transform3D.rotation(θ, axis)` (Core Animation's direction: a positive angle about +z turns +x toward +y).
///
/// The CSS Transforms pseudo-code writes its rotation matrix with the other index order, so its quaternion is
/// this one's conjugate. Spherical interpolation commutes with conjugation, so interpolated transforms are the
/// same either way.
public struct Quaternion: Hashable, Codable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var w: Double

    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// No rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation by `angle` radians about `axis` (normalised here); a zero or non-finite axis gives the
    /// identity, as `Transform3D.rotation` does.
    public init(angle: Double, axis: Vector3) {
        let length = axis.length
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / length
        self.init(x: axis.x * s, y: axis.y * s, z: axis.z * s, w: cos(angle / 2))
    }

    /// The rotation in the upper 3×3 of `m`, which must be a pure rotation (orthonormal rows, determinant +1);
    /// translation and perspective are ignored. The result has `w ≥ 0`, as the CSS decomposition gives.
    public init(rotation m: Transform3D) {
        self.init(
            rotationRows: Vector3(m.m11, m.m12, m.m13), Vector3(m.m21, m.m22, m.m23), Vector3(m.m31, m.m32, m.m33))
    }

    /// From the rows of a rotation matrix by Shepperd's method: it divides by the largest of |w|, |x|, |y|, |z|,
    /// so no component loses precision (the CSS pseudo-code's `0.5·√(1 ± …)` loses half the digits of small ones).
    init(rotationRows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        let trace = r0.x + r1.y + r2.z
        var q: Quaternion
        if trace > 0 {
            let s = 2 * (trace + 1).squareRoot()
            q = Quaternion(x: (r1.z - r2.y) / s, y: (r2.x - r0.z) / s, z: (r0.y - r1.x) / s, w: s / 4)
        } else if r0.x > r1.y && r0.x > r2.z {
            let s = 2 * (1 + r0.x - r1.y - r2.z).squareRoot()
            q = Quaternion(x: s / 4, y: (r0.y + r1.x) / s, z: (r0.z + r2.x) / s, w: (r1.z - r2.y) / s)
        } else if r1.y > r2.z {
            let s = 2 * (1 + r1.y - r0.x - r2.z).squareRoot()
            q = Quaternion(x: (r0.y + r1.x) / s, y: s / 4, z: (r1.z + r2.y) / s, w: (r2.x - r0.z) / s)
        } else {
            let s = 2 * (1 + r2.z - r0.x - r1.y).squareRoot()
            q = Quaternion(x: (r0.z + r2.x) / s, y: (r1.z + r2.y) / s, z: s / 4, w: (r0.y - r1.x) / s)
        }
        if q.w < 0 {
            q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
        }
        self = q
    }

    /// The rows of the 3×3 rotation matrix (row-vector convention, as `Transform3D`).
    var rotationRows: (Vector3, Vector3, Vector3) {
        (
            Vector3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            Vector3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            Vector3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }

    /// The pure rotation matrix; for `Quaternion(angle: a, axis: v)` it equals `Transform3D.rotation(a, v…)`.
    public var rotationMatrix: Transform3D {
        let (r0, r1, r2) = rotationRows
        return Transform3D(
            m11: r0.x, m12: r0.y, m13: r0.z, m14: 0, m21: r1.x, m22: r1.y, m23: r1.z, m24: 0,
            m31: r2.x, m32: r2.y, m33: r2.z, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    public func dot(_ o: Quaternion) -> Double { x * o.x + y * o.y + z * o.z + w * o.w }

    public var length: Double { dot(self).squareRoot() }

    /// The unit quaternion in the same direction; the identity when the length is zero or not finite.
    public var normalized: Quaternion {
        let l = length
        guard l > 0, l.isFinite else { return .identity }
        return Quaternion(x: x / l, y: y / l, z: z / l, w: w / l)
    }

    /// Spherical linear interpolation from `self` (t = 0) to `other` (t = 1), exactly as the CSS Transforms
    /// Level 2 pseudo-code: the dot product is clamped to [−1, 1], equal or opposite quaternions return `self`,
    /// and, as there, the path is not flipped to the shorter arc when the dot product is negative.
    public func slerp(to other: Quaternion, t: Double) -> Quaternion {
        let product = min(max(dot(other), -1), 1)
        if abs(product) == 1 { return self }
        let theta = acos(product)
        let wb = sin(t * theta) / (1 - product * product).squareRoot()
        let wa = cos(t * theta) - product * wb
        return Quaternion(
            x: x * wa + other.x * wb, y: y * wa + other.y * wb, z: z * wa + other.z * wb, w: w * wa + other.w * wb)
    }
}
