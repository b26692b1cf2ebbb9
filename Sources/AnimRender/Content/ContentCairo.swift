import AnimCore
import CCairo

/// What the content rasterizers hand to cairo: paths and colours.
enum ContentCairo {
    /// Appends `path` (in the context's user space): quadratic curves become the equal cubics, `close` closes the
    /// subpath and leaves the current point at its start, as in Core Graphics. A segment with no current point
    /// starts a subpath at its end point (`BezierPath`'s rule).
    static func append(_ path: BezierPath, to cr: OpaquePointer) {
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
            case .quad(let c, let p):
                guard cairo_has_current_point(cr) != 0 else {
                    cairo_move_to(cr, p.x, p.y)
                    continue
                }
                var x0 = 0.0
                var y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(
                    cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0), p.x + 2 / 3 * (c.x - p.x),
                    p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .cubic(let c1, let c2, let p):
                guard cairo_has_current_point(cr) != 0 else {
                    cairo_move_to(cr, p.x, p.y)
                    continue
                }
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close:
                cairo_close_path(cr)
            }
        }
    }

    /// Sets a straight-alpha colour as the source (cairo premultiplies it).
    static func setSource(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}
