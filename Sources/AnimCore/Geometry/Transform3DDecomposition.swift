/// A 4×4 transform split into the parts of the CSS Transforms Level 2 "Decomposing a 3D matrix" algorithm.
///
/// In `Transform3D`'s row-vector convention the parts apply in this order: scale, then skew, then rotation, then
/// translation, then perspective: `M = S · K · R · T · P`.
public struct DecomposedTransform3D: Hashable, Codable, Sendable {
    /// The perspective part, the last column of the normalised matrix solved through the rest:
    /// `(0, 0, 0, 1)` when there is none, `z = −1/d` for `Transform3D.perspective(eyeDistance: d)`.
    public struct Perspective: Hashable, Codable, Sendable {
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

        public static let none = Perspective(x: 0, y: 0, z: 0, w: 1)
    }

    public var translation: Vector3
    /// Scale factors along x, y, z. When the matrix mirrors, all three are negated (as in the CSS algorithm).
    public var scale: Vector3
    /// Shear factors (xy, xz, yz): the CSS algorithm's `skew` vector.
    public var skew: Vector3
    public var perspective: Perspective
    /// The rotation, a unit quaternion with `w ≥ 0` (see `Quaternion` for its sign convention).
    public var quaternion: Quaternion

    public init(
        translation: Vector3, scale: Vector3, skew: Vector3, perspective: Perspective, quaternion: Quaternion
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// The decomposition of the identity matrix.
    public static let identity = DecomposedTransform3D(
        translation: .zero, scale: Vector3(1, 1, 1), skew: .zero, perspective: .none, quaternion: .identity)

    /// CSS "Interpolation of decomposed 3D matrix values": translation, scale, skew and perspective
    /// componentwise linear, the quaternion by `Quaternion.slerp(to:t:)`.
    public func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        DecomposedTransform3D(
            translation: mixVectors(translation, other.translation, t),
            scale: mixVectors(scale, other.scale, t),
            skew: mixVectors(skew, other.skew, t),
            perspective: Perspective(
                x: lerp(perspective.x, other.perspective.x, t), y: lerp(perspective.y, other.perspective.y, t),
                z: lerp(perspective.z, other.perspective.z, t), w: lerp(perspective.w, other.perspective.w, t)),
            quaternion: quaternion.slerp(to: other.quaternion, t: t))
    }
}

extension Transform3D {
    /// The CSS Transforms Level 2 decomposition ("Decomposing a 3D matrix"), or nil when the matrix cannot be
    /// decomposed: `m44 == 0`, a singular upper 3×3 (a zero scale), or a non-finite entry.
    ///
    /// The matrix is first divided by `m44`, so recomposing gives back `self / m44`. Two deliberate differences
    /// from the pseudo-code, neither of which changes an interpolated result: the quaternion is taken by
    /// Shepperd's method (same quaternion, full precision for small components), and it is the conjugate of the
    /// spec's (see `Quaternion`), which also fixes the spec's sign tests that disagree with its own
    /// recomposition.
    public func decomposed() -> DecomposedTransform3D? {
        decompose(style: .interpolation)
    }

    /// CSS "Recomposing to a 3D matrix": `S · K · R · T · P` in row-vector order. The quaternion is used as given
    /// and should be a unit quaternion, as decomposition and slerp produce.
    public init(recomposing d: DecomposedTransform3D) {
        let (r0, r1, r2) = d.quaternion.rotationRows
        let u0 = r0 * d.scale.x
        let u1 = (r1 + r0 * d.skew.x) * d.scale.y
        let u2 = (r2 + r1 * d.skew.z + r0 * d.skew.y) * d.scale.z
        let p = Vector3(d.perspective.x, d.perspective.y, d.perspective.z)
        let t = d.translation
        self.init(
            m11: u0.x, m12: u0.y, m13: u0.z, m14: u0.dot(p),
            m21: u1.x, m22: u1.y, m23: u1.z, m24: u1.dot(p),
            m31: u2.x, m32: u2.y, m33: u2.z, m34: u2.dot(p),
            m41: t.x, m42: t.y, m43: t.z, m44: d.perspective.w + t.dot(p))
    }

    /// The transform between `self` (t = 0) and `other` (t = 1), as animserver interpolates `transform` without a
    /// value function (docs/core-animation-rules.md#decisions-on-open-points): both matrices are decomposed, the parts
    /// interpolated (slerp for the rotation) and recomposed.
    ///
    /// Identical matrices return `self` exactly without decomposing; t = 0 and t = 1 return the end matrices.
    /// When either matrix cannot be decomposed (see `decomposed()`, e.g. a zero scale) the value switches
    /// discretely: `self` for t < 0.5, `other` from t = 0.5. `t` is not clamped. Does not allocate.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        if self == other || t == 0 { return self }
        if t == 1 { return other }
        guard let a = decomposed(), let b = other.decomposed() else { return t < 0.5 ? self : other }
        return Transform3D(recomposing: a.interpolated(to: b, fraction: t))
    }

    // MARK: The algorithm

    enum DecompositionStyle {
        /// The CSS algorithm: nil for a singular matrix; a mirror negates all three scales.
        case interpolation
        /// For key-path components (`transform.scale.x`…): a zero scale decomposes with that scale 0, and a
        /// mirror negates only the x scale, so that `scale(−1, 1, 1)` reads as scale.x = −1, no rotation.
        case components
    }

    func decompose(style: DecompositionStyle) -> DecomposedTransform3D? {
        guard m44 != 0, isAllFinite else { return nil }
        // Normalise by m44.
        let r0 = Vector3(m11 / m44, m12 / m44, m13 / m44)
        let r1 = Vector3(m21 / m44, m22 / m44, m23 / m44)
        let r2 = Vector3(m31 / m44, m32 / m44, m33 / m44)
        let translation = Vector3(m41 / m44, m42 / m44, m43 / m44)
        let column = Vector3(m14 / m44, m24 / m44, m34 / m44)
        let hasPerspective = column.x != 0 || column.y != 0 || column.z != 0

        // The determinant of the spec's perspectiveMatrix is that of the upper 3×3.
        let determinant = r0.dot(r1.cross(r2))
        if determinant == 0 && (style == .interpolation || hasPerspective) { return nil }

        var perspective = DecomposedTransform3D.Perspective.none
        if hasPerspective {
            // The spec solves perspectiveMatrix · p = (m14, m24, m34, 1); with perspectiveMatrix = [[U, 0], [t, 1]]
            // that is p.xyz = U⁻¹ · column and p.w = 1 − t · p.xyz. U⁻¹'s columns are the rows' cross products.
            let c0 = r1.cross(r2), c1 = r2.cross(r0), c2 = r0.cross(r1)
            let p = Vector3(
                (c0.x * column.x + c1.x * column.y + c2.x * column.z) / determinant,
                (c0.y * column.x + c1.y * column.y + c2.y * column.z) / determinant,
                (c0.z * column.x + c1.z * column.y + c2.z * column.z) / determinant)
            perspective = .init(x: p.x, y: p.y, z: p.z, w: 1 - translation.dot(p))
        }

        // Scale and shear by Gram–Schmidt on the rows.
        var scale = Vector3.zero
        var skew = Vector3.zero
        scale.x = r0.length
        var n0 = scale.x > 0 ? r0 * (1 / scale.x) : completingAxis(r1.cross(r2), orthogonalTo: nil)

        skew.x = n0.dot(r1)
        let v1 = r1 - n0 * skew.x
        scale.y = v1.length
        var n1: Vector3
        if scale.y > 0 {
            n1 = v1 * (1 / scale.y)
            skew.x /= scale.y
        } else {
            skew.x = 0
            n1 = completingAxis(r2.cross(n0), orthogonalTo: n0)
        }

        skew.y = n0.dot(r2)
        var v2 = r2 - n0 * skew.y
        skew.z = n1.dot(v2)
        v2 = v2 - n1 * skew.z
        scale.z = v2.length
        var n2: Vector3
        if scale.z > 0 {
            n2 = v2 * (1 / scale.z)
            skew.y /= scale.z
            skew.z /= scale.z
        } else {
            skew.y = 0
            skew.z = 0
            n2 = n0.cross(n1)
        }

        // A mirror: the orthonormal rows have determinant −1.
        if n0.dot(n1.cross(n2)) < 0 {
            switch style {
            case .interpolation:
                scale = scale * -1
                n0 = n0 * -1
                n1 = n1 * -1
                n2 = n2 * -1
            case .components:
                scale.x = -scale.x
                n0 = n0 * -1
            }
        }

        return DecomposedTransform3D(
            translation: translation, scale: scale, skew: skew, perspective: perspective,
            quaternion: Quaternion(rotationRows: n0, n1, n2))
    }

    /// Every entry finite, checked without building an array.
    var isAllFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// A unit axis for a row whose scale is zero (only singular matrices, in the components style): `preferred`
/// normalised when it is usable, else the first basis vector not parallel to `other`, made orthogonal to it.
private func completingAxis(_ preferred: Vector3, orthogonalTo other: Vector3?) -> Vector3 {
    let length = preferred.length
    if length > 0 { return preferred * (1 / length) }
    for candidate in [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)] {
        let v = other.map { candidate - $0 * $0.dot(candidate) } ?? candidate
        let l = v.length
        if l > 1e-6 { return v * (1 / l) }
    }
    return Vector3(1, 0, 0)
}

@inline(__always)
private func mixVectors(_ a: Vector3, _ b: Vector3, _ t: Double) -> Vector3 {
    Vector3(lerp(a.x, b.x, t), lerp(a.y, b.y, t), lerp(a.z, b.z, t))
}
