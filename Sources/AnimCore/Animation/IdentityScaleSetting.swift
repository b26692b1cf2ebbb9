/// `Transform3D.setting(_:to:)` for the scale components on the bitwise identity, the common case of a
/// `transform.scale` animation (a pop, a spring): the identity's decomposition is constant, so the parts
/// of its recomposition that do not depend on the scale are worked out once, and a frame does only the
/// three row scalings and the perspective dot products instead of decomposing, copying the decomposition
/// and recomposing a rotation. The operations left are `Transform3D(recomposing:)`'s, in the same order,
/// on the same inputs, so the matrix is the same to the bit.
struct IdentityScaleSetting: Sendable {
    /// The identity's rotation rows with its skew folded in (`recomposing`'s u0, u1, u2 before scaling).
    let row0: Vector3
    let row1: Vector3
    let row2: Vector3
    let scale: Vector3
    let perspective: Vector3
    let translation: Vector3
    let m44: Double

    /// nil if the identity ever failed to decompose (it does not; the general path then runs).
    static let shared: IdentityScaleSetting? = Transform3D.identity.componentsDecomposition().map {
        IdentityScaleSetting($0)
    }

    private init(_ d: DecomposedTransform3D) {
        let (r0, r1, r2) = d.quaternion.rotationRows
        row0 = r0
        row1 = r1 + r0 * d.skew.x
        row2 = r2 + r1 * d.skew.z + r0 * d.skew.y
        scale = d.scale
        perspective = Vector3(d.perspective.x, d.perspective.y, d.perspective.z)
        translation = d.translation
        m44 = d.perspective.w + d.translation.dot(perspective)
    }

    /// `transform.setting(c, to: value)` when `transform` is bitwise the identity and `c` a scale
    /// component; nil otherwise (the caller takes the general path).
    @inline(__always)
    static func setting(_ c: TransformComponent, to value: Double, on transform: Transform3D) -> Transform3D? {
        guard let shared, transform.isBitwiseIdentity else { return nil }
        var s = shared.scale
        switch c {
        case .scaleX: s.x = value
        case .scaleY: s.y = value
        case .scaleZ: s.z = value
        case .scale: s = Vector3(value, value, value)
        default: return nil
        }
        let u0 = shared.row0 * s.x
        let u1 = shared.row1 * s.y
        let u2 = shared.row2 * s.z
        let p = shared.perspective
        let t = shared.translation
        return Transform3D(
            m11: u0.x, m12: u0.y, m13: u0.z, m14: u0.dot(p),
            m21: u1.x, m22: u1.y, m23: u1.z, m24: u1.dot(p),
            m31: u2.x, m32: u2.y, m33: u2.z, m34: u2.dot(p),
            m41: t.x, m42: t.y, m43: t.z, m44: shared.m44)
    }
}
