import AnimCore

extension BezierPath {
    /// How far along each side a continuous corner of radius r reaches: 1.52866483 r.
    static let continuousCornerReach = 1.528_664_83

    /// One continuous corner from where it leaves the edge it is entered by to where it joins the next, as
    /// (a, b) in corner radii: a back along the entering edge from the corner, b along the leaving one. Three
    /// cubics joined by two short lines: the published reverse-engineering of iOS 7's rounded rectangle
    /// (PaintCode, "Code for iOS 7 rounded rectangles"), docs/core-animation-rules.md#layer-properties.
    private static let continuousCorner: [[(a: Double, b: Double)]] = [
        [(1.088_493_23, 0), (0.868_406_89, 0), (0.669_934_27, 0.065_496)],
        [(0.631_493_99, 0.074_911)],
        [(0.372_823_92, 0.169_058_99), (0.169_058_99, 0.372_823_92), (0.074_911, 0.631_493_99)],
        [(0.065_496, 0.669_934_27)],
        [(0, 0.868_406_89), (0, 1.088_493_23), (0, 1.528_664_83)],
    ]

    /// A closed rectangle with continuous (`cornerCurve` = `continuous`) corners of the given radii, each limited
    /// so its reach fits in half the shorter side (r ≤ min(w, h) / (2 · 1.52866483)). Clockwise on screen (y
    /// down), like `rect(_:)`, starting where the top-left corner meets the top edge.
    static func continuousRoundedRect(
        _ rect: Rect, topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    ) -> BezierPath {
        let s = rect.standardized
        let limit = min(s.width, s.height) / 2 / continuousCornerReach
        func limited(_ r: Double) -> Double { r.isFinite ? min(max(0, r), limit) : 0 }
        // Each corner: its point, the direction back along the edge entering it and the one along the edge leaving it.
        let corners: [(k: Point, u: Point, v: Point, r: Double)] = [
            (Point(x: s.maxX, y: s.minY), Point(x: -1, y: 0), Point(x: 0, y: 1), limited(topRight)),
            (Point(x: s.maxX, y: s.maxY), Point(x: 0, y: -1), Point(x: -1, y: 0), limited(bottomRight)),
            (Point(x: s.minX, y: s.maxY), Point(x: 1, y: 0), Point(x: 0, y: -1), limited(bottomLeft)),
            (Point(x: s.minX, y: s.minY), Point(x: 0, y: 1), Point(x: 1, y: 0), limited(topLeft)),
        ]
        var path = BezierPath()
        let first = corners[3]
        path.move(
            to: Point(
                x: first.k.x + first.r * continuousCornerReach * first.v.x,
                y: first.k.y + first.r * continuousCornerReach * first.v.y))
        for corner in corners {
            func at(_ p: (a: Double, b: Double)) -> Point {
                Point(
                    x: corner.k.x + corner.r * (p.a * corner.u.x + p.b * corner.v.x),
                    y: corner.k.y + corner.r * (p.a * corner.u.y + p.b * corner.v.y))
            }
            guard corner.r > 0 else {
                path.addLine(to: corner.k)
                continue
            }
            path.addLine(to: at((continuousCornerReach, 0)))
            for step in continuousCorner {
                if step.count == 3 {
                    path.addCurve(to: at(step[2]), control1: at(step[0]), control2: at(step[1]))
                } else {
                    path.addLine(to: at(step[0]))
                }
            }
        }
        path.closeSubpath()
        return path
    }
}

extension RectDraw {
    /// What both renderers fill for continuous corners: the outline (a border: the region between it and the
    /// outline inset by the border width, radii each max(0, r − w), even-odd); nil for circular corners and for
    /// square ones, which the coverage rule draws.
    var continuousOutline: PathDraw? {
        guard cornerCurve == .continuous, !radii.isZero, rect.isFinite else { return nil }
        let r = rect.standardized
        var path = BezierPath.continuousRoundedRect(
            r, topLeft: radii.topLeft, topRight: radii.topRight, bottomRight: radii.bottomRight,
            bottomLeft: radii.bottomLeft)
        if let width = borderWidth, width.isFinite {
            guard width > 0 else { return nil }
            let inner = Rect(
                x: r.minX + width, y: r.minY + width, width: r.width - 2 * width, height: r.height - 2 * width)
            if inner.width > 0, inner.height > 0 {
                let hole = BezierPath.continuousRoundedRect(
                    inner, topLeft: max(0, radii.topLeft - width), topRight: max(0, radii.topRight - width),
                    bottomRight: max(0, radii.bottomRight - width), bottomLeft: max(0, radii.bottomLeft - width))
                path = BezierPath(elements: path.elements + hole.elements)
            }
        }
        return PathDraw(transform: transform, path: path, color: color, evenOdd: true, clip: clip)
    }
}
