import AnimImage
import AnimCore
import CCairo

extension Chart {
    /// Draws the chart with cairo and returns it as straight-alpha RGBA (opaque: the background is white).
    public func render() throws(ChartError) -> PNGImage {
        guard Self.sideLimits.contains(width), Self.sideLimits.contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        // cairo never returns nil here: failures come back as an error surface whose status says why.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        try Self.check(cairo_surface_status(surface))
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        ChartPainter(context: context, chart: self, layout: layout).paint()
        try Self.check(cairo_status(context))
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .cairoFailed("the image surface has no pixel data")
        }
        let pixels = CairoPixels.straightRGBA(
            argb32: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ status: cairo_status_t) throws(ChartError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairoFailed(String(cString: cairo_status_to_string(status)))
        }
    }
}
