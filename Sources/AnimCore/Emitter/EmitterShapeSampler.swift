import Foundation

/// Where on the emitter's shape a particle is born, from three uniform draws, relative to `emitterPosition` and
/// `emitterZPosition` (docs/core-animation-rules.md#caemitterlayer). Sizes: a line is `emitterSize.width` long
/// along x; a rectangle is the size in x and y; a cuboid adds `emitterDepth` in z; a circle and a sphere have
/// the radius `emitterSize.width / 2`. Modes: `points` uses the shape's vertices (the ends of a line, the corners
/// of a rectangle or cuboid, the centre of a circle or sphere), `outline` its edges (a cuboid's twelve edges, a
/// circle's rim, a sphere's surface), `surface` its faces (a cuboid's six faces, a sphere's surface), `volume`
/// its inside (a rectangle's and circle's surface for the flat shapes).
enum EmitterShapeSampler {
    static func offset(
        shape: String, mode: String, size: Size, depth: Double, _ u1: Double, _ u2: Double, _ u3: Double
    ) -> (x: Double, y: Double, z: Double) {
        let w = size.width.isFinite ? size.width : 0
        let h = size.height.isFinite ? size.height : 0
        let d = depth.isFinite ? depth : 0
        switch shape {
        case "line":
            if mode == "points" { return (u1 < 0.5 ? -w / 2 : w / 2, 0, 0) }
            return ((u1 - 0.5) * w, 0, 0)
        case "rectangle":
            switch mode {
            case "points": return (Double(Int(u1 * 4) & 1) * w - w / 2, Double(Int(u1 * 4) >> 1) * h - h / 2, 0)
            case "outline":
                let p = perimeterPoint(u1, w, h)
                return (p.x, p.y, 0)
            default: return ((u1 - 0.5) * w, (u2 - 0.5) * h, 0)
            }
        case "cuboid":
            switch mode {
            case "points":
                let corner = Int(u1 * 8)
                return (
                    Double(corner & 1) * w - w / 2, Double(corner >> 1 & 1) * h - h / 2,
                    Double(corner >> 2 & 1) * d - d / 2
                )
            case "outline":
                // Twelve edges, chosen by length: four along each axis, at the corners of the other two.
                let total = 4 * (w + h + d)
                guard total > 0 else { return (0, 0, 0) }
                var p = u1 * total
                let corner = (Double(Int(u2 * 4) & 1) - 0.5, Double(Int(u2 * 4) >> 1) - 0.5)
                if p < 4 * w { return (p / 4 - w / 2, corner.0 * h, corner.1 * d) }
                p -= 4 * w
                if p < 4 * h { return (corner.0 * w, p / 4 - h / 2, corner.1 * d) }
                p -= 4 * h
                return (corner.0 * w, corner.1 * h, p / 4 - d / 2)
            case "surface":
                // Six faces, chosen by area: the pair facing each axis, on the side u3 picks.
                let xy = w * h
                let xz = w * d
                let yz = h * d
                let total = xy + xz + yz
                guard total > 0 else { return (0, 0, 0) }
                let side = u3 < 0.5 ? -0.5 : 0.5
                let pick = u1 * total
                if pick < xy { return ((u2 - 0.5) * w, (pick / max(xy, .leastNonzeroMagnitude) - 0.5) * h, side * d) }
                if pick < xy + xz { return ((u2 - 0.5) * w, side * h, ((pick - xy) / xz - 0.5) * d) }
                return (side * w, (u2 - 0.5) * h, ((pick - xy - xz) / yz - 0.5) * d)
            default: return ((u1 - 0.5) * w, (u2 - 0.5) * h, (u3 - 0.5) * d)
            }
        case "circle":
            let r = w / 2
            let angle = 2 * Double.pi * u1
            switch mode {
            case "points": return (0, 0, 0)
            case "outline": return (r * cos(angle), r * sin(angle), 0)
            default: return (r * u2.squareRoot() * cos(angle), r * u2.squareRoot() * sin(angle), 0)
            }
        case "sphere":
            let r = w / 2
            guard mode != "points" else { return (0, 0, 0) }
            let z = 2 * u2 - 1
            let rho = max(0, 1 - z * z).squareRoot()
            let angle = 2 * Double.pi * u1
            let k = mode == "volume" ? r * cbrt(u3) : r
            return (k * rho * cos(angle), k * rho * sin(angle), k * z)
        default:
            return (0, 0, 0)
        }
    }

    /// A point on the outline of a w × h rectangle centred on the origin, `u` of the way round from the top-left
    /// corner (clockwise in y-down space).
    private static func perimeterPoint(_ u: Double, _ w: Double, _ h: Double) -> (x: Double, y: Double) {
        let total = 2 * (w + h)
        guard total > 0 else { return (0, 0) }
        var p = u * total
        if p < w { return (p - w / 2, -h / 2) }
        p -= w
        if p < h { return (w / 2, p - h / 2) }
        p -= h
        if p < w { return (w / 2 - p, h / 2) }
        p -= w
        return (-w / 2, h / 2 - p)
    }
}
