import AnimCore

/// A touch device's calibration, as udev's `LIBINPUT_CALIBRATION_MATRIX` gives it: the first two rows of a 3×3
/// affine matrix over the device's normalised coordinates (0…1 across and down its sensor), so
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. A sensor glued a quarter turn off its panel is `0 -1 1 1 0 0`.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The six values in libinput's order; nil unless there are six.
    public init?(_ values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    public var values: [Double] { [a, b, c, d, e, f] }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }

    public var description: String { values.map { "\($0)" }.joined(separator: " ") }
}
