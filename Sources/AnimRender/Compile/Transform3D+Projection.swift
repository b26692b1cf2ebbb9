import AnimCore

/// What the compiler asks of a layer's world transform (local points → output pixels, row vectors): the
/// flattening of a superlayer's plane, the projected image of rectangles, local derivatives for shadows and
/// the facing of a layer for `doubleSided`.
extension Transform3D {
    /// `F · self` with F = the identity whose m33 is 0: points entering the map lose their z. This is what a
    /// flattening superlayer applies between its sublayers' matrices and its own world transform, so each
    /// sublayer is drawn into the superlayer's plane (docs/core-animation-rules.md#compositing-order).
    var flatteningDepth: Transform3D {
        var t = self
        t.m31 = 0
        t.m32 = 0
        t.m33 = 0
        t.m34 = 0
        return t
    }

    /// Whether every entry is finite (`isFinite` without building the array of elements).
    var allFinite: Bool {
        var sum = m11 + m12 + m13 + m14 + m21 + m22 + m23 + m24
        sum += m31 + m32 + m33 + m34 + m41 + m42 + m43 + m44
        // A sum of finite values is finite unless it overflows; test the entries one by one only then.
        return sum.isFinite || isFinite
    }

    /// The output point of the local point (x, y, 0); nil when it is behind the eye (W ≤ 0) or not finite.
    @inline(__always)
    func project(_ x: Double, _ y: Double) -> Point? {
        let w = x * m14 + y * m24 + m44
        guard w > 0 else { return nil }
        let p = Point(x: (x * m11 + y * m21 + m41) / w, y: (x * m12 + y * m22 + m42) / w)
        return p.isFinite ? p : nil
    }

    /// The bounding box in output pixels of `rect`'s four corners; nil when a corner is behind the eye (the
    /// compiler does not clip quads against the eye plane: a partially visible quad is dropped).
    func projectedBox(of rect: Rect) -> Rect? {
        guard let a = project(rect.minX, rect.minY), let b = project(rect.maxX, rect.minY),
            let c = project(rect.minX, rect.maxY), let d = project(rect.maxX, rect.maxY)
        else { return nil }
        let x0 = min(min(a.x, b.x), min(c.x, d.x))
        let x1 = max(max(a.x, b.x), max(c.x, d.x))
        let y0 = min(min(a.y, b.y), min(c.y, d.y))
        let y1 = max(max(a.y, b.y), max(c.y, d.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The output pixels `rect` covers exactly, when the map sends it to an axis-aligned rectangle whose
    /// edges lie on whole pixels (within 1e-6); nil otherwise. Such a rectangle clips by `PixelRect` instead
    /// of an offscreen mask.
    func pixelAlignedImage(of rect: Rect) -> PixelRect? {
        guard let a = project(rect.minX, rect.minY), let b = project(rect.maxX, rect.minY),
            let c = project(rect.minX, rect.maxY), let d = project(rect.maxX, rect.maxY)
        else { return nil }
        let tolerance = 1e-6
        func same(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= tolerance }
        // a-b along x and a-c along y, or (a quarter turn) a-b along y and a-c along x.
        let straight = same(a.y, b.y) && same(c.y, d.y) && same(a.x, c.x) && same(b.x, d.x)
        let turned = same(a.x, b.x) && same(c.x, d.x) && same(a.y, c.y) && same(b.y, d.y)
        guard straight || turned else { return nil }
        func whole(_ v: Double) -> Int? {
            let r = v.rounded()
            guard abs(v - r) <= tolerance, abs(r) < Double(Int32.max) else { return nil }
            return Int(r)
        }
        guard let x0 = whole(min(a.x, d.x)), let x1 = whole(max(a.x, d.x)), let y0 = whole(min(a.y, d.y)),
            let y1 = whole(max(a.y, d.y))
        else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The derivative of the projected map at the local point (x, y, 0): how a local vector (dx, dy) moves
    /// the output point, `(dx·a + dy·c, dx·b + dy·d)`. Nil behind the eye.
    func jacobian(atX x: Double, y: Double) -> (a: Double, b: Double, c: Double, d: Double)? {
        let w = x * m14 + y * m24 + m44
        guard w > 0 else { return nil }
        let px = x * m11 + y * m21 + m41
        let py = x * m12 + y * m22 + m42
        let w2 = w * w
        let j = (
            a: (m11 * w - px * m14) / w2, b: (m12 * w - py * m14) / w2,
            c: (m21 * w - px * m24) / w2, d: (m22 * w - py * m24) / w2
        )
        guard j.a.isFinite, j.b.isFinite, j.c.isFinite, j.d.isFinite else { return nil }
        return j
    }

    /// Whether the local plane is seen from behind at the local point (x, y): the projected winding of any
    /// small figure there is reversed. The sign of the projective map's 3×3 determinant (rows and columns 1,
    /// 2 and 4) gives it for every point in front of the eye, so empty bounds still have a facing.
    func isBackFacing(atX x: Double, y: Double) -> Bool {
        let w = x * m14 + y * m24 + m44
        guard w > 0 else { return false }
        let det =
            m11 * (m22 * m44 - m24 * m42) - m12 * (m21 * m44 - m24 * m41) + m14 * (m21 * m42 - m22 * m41)
        return det < 0
    }

    /// The depth (z after the perspective divide; larger is nearer the viewer) of the local point (x, y, 0),
    /// or −∞ when it is behind the eye.
    func depth(atX x: Double, y: Double) -> Double {
        let h = applyHomogeneous(x: x, y: y, z: 0)
        guard h.w > 0 else { return -.infinity }
        let z = h.z / h.w
        return z.isNaN ? -.infinity : z
    }
}
