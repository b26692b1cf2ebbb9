/// A projective map between two planes, `[X Y W] = [x y 1] · H` (row vectors), with the point at
/// `(X/W, Y/W)`. The map from a layer's z = 0 plane to the plane it is drawn into is one of these: it
/// keeps rows and columns 1, 2 and 4 of the 4×4 layer matrix, because the source points have z = 0 and
/// drawing into a plane drops the depth.
public struct PlanarHomography: Hashable, Sendable {
    public var h11: Double, h12: Double, h13: Double
    public var h21: Double, h22: Double, h23: Double
    public var h31: Double, h32: Double, h33: Double

    public static let identity = PlanarHomography(
        h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 0, h32: 0, h33: 1)

    public init(
        h11: Double, h12: Double, h13: Double, h21: Double, h22: Double, h23: Double, h31: Double, h32: Double,
        h33: Double
    ) {
        self.h11 = h11
        self.h12 = h12
        self.h13 = h13
        self.h21 = h21
        self.h22 = h22
        self.h23 = h23
        self.h31 = h31
        self.h32 = h32
        self.h33 = h33
    }

    /// The map from the z = 0 plane of `m`'s source space to the xy plane of its target space.
    public init(planeOf m: Transform3D) {
        self.init(
            h11: m.m11, h12: m.m12, h13: m.m14, h21: m.m21, h22: m.m22, h23: m.m24, h31: m.m41, h32: m.m42,
            h33: m.m44)
    }

    /// `self` applied first, then `o`.
    public func concatenating(_ o: PlanarHomography) -> PlanarHomography {
        PlanarHomography(
            h11: h11 * o.h11 + h12 * o.h21 + h13 * o.h31,
            h12: h11 * o.h12 + h12 * o.h22 + h13 * o.h32,
            h13: h11 * o.h13 + h12 * o.h23 + h13 * o.h33,
            h21: h21 * o.h11 + h22 * o.h21 + h23 * o.h31,
            h22: h21 * o.h12 + h22 * o.h22 + h23 * o.h32,
            h23: h21 * o.h13 + h22 * o.h23 + h23 * o.h33,
            h31: h31 * o.h11 + h32 * o.h21 + h33 * o.h31,
            h32: h31 * o.h12 + h32 * o.h22 + h33 * o.h32,
            h33: h31 * o.h13 + h32 * o.h23 + h33 * o.h33)
    }

    public var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// The inverse map, or nil when the plane is seen edge-on (singular). Applying it unprojects: it finds
    /// where the eye ray through a target point meets the source plane, and since the forward W of that
    /// source point is 1 / (the inverse's W), `apply` refusing W ≤ 0 refuses points behind the eye too.
    public var inverted: PlanarHomography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return PlanarHomography(
            h11: (h22 * h33 - h23 * h32) * k, h12: (h13 * h32 - h12 * h33) * k, h13: (h12 * h23 - h13 * h22) * k,
            h21: (h23 * h31 - h21 * h33) * k, h22: (h11 * h33 - h13 * h31) * k, h23: (h13 * h21 - h11 * h23) * k,
            h31: (h21 * h32 - h22 * h31) * k, h32: (h12 * h31 - h11 * h32) * k, h33: (h11 * h22 - h12 * h21) * k)
    }

    /// Maps `p`; nil when it lands behind the eye (W ≤ 0) or off to infinity.
    public func apply(_ p: Point) -> Point? {
        let w = p.x * h13 + p.y * h23 + h33
        guard w > 0 else { return nil }
        let q = Point(x: (p.x * h11 + p.y * h21 + h31) / w, y: (p.x * h12 + p.y * h22 + h32) / w)
        return q.isFinite ? q : nil
    }

    /// The map as a 4×4 transform of the plane: z passes through unchanged and does not affect x, y or w.
    public var transform: Transform3D {
        Transform3D(
            m11: h11, m12: h12, m13: 0, m14: h13,
            m21: h21, m22: h22, m23: 0, m24: h23,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: h31, m42: h32, m43: 0, m44: h33)
    }
}
