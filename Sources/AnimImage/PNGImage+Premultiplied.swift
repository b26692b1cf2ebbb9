/// The premultiplied form the renderers, the SDK's uploads and screenshots use, converted to and from the
/// straight alpha PNG files hold. One place, so every reader and writer rounds the same way.
extension PNGImage {
    /// The pixels premultiplied by their alpha, rounded to nearest (RGBA8, top row first).
    public var premultipliedPixels: [UInt8] {
        var bytes = pixels
        var i = 0
        while i + 3 < bytes.count {
            let a = Int(bytes[i + 3])
            if a < 255 {
                for c in 0..<3 {
                    let scaled: Int = Int(bytes[i + c]) * a + 127
                    bytes[i + c] = UInt8(scaled / 255)
                }
            }
            i += 4
        }
        return bytes
    }

    /// An image from premultiplied RGBA8 pixels (top row first), un-premultiplied to straight alpha, rounded
    /// to nearest; a transparent pixel becomes 0, 0, 0, 0. Traps unless the byte count matches the size.
    public init(width: Int, height: Int, premultipliedPixels: [UInt8]) {
        var straight = premultipliedPixels
        var i = 0
        while i + 3 < straight.count {
            let a = Int(straight[i + 3])
            if a == 0 {
                straight[i] = 0
                straight[i + 1] = 0
                straight[i + 2] = 0
            } else if a < 255 {
                for c in 0..<3 {
                    let scaled: Int = Int(straight[i + c]) * 255 + a / 2
                    straight[i + c] = UInt8(min(255, scaled / a))
                }
            }
            i += 4
        }
        self.init(width: width, height: height, pixels: straight)
    }
}
