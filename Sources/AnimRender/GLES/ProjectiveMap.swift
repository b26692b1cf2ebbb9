import AnimCore

/// The 2D homography a draw's `Transform3D` applies to its z = 0 plane (AnimCore's `PlanarHomography`: local
/// (x, y) maps to output (X/W, Y/W) with [X Y W] = [x y 1] · H, rows and columns 1, 2 and 4 of the row-vector
/// matrix) and its inverse, with what the GLES renderer asks of them: the shaders' uniforms and the tile
/// visibility test.
struct ProjectiveMap: Sendable, Equatable {
    let forward: PlanarHomography
    /// The exact inverse (not rescaled, so the sign of its W is the sign of 1/W).
    let inverse: PlanarHomography

    /// Points whose W is at most this are treated as behind the eye.
    static let minimumW = 1e-6

    /// nil when the plane is seen edge-on (singular map) or the matrix is not finite.
    init?(_ t: Transform3D) {
        let f = PlanarHomography(planeOf: t)
        guard Self.isFinite(f), let inv = f.inverted, Self.isFinite(inv) else { return nil }
        forward = f
        inverse = inv
    }

    private static func isFinite(_ h: PlanarHomography) -> Bool {
        h.transform.isFinite
    }

    /// The inverse as a column-major mat3 for GLSL's column-vector convention: column k is row k of H⁻¹.
    var inverseColumns: [Double] {
        let i = inverse
        return [i.h11, i.h12, i.h13, i.h21, i.h22, i.h23, i.h31, i.h32, i.h33]
    }

    /// W of a local point (positive in front of the eye).
    func w(_ p: Point) -> Double { forward.h13 * p.x + forward.h23 * p.y + forward.h33 }

    /// The output point of a local point, nil behind the eye.
    func project(_ p: Point) -> Point? {
        let w = w(p)
        guard w > Self.minimumW else { return nil }
        let f = forward
        return Point(x: (f.h11 * p.x + f.h21 * p.y + f.h31) / w, y: (f.h12 * p.x + f.h22 * p.y + f.h32) / w)
    }

    /// The local point seen at an output point, nil when that ray meets the plane behind the eye.
    func unproject(_ p: Point) -> Point? {
        let i = inverse
        let w = i.h13 * p.x + i.h23 * p.y + i.h33
        guard w > 0 else { return nil }
        return Point(x: (i.h11 * p.x + i.h21 * p.y + i.h31) / w, y: (i.h12 * p.x + i.h22 * p.y + i.h32) / w)
    }

    /// Local units one output pixel spans at output point `p` (the larger column of the inverse's jacobian), nil
    /// behind the eye.
    func localUnitsPerPixel(at p: Point) -> Double? {
        let i = inverse
        let w = i.h13 * p.x + i.h23 * p.y + i.h33
        guard w > 0, let q = unproject(p) else { return nil }
        let dxX = (i.h11 - q.x * i.h13) / w
        let dyX = (i.h12 - q.y * i.h13) / w
        let dxY = (i.h21 - q.x * i.h23) / w
        let dyY = (i.h22 - q.y * i.h23) / w
        return max((dxX * dxX + dyX * dyX).squareRoot(), (dxY * dxY + dyY * dyY).squareRoot())
    }

    /// The output bounding box of the part of local `rect` in front of the eye, nil when none of it is.
    func outputBounds(of rect: Rect) -> Rect? {
        let f = forward
        let polygon = ConvexPolygon(rect).clipped(a: f.h13, b: f.h23, c: f.h33 - Self.minimumW)
        let points = polygon.points.compactMap(project)
        guard !points.isEmpty else { return nil }
        return Rect.bounding(points)
    }

    /// The part of local `rect` that maps into the output rectangle `visible` (in front of the eye): each side of
    /// `visible` is a half-plane in local space because X, Y and W are affine in the local point.
    func preimage(of visible: Rect, within rect: Rect) -> ConvexPolygon {
        let f = forward
        return ConvexPolygon(rect)
            .clipped(a: f.h13, b: f.h23, c: f.h33 - Self.minimumW)
            .clipped(
                a: f.h11 - visible.minX * f.h13, b: f.h21 - visible.minX * f.h23, c: f.h31 - visible.minX * f.h33
            )
            .clipped(
                a: visible.maxX * f.h13 - f.h11, b: visible.maxX * f.h23 - f.h21, c: visible.maxX * f.h33 - f.h31
            )
            .clipped(
                a: f.h12 - visible.minY * f.h13, b: f.h22 - visible.minY * f.h23, c: f.h32 - visible.minY * f.h33
            )
            .clipped(
                a: visible.maxY * f.h13 - f.h12, b: visible.maxY * f.h23 - f.h22, c: visible.maxY * f.h33 - f.h32)
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
