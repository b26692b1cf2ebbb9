import AnimCore

extension Transform3D {
    /// `isFinite` without building `elements` (an array per call; the rectangle paths test it per draw). 0 · x is
    /// ±0 for a finite x and NaN for ±∞ or NaN, so the sum is 0 exactly when every field is finite.
    var fieldsAreFinite: Bool {
        let a = 0 * m11 + 0 * m12 + 0 * m13 + 0 * m14
        let b = 0 * m21 + 0 * m22 + 0 * m23 + 0 * m24
        let c = 0 * m31 + 0 * m32 + 0 * m33 + 0 * m34
        let d = 0 * m41 + 0 * m42 + 0 * m43 + 0 * m44
        return a + b + c + d == 0
    }
}
