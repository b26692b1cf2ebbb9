import AnimCore
import CCairo

/// Draws a `Chart` with a cairo context, following a `ChartLayout`.
struct ChartPainter {
    let context: OpaquePointer
    let chart: Chart
    let layout: ChartLayout

    static let fontFamily = "DejaVu Sans"
    static let backgroundColor = Color.white
    static let gridColor = Color(white: 0.88)
    static let axisColor = Color(white: 0.2)
    static let textColor = Color(white: 0.1)
    static let seriesLineWidth = 2.0
    static let tickLength = 5.0

    func paint() {
        setColor(Self.backgroundColor)
        cairo_paint(context)
        paintGrid()
        paintSeries()
        paintAxes()
        paintTickLabels()
        paintTitles()
        if chart.series.count > 1 {
            paintLegend()
        }
    }

    // MARK: - Frame

    /// Grid lines sit on pixel centres so they come out one crisp pixel wide.
    private func paintGrid() {
        let plot = layout.plotArea
        setColor(Self.gridColor)
        cairo_set_line_width(context, 1)
        for x in layout.xTicks.values {
            let px = crisp(layout.pixelPosition(of: Point(x: x, y: 0)).x)
            cairo_move_to(context, px, plot.minY)
            cairo_line_to(context, px, plot.maxY)
        }
        for y in layout.yTicks.values {
            let py = crisp(layout.pixelPosition(of: Point(x: 0, y: y)).y)
            cairo_move_to(context, plot.minX, py)
            cairo_line_to(context, plot.maxX, py)
        }
        cairo_stroke(context)
    }

    /// The axes run just outside the plot area (left and bottom), with tick marks pointing outwards.
    private func paintAxes() {
        let plot = layout.plotArea
        setColor(Self.axisColor)
        cairo_set_line_width(context, 1)
        let axisX = plot.minX.rounded() - 0.5
        let axisY = plot.maxY.rounded() + 0.5
        cairo_move_to(context, axisX, plot.minY)
        cairo_line_to(context, axisX, axisY)
        cairo_line_to(context, plot.maxX, axisY)
        for x in layout.xTicks.values {
            let px = crisp(layout.pixelPosition(of: Point(x: x, y: 0)).x)
            cairo_move_to(context, px, axisY)
            cairo_line_to(context, px, axisY + Self.tickLength)
        }
        for y in layout.yTicks.values {
            let py = crisp(layout.pixelPosition(of: Point(x: 0, y: y)).y)
            cairo_move_to(context, axisX, py)
            cairo_line_to(context, axisX - Self.tickLength, py)
        }
        cairo_stroke(context)
    }

    private func paintTickLabels() {
        let plot = layout.plotArea
        selectFont(size: ChartLayout.labelFontSize)
        setColor(Self.textColor)
        for x in layout.xTicks.values {
            let px = layout.pixelPosition(of: Point(x: x, y: 0)).x
            showText(layout.xTicks.label(for: x), x: px, baselineY: plot.maxY + 20, alignment: 0.5)
        }
        for y in layout.yTicks.values {
            let py = layout.pixelPosition(of: Point(x: 0, y: y)).y
            showText(layout.yTicks.label(for: y), x: plot.minX - 9, centerY: py, alignment: 1)
        }
    }

    private func paintTitles() {
        let plot = layout.plotArea
        setColor(Self.textColor)
        if !chart.title.isEmpty {
            selectFont(size: ChartLayout.titleFontSize, bold: true)
            showText(chart.title, x: plot.midX, baselineY: 28, alignment: 0.5)
        }
        selectFont(size: ChartLayout.axisTitleFontSize)
        if !chart.xLabel.isEmpty {
            showText(chart.xLabel, x: plot.midX, baselineY: plot.maxY + 44, alignment: 0.5)
        }
        if !chart.yLabel.isEmpty {
            // Reads bottom to top: rotating by -90° turns the text's baseline into a vertical line at x = 28.
            cairo_save(context)
            cairo_translate(context, 28, plot.midY)
            cairo_rotate(context, -Double.pi / 2)
            showText(chart.yLabel, x: 0, baselineY: 0, alignment: 0.5)
            cairo_restore(context)
        }
    }

    // MARK: - Data

    /// Each series as antialiased polylines clipped to the plot area; a lone finite point becomes a dot.
    private func paintSeries() {
        let plot = layout.plotArea
        cairo_save(context)
        cairo_rectangle(context, plot.minX, plot.minY, plot.width, plot.height)
        cairo_clip(context)
        cairo_set_line_width(context, Self.seriesLineWidth)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        for series in chart.series {
            setColor(series.color)
            for run in drawableRuns(of: series.points) {
                if run.count == 1 {
                    cairo_new_sub_path(context)
                    cairo_arc(context, run[0].x, run[0].y, Self.seriesLineWidth * 1.25, 0, 2 * Double.pi)
                    cairo_fill(context)
                } else {
                    cairo_move_to(context, run[0].x, run[0].y)
                    for p in run.dropFirst() {
                        cairo_line_to(context, p.x, p.y)
                    }
                    cairo_stroke(context)
                }
            }
        }
        cairo_restore(context)
    }

    /// The points in pixels, split wherever a point cannot be drawn (non-finite or absurdly large).
    private func drawableRuns(of points: [Point]) -> [[Point]] {
        var runs: [[Point]] = []
        var current: [Point] = []
        for point in points {
            if ChartLayout.isDrawable(point) {
                current.append(layout.pixelPosition(of: point))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty {
            runs.append(current)
        }
        return runs
    }

    /// A boxed legend in the plot area's top-right corner: a line swatch and the label per series.
    private func paintLegend() {
        let metrics = LegendMetrics.self
        let plot = layout.plotArea
        selectFont(size: ChartLayout.labelFontSize)
        let labelWidth = chart.series.map { textExtents($0.label).x_advance }.max() ?? 0
        let box = Rect(
            x: (plot.maxX - metrics.inset - metrics.boxWidth(labelWidth: labelWidth)).rounded(),
            y: plot.minY + metrics.inset,
            width: metrics.boxWidth(labelWidth: labelWidth).rounded(),
            height: metrics.padding * 2 + metrics.rowHeight * Double(chart.series.count))
        cairo_rectangle(context, box.minX + 0.5, box.minY + 0.5, box.width, box.height)
        setColor(Color(white: 1, alpha: 0.9))
        cairo_fill_preserve(context)
        setColor(Self.gridColor)
        cairo_set_line_width(context, 1)
        cairo_stroke(context)

        cairo_set_line_width(context, Self.seriesLineWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        for (index, series) in chart.series.enumerated() {
            let rowCenter = metrics.rowCenter(index: index, boxTop: box.minY)
            setColor(series.color)
            cairo_move_to(context, box.minX + metrics.padding, rowCenter)
            cairo_line_to(context, box.minX + metrics.padding + metrics.swatchLength, rowCenter)
            cairo_stroke(context)
            setColor(Self.textColor)
            showText(
                series.label, x: box.minX + metrics.padding + metrics.swatchLength + metrics.gap, centerY: rowCenter,
                alignment: 0)
        }
    }

    // MARK: - cairo helpers

    private func setColor(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// The centre of the pixel that contains coordinate `v`.
    private func crisp(_ v: Double) -> Double {
        v.rounded(.down) + 0.5
    }

    private func selectFont(size: Double, bold: Bool = false) {
        cairo_select_font_face(
            context, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }

    private func textExtents(_ text: String) -> cairo_text_extents_t {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents
    }

    /// Draws `text` with its baseline at `baselineY`; `alignment` 0 puts its start at `x`, 0.5 its middle, 1 its end.
    private func showText(_ text: String, x: Double, baselineY: Double, alignment: Double) {
        let extents = textExtents(text)
        cairo_move_to(context, x - extents.x_advance * alignment, baselineY)
        cairo_show_text(context, text)
    }

    /// Like `showText(_:x:baselineY:alignment:)`, centring the glyphs' ink vertically on `centerY`.
    private func showText(_ text: String, x: Double, centerY: Double, alignment: Double) {
        let extents = textExtents(text)
        cairo_move_to(context, x - extents.x_advance * alignment, centerY - extents.y_bearing - extents.height / 2)
        cairo_show_text(context, text)
    }
}

/// Legend geometry, shared with tests that look for the swatches.
enum LegendMetrics {
    static let inset = 8.0
    static let padding = 8.0
    static let rowHeight = 18.0
    static let swatchLength = 24.0
    static let gap = 6.0

    static func boxWidth(labelWidth: Double) -> Double {
        padding + swatchLength + gap + labelWidth + padding
    }

    /// The y of row `index`'s swatch line: whole pixels, so a 2-px line covers two pixel rows fully.
    static func rowCenter(index: Int, boxTop: Double) -> Double {
        (boxTop + padding + rowHeight * (Double(index) + 0.5)).rounded()
    }
}
