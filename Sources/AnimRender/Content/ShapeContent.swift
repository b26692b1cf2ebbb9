import AnimCore
import CCairo

/// CAShapeLayer's own drawing (docs/core-animation-rules.md#special-layer-classes): the path filled with `fillColor` by
/// `fillRule`, then the part between `strokeStart` and `strokeEnd` of its length stroked with `strokeColor` over the
/// fill. Not clipped to the bounds: the raster covers the path's ink wherever it lies, cropped to the pixels it
/// touches.
struct ShapeContent {
    let fill: (color: Color, evenOdd: Bool)?
    let path: BezierPath
    let stroke: Stroke?

    struct Stroke {
        var color: Color
        /// The trimmed path (strokeStart/strokeEnd).
        var path: BezierPath
        var width: Double
        var miterLimit: Double
        var cap: cairo_line_cap_t
        var join: cairo_line_join_t
        /// nil draws a solid line.
        var dashes: [Double]?
        var dashPhase: Double

        /// How far the stroke's ink can reach from the path: half the width, times the miter limit for miter
        /// joins (a miter is cut where it exceeds `miterLimit` widths) and √2 for square caps (their corners).
        var reach: Double {
            var factor = 1.0
            if join == CAIRO_LINE_JOIN_MITER { factor = max(factor, miterLimit) }
            if cap == CAIRO_LINE_CAP_SQUARE { factor = max(factor, 2.0.squareRoot()) }
            return width / 2 * factor
        }
    }

    /// The drawing `properties` ask for, or nil when they draw nothing (no path, no visible fill or stroke,
    /// a value that is not finite).
    init?(_ properties: ShapeLayerProperties) {
        guard let path = properties.path, !path.isEmpty, Self.isFinite(path) else { return nil }
        self.path = path
        if let color = properties.fillColor, color.isFinite, color.alpha > 0 {
            fill = (color.clamped, properties.fillRule == FillRule.evenOdd.rawValue)
        } else {
            fill = nil
        }
        stroke = Self.stroke(properties, path: path)
        guard fill != nil || stroke != nil else { return nil }
    }

    private static func stroke(_ p: ShapeLayerProperties, path: BezierPath) -> Stroke? {
        guard let color = p.strokeColor, color.isFinite, color.alpha > 0, p.lineWidth.isFinite, p.lineWidth > 0,
            p.strokeStart.isFinite, p.strokeEnd.isFinite, p.miterLimit.isFinite, p.lineDashPhase.isFinite
        else { return nil }
        let trimmed = path.trimmed(from: p.strokeStart, to: p.strokeEnd)
        guard !trimmed.isEmpty else { return nil }
        let cap: cairo_line_cap_t =
            switch p.lineCap {
            case "round": CAIRO_LINE_CAP_ROUND
            case "square": CAIRO_LINE_CAP_SQUARE
            default: CAIRO_LINE_CAP_BUTT
            }
        let join: cairo_line_join_t =
            switch p.lineJoin {
            case "round": CAIRO_LINE_JOIN_ROUND
            case "bevel": CAIRO_LINE_JOIN_BEVEL
            default: CAIRO_LINE_JOIN_MITER
            }
        var stroke = Stroke(
            color: color.clamped, path: trimmed, width: p.lineWidth, miterLimit: max(1, p.miterLimit), cap: cap,
            join: join, dashes: dashes(p.lineDashPattern), dashPhase: p.lineDashPhase)
        if let pattern = stroke.dashes {
            // Cairo makes one piece per dash: a hostile pattern (tiny dashes on a long path) would take seconds.
            // So many dashes are below any visible detail; draw their average coverage instead.
            let period = pattern.reduce(0, +) * (pattern.count % 2 == 1 ? 2 : 1)
            let length = PathMeasure(trimmed).length
            if length / period > Double(maxDashes) {
                var on = 0.0
                for (index, dash) in (pattern + (pattern.count % 2 == 1 ? pattern : [])).enumerated()
                where index % 2 == 0 { on += dash }
                stroke.color.alpha *= on / period
                stroke.dashes = nil
            }
        }
        return stroke
    }

    /// More dashes than this along the stroke are drawn as their average coverage.
    static let maxDashes = 100_000

    /// A usable dash pattern: lengths that are finite, none negative, not all zero (Core Graphics draws a solid
    /// line for anything else, and cairo would refuse it).
    private static func dashes(_ pattern: [Double]?) -> [Double]? {
        guard let pattern, !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
            pattern.contains(where: { $0 > 0 })
        else { return nil }
        return pattern
    }

    private static func isFinite(_ path: BezierPath) -> Bool {
        path.elements.allSatisfy { element in element.points.allSatisfy { $0.isFinite } }
    }

    /// The local rect holding all the ink (before antialiasing).
    var inkBox: Rect {
        var box: Rect?
        if fill != nil { box = path.boundingBox }
        if let stroke {
            let reach = stroke.reach
            let stroked = stroke.path.boundingBox.insetBy(dx: -reach, dy: -reach)
            box = box.map { $0.union(stroked) } ?? stroked
        }
        return box ?? .zero
    }

    /// Draws into `canvas`, whose user space `grid` has set to local units.
    func draw(on canvas: ContentCanvas) {
        let cr = canvas.cr
        if let fill {
            ContentCairo.append(path, to: cr)
            cairo_set_fill_rule(cr, fill.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            ContentCairo.setSource(cr, fill.color)
            cairo_fill(cr)
        }
        if let stroke {
            cairo_new_path(cr)
            ContentCairo.append(stroke.path, to: cr)
            cairo_set_line_width(cr, stroke.width)
            cairo_set_miter_limit(cr, stroke.miterLimit)
            cairo_set_line_cap(cr, stroke.cap)
            cairo_set_line_join(cr, stroke.join)
            if let dashes = stroke.dashes {
                dashes.withUnsafeBufferPointer { buffer in
                    cairo_set_dash(cr, buffer.baseAddress, Int32(clamping: buffer.count), stroke.dashPhase)
                }
            }
            ContentCairo.setSource(cr, stroke.color)
            cairo_stroke(cr)
        }
    }
}
