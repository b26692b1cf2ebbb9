import CPixman

/// The one gaussian blur of the software renderer, for shadows (alpha into an a8 mask) and filters (all four
/// channels of a8r8g8b8 pixels): `GaussianKernel`'s weights in two passes, horizontal then vertical, Float sums,
/// rounded to nearest once at the end.
protocol BlurSample {
    static var zero: Self { get }
    /// Bytes per pixel written to the output buffer.
    static var outputBytes: Int { get }
    /// The sample of the a8r8g8b8 pixel at `pixel`.
    static func load(_ pixel: UnsafePointer<UInt8>) -> Self
    static func + (a: Self, b: Self) -> Self
    static func * (a: Self, w: Float) -> Self
    /// Writes the sum, rounded to nearest and clamped to 0…255 (colour not above alpha).
    func store(_ out: UnsafeMutablePointer<UInt8>)
}

/// A shadow's blur: alpha only (the fourth byte of a little-endian a8r8g8b8 pixel), into an a8 mask.
struct AlphaSample: BlurSample {
    var a: Float
    static let zero = AlphaSample(a: 0)
    static let outputBytes = 1
    @inline(__always) static func load(_ pixel: UnsafePointer<UInt8>) -> AlphaSample { AlphaSample(a: Float(pixel[3])) }
    @inline(__always) static func + (x: AlphaSample, y: AlphaSample) -> AlphaSample { AlphaSample(a: x.a + y.a) }
    @inline(__always) static func * (x: AlphaSample, w: Float) -> AlphaSample { AlphaSample(a: w * x.a) }
    @inline(__always) func store(_ out: UnsafeMutablePointer<UInt8>) { out[0] = UInt8(min(255, max(0, a.rounded()))) }
}

/// A filter's blur: the four premultiplied channels, into a8r8g8b8.
struct PixelSample: BlurSample {
    var v: SIMD4<Float>
    static let zero = PixelSample(v: .zero)
    static let outputBytes = 4
    @inline(__always) static func load(_ pixel: UnsafePointer<UInt8>) -> PixelSample {
        PixelSample(v: SIMD4(Float(pixel[0]), Float(pixel[1]), Float(pixel[2]), Float(pixel[3])))
    }
    @inline(__always) static func + (x: PixelSample, y: PixelSample) -> PixelSample { PixelSample(v: x.v + y.v) }
    @inline(__always) static func * (x: PixelSample, w: Float) -> PixelSample { PixelSample(v: x.v * w) }
    @inline(__always) func store(_ out: UnsafeMutablePointer<UInt8>) {
        let r = v.rounded(.toNearestOrAwayFromZero).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let a = r[3]
        out[0] = UInt8(min(r[0], a))
        out[1] = UInt8(min(r[1], a))
        out[2] = UInt8(min(r[2], a))
        out[3] = UInt8(a)
    }
}

/// What the blur reads beyond its source buffer.
enum BlurEdges {
    /// Nothing: pixels outside count as 0 (shadows, a layer's filters: nothing lies outside their bounds).
    case transparent
    /// The nearest edge pixel (a backdrop: the output does not end in black).
    case repeated
}

extension SoftwareRenderer {
    /// Writes into `out` (`at`'s size: its first pixel is `at`'s top-left, output pixels) the blur of `source`
    /// at the pixels of `at`. `source` covers the pixels the kernel reads that exist; the rest are `edges`.
    static func blur<S: BlurSample>(
        _ source: Offscreen, kernel: GaussianKernel, into out: Offscreen, at: PixelRect, as _: S.Type,
        edges: BlurEdges = .transparent
    ) {
        let r = kernel.radius
        let read = source.rect
        let repeated = edges == .repeated
        let taps = 2 * r + 1
        // Horizontal pass over the rows `at` needs (± r), for `at`'s columns.
        let rows = (at.y - r)..<(at.maxY + r)
        var horizontal = [S](repeating: .zero, count: rows.count * at.width)
        // One output row's sums: the vertical pass adds tap by tap across the row (the same additions in the same
        // order per pixel as tap by tap per pixel, reading the rows in memory order).
        var accumulator = [S](repeating: .zero, count: at.width)
        kernel.weights.withUnsafeBufferPointer { w in
            horizontal.withUnsafeMutableBufferPointer { h in
                for y in rows {
                    var sy = y
                    if repeated {
                        sy = min(max(y, read.y), read.maxY - 1)
                    } else if y < read.y || y >= read.maxY {
                        continue
                    }
                    let line = UnsafePointer(source.base + (sy - read.y) * source.stride)
                    let outRow = (y - rows.lowerBound) * at.width
                    for column in 0..<at.width {
                        let x = at.x + column
                        var sum = S.zero
                        if x - r >= read.x && x + r < read.maxX {
                            // Every tap inside the source: no clamping.
                            let first = line + (x - r - read.x) * 4
                            for tap in 0..<taps { sum = sum + S.load(first + tap * 4) * w[tap] }
                        } else if repeated {
                            for tap in 0..<taps {
                                let sx = min(max(x - r + tap, read.x), read.maxX - 1)
                                sum = sum + S.load(line + (sx - read.x) * 4) * w[tap]
                            }
                        } else {
                            let lo = max(x - r, read.x)
                            let hi = min(x + r, read.maxX - 1)
                            if lo <= hi {
                                for sx in lo...hi {
                                    sum = sum + S.load(line + (sx - read.x) * 4) * w[sx - x + r]
                                }
                            }
                        }
                        h[outRow + column] = sum
                    }
                }
                accumulator.withUnsafeMutableBufferPointer { acc in
                    for row in 0..<at.height {
                        for column in 0..<at.width { acc[column] = .zero }
                        for tap in 0..<taps {
                            let weight = w[tap]
                            let input = (row + tap) * at.width
                            for column in 0..<at.width { acc[column] = acc[column] + h[input + column] * weight }
                        }
                        let line = out.base + row * out.stride
                        for column in 0..<at.width { acc[column].store(line + column * S.outputBytes) }
                    }
                }
            }
        }
    }
}
