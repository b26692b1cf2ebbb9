/// The key-path fields of a `CATransform3D` (docs/core-animation-rules.md#key-paths): `transform.rotation.z`,
/// `transform.scale`, …. Angles are in radians.
public enum TransformComponent: String, Hashable, Codable, Sendable, CaseIterable {
    case rotationX = "rotation.x"
    case rotationY = "rotation.y"
    case rotationZ = "rotation.z"
    /// The same as `rotationZ`.
    case rotation = "rotation"
    case scaleX = "scale.x"
    case scaleY = "scale.y"
    case scaleZ = "scale.z"
    /// Reads as the average of the three scale factors; setting it sets all three to the value.
    case scale = "scale"
    case translationX = "translation.x"
    case translationY = "translation.y"
    case translationZ = "translation.z"
    /// The x and y translation, a `Size` (see `translationComponent()` and `settingTranslation(_:)`).
    case translation = "translation"
}

extension TransformComponent {
    /// Whether setting one changes the other's value: the same component, `rotation` and `rotation.z`,
    /// `scale` and each scale factor, `translation` and its x and y. Other pairs are independent values.
    func overlaps(_ other: TransformComponent) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.rotation, .rotationZ), (.rotationZ, .rotation): return true
        case (.scale, .scaleX), (.scale, .scaleY), (.scale, .scaleZ), (.scaleX, .scale), (.scaleY, .scale),
            (.scaleZ, .scale):
            return true
        case (.translation, .translationX), (.translation, .translationY), (.translationX, .translation),
            (.translationY, .translation):
            return true
        default: return false
        }
    }
}

/// Key-path components of a transform.
///
/// Reading decomposes the matrix (the CSS algorithm, see `decomposed()`) and reports a part. Rotations are Euler
/// angles of the decomposed rotation `R = Rx(rotation.x) · Ry(rotation.y) · Rz(rotation.z)` in row-vector order
/// (x applied first), so a pure z-rotation reads `rotation.z = atan2(m12, m11)`, in (−π, π]. Setting decomposes,
/// replaces that part and recomposes; the other parts are kept. The animation engine interpolates the scalar and
/// then sets it, so `transform.rotation.z` from 0 to 2π spins a full turn even though the matrix at 2π equals the
/// identity.
///
/// Two choices differ from the interpolation decomposition, so that components behave as the names say: a zero
/// scale (a singular matrix) decomposes with that scale 0 instead of failing, and a mirror is carried by the x
/// scale alone, so `scale(−1, 1, 1)` reads scale.x = −1 with no rotation. A matrix that still cannot be
/// decomposed (`m44 == 0`, a non-finite entry, or perspective on a singular 3×3) reads as the identity does and
/// is returned unchanged by the setters.
extension Transform3D {
    /// The value of a scalar component. For `.translation`, which is a Size, this is the average of the x and y
    /// translation (matching `.scale`); use `translationComponent()` for both.
    public func component(_ c: TransformComponent) -> Double {
        let d = componentsDecomposition() ?? .identity
        switch c {
        case .rotationX: return eulerAngles(of: d.quaternion).x
        case .rotationY: return eulerAngles(of: d.quaternion).y
        case .rotationZ, .rotation: return eulerAngles(of: d.quaternion).z
        case .scaleX: return d.scale.x
        case .scaleY: return d.scale.y
        case .scaleZ: return d.scale.z
        case .scale: return (d.scale.x + d.scale.y + d.scale.z) / 3
        case .translationX: return d.translation.x
        case .translationY: return d.translation.y
        case .translationZ: return d.translation.z
        case .translation: return (d.translation.x + d.translation.y) / 2
        }
    }

    /// The x and y translation (`transform.translation`).
    public func translationComponent() -> Size {
        let d = componentsDecomposition() ?? .identity
        return Size(width: d.translation.x, height: d.translation.y)
    }

    /// The transform with one component replaced. Setting `.translation` to v sets both x and y to v.
    public func setting(_ c: TransformComponent, to value: Double) -> Transform3D {
        switch c {
        case .translationX: return settingTranslation(x: value, y: nil, z: nil)
        case .translationY: return settingTranslation(x: nil, y: value, z: nil)
        case .translationZ: return settingTranslation(x: nil, y: nil, z: value)
        case .translation: return settingTranslation(x: value, y: value, z: nil)
        default: break
        }
        guard var d = componentsDecomposition() else { return self }
        switch c {
        case .rotationX, .rotationY, .rotationZ, .rotation:
            var angles = eulerAngles(of: d.quaternion)
            switch c {
            case .rotationX: angles.x = value
            case .rotationY: angles.y = value
            default: angles.z = value
            }
            d.quaternion = quaternion(eulerAngles: angles)
        case .scaleX: d.scale.x = value
        case .scaleY: d.scale.y = value
        case .scaleZ: d.scale.z = value
        case .scale: d.scale = Vector3(value, value, value)
        case .translationX, .translationY, .translationZ, .translation: break
        }
        return Transform3D(recomposing: d)
    }

    /// The transform with its x and y translation replaced (`transform.translation`).
    public func settingTranslation(_ s: Size) -> Transform3D {
        settingTranslation(x: s.width, y: s.height, z: nil)
    }

    private func settingTranslation(x: Double?, y: Double?, z: Double?) -> Transform3D {
        // Without perspective the decomposed translation is the bottom row itself: set it exactly.
        if m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1 {
            var t = self
            if let x { t.m41 = x }
            if let y { t.m42 = y }
            if let z { t.m43 = z }
            return t
        }
        guard var d = decompose(style: .components) else { return self }
        if let x { d.translation.x = x }
        if let y { d.translation.y = y }
        if let z { d.translation.z = z }
        return Transform3D(recomposing: d)
    }
}

extension Transform3D {
    /// The identity's decomposition, computed once: component animations (`transform.scale` on a layer
    /// whose transform is the identity) would otherwise decompose the same matrix every frame.
    private static let identityComponents = Transform3D.identity.decompose(style: .components)

    /// `decompose(style: .components)`, from the cache when `self` is bit for bit the identity (a −0 entry
    /// decomposes differently in the last bit, so `==` is not enough).
    @inline(__always)
    func componentsDecomposition() -> DecomposedTransform3D? {
        isBitwiseIdentity ? Self.identityComponents : decompose(style: .components)
    }

    var isBitwiseIdentity: Bool {
        let one = (1.0).bitPattern
        return m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
            && (m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern | m24.bitPattern
                | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern | m42.bitPattern
                | m43.bitPattern) == 0
    }
}

/// The Euler angles (x, y, z) with `R = Rx(x) · Ry(y) · Rz(z)` in row-vector order. In gimbal lock
/// (y = ±π/2) the z angle is 0 and x carries the whole turn about the remaining axis.
private func eulerAngles(of q: Quaternion) -> Vector3 {
    let (r0, r1, r2) = q.rotationRows
    let cosY = (r0.x * r0.x + r0.y * r0.y).squareRoot()
    let y = atan2(-r0.z, cosY)
    if cosY > 1e-12 {
        return Vector3(atan2(r1.z, r2.z), y, atan2(r0.y, r0.x))
    }
    return Vector3(atan2(-r2.y, r1.y), y, 0)
}

/// The rotation `Rx(a.x) · Ry(a.y) · Rz(a.z)` (row vectors, x applied first) as a quaternion.
private func quaternion(eulerAngles a: Vector3) -> Quaternion {
    let sa = sin(a.x), ca = cos(a.x), sb = sin(a.y), cb = cos(a.y), sc = sin(a.z), cc = cos(a.z)
    return Quaternion(
        rotationRows: Vector3(cb * cc, cb * sc, -sb),
        Vector3(-ca * sc + sa * sb * cc, ca * cc + sa * sb * sc, sa * cb),
        Vector3(sa * sc + ca * sb * cc, -sa * cc + ca * sb * sc, ca * cb))
}
