import AnimCore
import CCairo
import Glibc

/// CAGradientLayer's own drawing (docs/core-animation-rules.md#special-layer-classes, #compositing-order): the gradient
/// fills the layer's bounds, rounded by `cornerRadius` on the `maskedCorners` corners, drawn over the background
/// colour. Drawn in a space whose origin is the bounds' top-left corner, so a raster serves every bounds origin of the
/// same size.
///
/// Colours interpolate as cairo's (pixman's) gradients do, for every type: straight colour and alpha interpolated
/// separately, then premultiplied; Core Graphics' gradients do the same (a fade to a clear colour passes through
/// that colour's grey). Points outside the stops' range take the nearest end colour (pad).
struct GradientContent {
    enum Kind {
        /// Along the line from `start` to `end`.
        case axial
        /// An ellipse centred at `start` with radii |end − start| per axis
        /// (docs/core-animation-rules.md#special-layer-classes: width 2·(end.x − start.x)).
        case radial
        /// The angle around `start`, 0 toward `end`, increasing from +x toward +y.
        case conic
    }

    /// Offsets in [0, 1], never decreasing; straight colours.
    let stops: [(offset: Double, color: Color)]
    let kind: Kind
    /// In local units from the bounds' top-left corner.
    let start: Point
    let end: Point
    let size: Size
    let outline: BezierPath

    init?(_ properties: GradientLayerProperties, size: Size, cornerRadius: Double, maskedCorners: Double) {
        guard let colors = properties.colors, !colors.isEmpty, colors.allSatisfy(\.isFinite), size.isFinite,
            size.width > 0, size.height > 0, properties.startPoint.isFinite, properties.endPoint.isFinite
        else { return nil }
        let offsets = Self.offsets(properties.locations, count: colors.count)
        stops = zip(offsets, colors).map { ($0, $1.clamped) }
        kind =
            switch properties.gradientType {
            case "radial": .radial
            case "conic": .conic
            default: .axial
            }
        start = Point(x: properties.startPoint.x * size.width, y: properties.startPoint.y * size.height)
        end = Point(x: properties.endPoint.x * size.width, y: properties.endPoint.y * size.height)
        self.size = size
        let radius = cornerRadius.isFinite ? cornerRadius : 0
        outline = BezierPath.roundedRect(
            Rect(origin: .zero, size: size), cornerRadius: radius, maskedCorners: Self.corners(maskedCorners))
    }

    /// `locations` clamped to [0, 1] and made non-decreasing, or spread uniformly when nil, not one per colour or
    /// not finite (Core Animation leaves those cases undefined).
    static func offsets(_ locations: [Double]?, count: Int) -> [Double] {
        guard let locations, locations.count == count, locations.allSatisfy(\.isFinite) else {
            return (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
        }
        var previous = 0.0
        return locations.map { location in
            previous = max(previous, min(max(location, 0), 1))
            return previous
        }
    }

    /// CALayer.maskedCorners' bits (`CornerMask`); anything but a finite number in 0…15 keeps only its valid bits.
    static func corners(_ value: Double) -> CornerMask {
        guard value.isFinite, value >= 0 else { return .all }
        return CornerMask(rawValue: UInt(min(value, 15).rounded(.down)) & CornerMask.all.rawValue)
    }

    /// The colour at `t` (pad outside the stops), straight.
    func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        // The last stop at or before t: with equal offsets the later colour wins past the step.
        var upper = 1
        while upper < stops.count - 1 && stops[upper].offset <= t { upper += 1 }
        let a = stops[upper - 1], b = stops[upper]
        let span = b.offset - a.offset
        let f = span > 0 ? (t - a.offset) / span : 1
        return Color(
            red: a.color.red + (b.color.red - a.color.red) * f,
            green: a.color.green + (b.color.green - a.color.green) * f,
            blue: a.color.blue + (b.color.blue - a.color.blue) * f,
            alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
    }

    /// Draws into `canvas`, whose user space `grid` has set to local units from the bounds' corner.
    func draw(on canvas: ContentCanvas, grid: ContentGrid) throws(ContentCanvas.Failure) {
        let cr = canvas.cr
        if stops.count == 1 || kind == .conic {
            if kind == .conic && stops.count > 1 {
                drawConic(on: canvas, grid: grid)
                // Keep only the rounded outline (DEST_IN is unbounded: pixels outside the path are cleared).
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
                cairo_set_source_rgba(cr, 0, 0, 0, 1)
            } else {
                ContentCairo.setSource(cr, stops[0].color)
            }
        } else if let pattern = pattern() {
            defer { cairo_pattern_destroy(pattern) }
            let status = cairo_pattern_status(pattern)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw .cairo("gradient pattern: status \(status.rawValue)")
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(
                    pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
            }
            cairo_set_source(cr, pattern)
        } else {
            // A line or ellipse of zero length: every point lies past the end.
            ContentCairo.setSource(cr, stops[stops.count - 1].color)
        }
        ContentCairo.append(outline, to: cr)
        cairo_fill(cr)
        try canvas.check("gradient")
    }

    /// Cairo's pattern for an axial or radial gradient; nil when it degenerates.
    private func pattern() -> OpaquePointer? {
        switch kind {
        case .axial:
            guard start != end else { return nil }
            return cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0, ry > 0, let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else { return nil }
            // The pattern matrix maps user space to pattern space, where the ellipse is the unit circle.
            var matrix = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -start.x / rx, y0: -start.y / ry)
            cairo_pattern_set_matrix(pattern, &matrix)
            return pattern
        case .conic:
            return nil
        }
    }

    /// Writes the conic gradient into every pixel: each pixel's centre takes the colour of its angle.
    private func drawConic(on canvas: ContentCanvas, grid: ContentGrid) {
        let direction = end == start ? 0 : atan2(end.y - start.y, end.x - start.x)
        // One colour per 1/1024 turn, premultiplied and rounded as pixman rounds.
        let steps = 1024
        let table: [UInt32] = (0...steps).map { i in
            let c = color(at: Double(i) / Double(steps))
            let a = c.alpha * 255
            func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }
            return byte(a) << 24 | byte(a * c.red) << 16 | byte(a * c.green) << 8 | byte(a * c.blue)
        }
        let width = canvas.width, height = canvas.height, stride = canvas.stride
        canvas.writePixels { bytes in
            for row in 0..<height {
                let y = grid.rect.minY + (Double(row) + 0.5) / grid.scaleY - start.y
                for column in 0..<width {
                    let x = grid.rect.minX + (Double(column) + 0.5) / grid.scaleX - start.x
                    var turn = (atan2(y, x) - direction) / (2 * Double.pi)
                    turn -= turn.rounded(.down)
                    let word = table[min(steps, Int((turn * Double(steps)).rounded()))]
                    bytes.storeBytes(of: word, toByteOffset: row * stride + column * 4, as: UInt32.self)
                }
            }
        }
    }
}
