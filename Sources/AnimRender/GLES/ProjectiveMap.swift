import AnimCore

/// The 2D homography a draw's `Transform3D` applies to its z = 0 plane, and its inverse: local (x, y) maps to
/// output (X/W, Y/W) with X = x·m11 + y·m21 + m41, Y = x·m12 + y·m22 + m42, W = x·m14 + y·m24 + m44 (rows and
/// columns 1, 2 and 4 of the row-vector matrix). Pure maths shared by the shaders' uniforms and the tile
/// visibility test.
struct ProjectiveMap: Sendable, Equatable {
    /// Row-major 3×3, column-vector convention: (X, Y, W) = forward · (x, y, 1).
    let forward: [Double]
    /// The exact inverse (not rescaled, so the sign of its third output is the sign of 1/W).
    let inverse: [Double]

    /// Points whose W is at most this are treated as behind the eye.
    static let minimumW = 1e-6

    /// nil when the plane is seen edge-on (singular map) or the matrix is not finite.
    init?(_ t: Transform3D) {
        let f = [t.m11, t.m21, t.m41, t.m12, t.m22, t.m42, t.m14, t.m24, t.m44]
        guard f.allSatisfy(\.isFinite) else { return nil }
        let c00 = f[4] * f[8] - f[5] * f[7]
        let c01 = f[5] * f[6] - f[3] * f[8]
        let c02 = f[3] * f[7] - f[4] * f[6]
        let det = f[0] * c00 + f[1] * c01 + f[2] * c02
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inv = [
            c00 * k, (f[2] * f[7] - f[1] * f[8]) * k, (f[1] * f[5] - f[2] * f[4]) * k,
            c01 * k, (f[0] * f[8] - f[2] * f[6]) * k, (f[2] * f[3] - f[0] * f[5]) * k,
            c02 * k, (f[1] * f[6] - f[0] * f[7]) * k, (f[0] * f[4] - f[1] * f[3]) * k,
        ]
        guard inv.allSatisfy(\.isFinite) else { return nil }
        forward = f
        inverse = inv
    }

    /// W of a local point (positive in front of the eye).
    func w(_ p: Point) -> Double { forward[6] * p.x + forward[7] * p.y + forward[8] }

    /// The output point of a local point, nil behind the eye.
    func project(_ p: Point) -> Point? {
        let w = w(p)
        guard w > Self.minimumW else { return nil }
        return Point(
            x: (forward[0] * p.x + forward[1] * p.y + forward[2]) / w,
            y: (forward[3] * p.x + forward[4] * p.y + forward[5]) / w)
    }

    /// The local point seen at an output point, nil when that ray meets the plane behind the eye.
    func unproject(_ p: Point) -> Point? {
        let u = inverse[0] * p.x + inverse[1] * p.y + inverse[2]
        let v = inverse[3] * p.x + inverse[4] * p.y + inverse[5]
        let w = inverse[6] * p.x + inverse[7] * p.y + inverse[8]
        guard w > 0 else { return nil }
        return Point(x: u / w, y: v / w)
    }

    /// Local units one output pixel spans at output point `p` (the larger column of the inverse's jacobian), nil
    /// behind the eye.
    func localUnitsPerPixel(at p: Point) -> Double? {
        let w = inverse[6] * p.x + inverse[7] * p.y + inverse[8]
        guard w > 0, let q = unproject(p) else { return nil }
        let dxX = (inverse[0] - q.x * inverse[6]) / w
        let dyX = (inverse[3] - q.y * inverse[6]) / w
        let dxY = (inverse[1] - q.x * inverse[7]) / w
        let dyY = (inverse[4] - q.y * inverse[7]) / w
        return max((dxX * dxX + dyX * dyX).squareRoot(), (dxY * dxY + dyY * dyY).squareRoot())
    }

    /// The output bounding box of the part of local `rect` in front of the eye, nil when none of it is.
    func outputBounds(of rect: Rect) -> Rect? {
        let polygon = ConvexPolygon(rect).clipped(a: forward[6], b: forward[7], c: forward[8] - Self.minimumW)
        let points = polygon.points.compactMap(project)
        guard !points.isEmpty else { return nil }
        return Rect.bounding(points)
    }

    /// The part of local `rect` that maps into the output rectangle `visible` (in front of the eye): each side of
    /// `visible` is a half-plane in local space because X, Y and W are affine in the local point.
    func preimage(of visible: Rect, within rect: Rect) -> ConvexPolygon {
        let f = forward
        return ConvexPolygon(rect)
            .clipped(a: f[6], b: f[7], c: f[8] - Self.minimumW)
            .clipped(a: f[0] - visible.minX * f[6], b: f[1] - visible.minX * f[7], c: f[2] - visible.minX * f[8])
            .clipped(a: visible.maxX * f[6] - f[0], b: visible.maxX * f[7] - f[1], c: visible.maxX * f[8] - f[2])
            .clipped(a: f[3] - visible.minY * f[6], b: f[4] - visible.minY * f[7], c: f[5] - visible.minY * f[8])
            .clipped(a: visible.maxY * f[6] - f[3], b: visible.maxY * f[7] - f[4], c: visible.maxY * f[8] - f[5])
    }
}

/// A convex polygon in the plane, clipped by half-planes (Sutherland–Hodgman).
struct ConvexPolygon: Sendable, Equatable {
    var points: [Point]

    init(points: [Point]) { self.points = points }

    init(_ rect: Rect) {
        points = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
            Point(x: rect.minX, y: rect.maxY),
        ]
    }

    var isEmpty: Bool { points.isEmpty }

    /// The part where a·x + b·y + c ≥ 0.
    func clipped(a: Double, b: Double, c: Double) -> ConvexPolygon {
        guard !points.isEmpty else { return self }
        var out = [Point]()
        out.reserveCapacity(points.count + 1)
        for i in points.indices {
            let p = points[i]
            let n = points[(i + 1) % points.count]
            let dp = a * p.x + b * p.y + c
            let dn = a * n.x + b * n.y + c
            if dp >= 0 { out.append(p) }
            if (dp >= 0) != (dn >= 0) {
                let t = dp / (dp - dn)
                out.append(Point(x: p.x + (n.x - p.x) * t, y: p.y + (n.y - p.y) * t))
            }
        }
        return ConvexPolygon(points: out)
    }
}
