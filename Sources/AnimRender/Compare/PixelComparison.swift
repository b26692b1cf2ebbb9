/// How far two images of the same size are apart, channel by channel: what rendering tests assert on.
public struct PixelComparison: Sendable, CustomStringConvertible {
    /// The tolerance the scene suite states: no channel off by more than `maxChannelDifference` on at least
    /// `requiredFraction` of the pixels, and none off by more than `worstChannelDifference` anywhere.
    public struct Tolerance: Hashable, Sendable, CustomStringConvertible {
        public var maxChannelDifference: Int
        public var requiredFraction: Double
        public var worstChannelDifference: Int

        public init(maxChannelDifference: Int, requiredFraction: Double, worstChannelDifference: Int = 255) {
            self.maxChannelDifference = maxChannelDifference
            self.requiredFraction = requiredFraction
            self.worstChannelDifference = worstChannelDifference
        }

        /// Identical bytes.
        public static let exact = Tolerance(maxChannelDifference: 0, requiredFraction: 1, worstChannelDifference: 0)

        public var description: String {
            "no channel off by more than \(maxChannelDifference)/255 on \(requiredFraction * 100) % of pixels"
                + (worstChannelDifference < 255 ? ", none by more than \(worstChannelDifference)/255" : "")
        }
    }

    public let size: PixelSize
    /// Pixels with some channel off by more than the tolerance's `maxChannelDifference`.
    public let pixelsOverTolerance: Int
    /// The largest difference of any channel of any pixel.
    public let worstChannelDifference: Int
    /// Where the worst difference is (x, y), or nil when the images are identical.
    public let worstPixel: (x: Int, y: Int)?
    public let tolerance: Tolerance

    /// Compares `actual` with `expected`; traps unless they have the same size.
    public init(actual: PixelBuffer, expected: PixelBuffer, tolerance: Tolerance) {
        precondition(actual.size == expected.size, "comparing \(actual.size) with \(expected.size)")
        var over = 0
        var worst = 0
        var worstAt: (x: Int, y: Int)? = nil
        let width = actual.size.width
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                var i = 0
                var pixel = 0
                while i < a.count {
                    var d = 0
                    for c in 0..<4 { d = max(d, abs(Int(a[i + c]) - Int(e[i + c]))) }
                    if d > tolerance.maxChannelDifference { over += 1 }
                    if d > worst {
                        worst = d
                        worstAt = (pixel % width, pixel / width)
                    }
                    i += 4
                    pixel += 1
                }
            }
        }
        size = actual.size
        pixelsOverTolerance = over
        worstChannelDifference = worst
        worstPixel = worstAt
        self.tolerance = tolerance
    }

    /// The fraction of pixels within `maxChannelDifference`.
    public var fractionWithinTolerance: Double {
        size.pixelCount == 0 ? 1 : 1 - Double(pixelsOverTolerance) / Double(size.pixelCount)
    }

    public var passes: Bool {
        fractionWithinTolerance >= tolerance.requiredFraction
            && worstChannelDifference <= tolerance.worstChannelDifference
    }

    public var description: String {
        let at = worstPixel.map { " at (\($0.x), \($0.y))" } ?? ""
        return "\(pixelsOverTolerance) of \(size.pixelCount) pixels over \(tolerance.maxChannelDifference)/255 "
            + "(\(fractionWithinTolerance * 100) % within), worst \(worstChannelDifference)/255\(at); wanted \(tolerance)"
    }

    /// An image showing where the two differ: black where equal, brighter red the larger the difference,
    /// opaque (for bug reports next to the actual and expected images).
    public static func differenceImage(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer {
        precondition(a.size == b.size, "comparing \(a.size) with \(b.size)")
        var out = [UInt8](repeating: 0, count: a.bytes.count)
        var i = 0
        while i < out.count {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))) }
            out[i] = d == 0 ? 0 : UInt8(min(255, 64 + d * 4))
            out[i + 3] = 255
            i += 4
        }
        return PixelBuffer(size: a.size, bytes: out)
    }
}
