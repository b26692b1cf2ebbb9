import AnimImage

extension ScreenshotImage {
    /// The screenshot as an image with straight alpha, as PNG files hold it (un-premultiplied, rounded to
    /// nearest; fully transparent pixels become 0, 0, 0, 0).
    public var pngImage: PNGImage {
        PNGImage(width: width, height: height, premultipliedPixels: pixels)
    }

    /// The screenshot encoded as a PNG file's bytes (RGBA8, straight alpha).
    public func pngData() throws(PNGError) -> [UInt8] {
        try pngImage.encoded()
    }

    /// Writes the screenshot to `path` as a PNG file (RGBA8, straight alpha), replacing what is there.
    public func writePNG(to path: String) throws(PNGError) {
        try pngImage.write(to: path)
    }
}
