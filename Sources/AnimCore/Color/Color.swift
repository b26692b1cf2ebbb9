/// An sRGB colour with straight (non-premultiplied) alpha, components in [0, 1].
/// Interpolation happens premultiplied (docs/core-animation-rules.md#decisions-on-open-points), see `PropertyValue`.
public struct Color: Hashable, Codable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The components premultiplied by alpha.
    public var premultiplied: (r: Double, g: Double, b: Double, a: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// Builds a colour from premultiplied components; a zero alpha gives black with zero alpha.
    public init(premultipliedRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        if a > 0 {
            self.init(red: r / a, green: g / a, blue: b / a, alpha: a)
        } else {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        }
    }

    /// Each component clamped to [0, 1].
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        let digits = s.compactMap { $0.hexDigitValue }
        guard digits.count == s.count else { return nil }
        func byte(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
        switch digits.count {
        case 3:
            self.init(red: Double(digits[0]) / 15, green: Double(digits[1]) / 15, blue: Double(digits[2]) / 15)
        case 6:
            self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8:
            self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default:
            return nil
        }
    }
}
