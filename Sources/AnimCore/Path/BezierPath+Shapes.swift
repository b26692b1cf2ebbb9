/// 4/3·tan(θ/4) for a quarter turn: the cubic handle length of a 90° circular arc, per unit radius.
let quarterArcHandle = 0.552_284_749_830_793_4

extension BezierPath {
    /// Adds a circular arc, as `CGPath.addArc(center:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// The point at angle a is `center + radius·(cos a, sin a)`, angles in radians. This is Core Graphics'
    /// flag: `clockwise == false` sweeps toward increasing angles, `clockwise == true` toward decreasing ones.
    /// In animserver's y-down layer space increasing angles turn clockwise on screen, so `clockwise: false`
    /// looks clockwise there (UIKit's `UIBezierPath` flag is the opposite of this one).
    ///
    /// The sweep is `endAngle − startAngle` brought into [0, 2π) in the chosen direction; a difference of 2π or
    /// more in that direction draws a full circle. The arc starts with a line from the current point to its
    /// start, or a move-to when there is no current point, and is made of cubic segments of at most 90° each.
    /// A negative radius is used as its magnitude.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        let r = abs(radius)
        let direction: Double = clockwise ? -1 : 1
        let rawSweep = (endAngle - startAngle) * direction
        let sweep: Double
        if rawSweep >= 2 * Double.pi {
            sweep = 2 * Double.pi
        } else {
            let wrapped = rawSweep - 2 * Double.pi * (rawSweep / (2 * Double.pi)).rounded(.down)
            sweep = wrapped >= 2 * Double.pi ? 0 : wrapped
        }
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil {
            move(to: start)
        } else {
            addLine(to: start)
        }
        guard sweep > 0, r > 0 else { return }
        // A little slack so that exact quarter turns are not split into a quarter and a sliver.
        let count = max(1, Int((sweep / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count) * direction
        let handle = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for i in 0..<count {
            let next = i == count - 1 ? startAngle + sweep * direction : angle + step
            let c0 = cos(angle), s0 = sin(angle), c1 = cos(next), s1 = sin(next)
            addCurve(
                to: Point(x: center.x + r * c1, y: center.y + r * s1),
                control1: Point(x: center.x + r * (c0 - handle * s0), y: center.y + r * (s0 + handle * c0)),
                control2: Point(x: center.x + r * (c1 + handle * s1), y: center.y + r * (s1 - handle * c1)))
            angle = next
        }
    }

    /// A closed rectangle (`CGPath(rect:)`): from (minX, minY) along +x, then +y, of the standardised rect.
    public static func rect(_ r: Rect) -> BezierPath {
        let s = r.standardized
        return BezierPath(elements: [
            .move(Point(x: s.minX, y: s.minY)),
            .line(Point(x: s.maxX, y: s.minY)),
            .line(Point(x: s.maxX, y: s.maxY)),
            .line(Point(x: s.minX, y: s.maxY)),
            .close,
        ])
    }

    /// The outline of a layer with `cornerRadius` and `maskedCorners` (docs/core-animation-rules.md#layer-properties,
    /// circular corners).
    ///
    /// The radius is clamped to [0, half the shorter side]; only the corners in `maskedCorners` are rounded,
    /// each by a 90° cubic arc. The path starts at the end of the top-left corner on the top edge and runs
    /// along +x first (clockwise on screen), like `rect(_:)` and `ellipse(in:)`; edges of zero length are left
    /// out, and so is the last edge when no arc follows it (`close` draws it). With a zero radius or no masked
    /// corners it has the elements of `rect(_:)` (for a rect whose sides are not zero).
    public static func roundedRect(_ r: Rect, cornerRadius: Double, maskedCorners: CornerMask = .all) -> BezierPath {
        let s = r.standardized
        let limit = min(s.width, s.height) / 2
        let clampedRadius = cornerRadius > 0 ? min(cornerRadius, limit) : 0
        func radius(of corner: CornerMask) -> Double { maskedCorners.contains(corner) ? clampedRadius : 0 }
        let topLeft = radius(of: .minXMinY), topRight = radius(of: .maxXMinY)
        let bottomRight = radius(of: .maxXMaxY), bottomLeft = radius(of: .minXMaxY)
        let k = quarterArcHandle
        let x0 = s.minX, x1 = s.maxX, y0 = s.minY, y1 = s.maxY

        var path = BezierPath()
        path.move(to: Point(x: x0 + topLeft, y: y0))
        path.addLineIfLonger(to: Point(x: x1 - topRight, y: y0))
        if topRight > 0 {
            path.addCurve(
                to: Point(x: x1, y: y0 + topRight),
                control1: Point(x: x1 - topRight + k * topRight, y: y0),
                control2: Point(x: x1, y: y0 + topRight - k * topRight))
        }
        path.addLineIfLonger(to: Point(x: x1, y: y1 - bottomRight))
        if bottomRight > 0 {
            path.addCurve(
                to: Point(x: x1 - bottomRight, y: y1),
                control1: Point(x: x1, y: y1 - bottomRight + k * bottomRight),
                control2: Point(x: x1 - bottomRight + k * bottomRight, y: y1))
        }
        path.addLineIfLonger(to: Point(x: x0 + bottomLeft, y: y1))
        if bottomLeft > 0 {
            path.addCurve(
                to: Point(x: x0, y: y1 - bottomLeft),
                control1: Point(x: x0 + bottomLeft - k * bottomLeft, y: y1),
                control2: Point(x: x0, y: y1 - bottomLeft + k * bottomLeft))
        }
        if topLeft > 0 {
            path.addLineIfLonger(to: Point(x: x0, y: y0 + topLeft))
            path.addCurve(
                to: Point(x: x0 + topLeft, y: y0),
                control1: Point(x: x0, y: y0 + topLeft - k * topLeft),
                control2: Point(x: x0 + topLeft - k * topLeft, y: y0))
        }
        path.closeSubpath()
        return path
    }

    /// The ellipse inscribed in the rect (`CGPath(ellipseIn:)`): four 90° cubic arcs starting at (maxX, midY)
    /// and turning toward increasing angles (+y first, clockwise on screen), closed.
    public static func ellipse(in r: Rect) -> BezierPath {
        let s = r.standardized
        let cx = s.midX, cy = s.midY, rx = s.width / 2, ry = s.height / 2
        let kx = quarterArcHandle * rx, ky = quarterArcHandle * ry
        return BezierPath(elements: [
            .move(Point(x: cx + rx, y: cy)),
            .cubic(
                control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry),
                to: Point(x: cx, y: cy + ry)),
            .cubic(
                control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky),
                to: Point(x: cx - rx, y: cy)),
            .cubic(
                control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry),
                to: Point(x: cx, y: cy - ry)),
            .cubic(
                control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky),
                to: Point(x: cx + rx, y: cy)),
            .close,
        ])
    }

    private mutating func addLineIfLonger(to p: Point) {
        if let current = currentPoint, current == p { return }
        addLine(to: p)
    }
}
