import AnimCore

#if canImport(Glibc)
    import func Glibc.log10
#elseif canImport(Darwin)
    import func Darwin.log10
#endif

/// Tick positions for one chart axis: multiples of a "nice" step (1, 2 or 5 times a power of ten) inside a range.
struct AxisTicks: Hashable, Sendable {
    /// The distance between neighbouring ticks.
    let step: Double
    /// The tick values in increasing order, all inside the range they were made for.
    let values: [Double]
    /// Decimal places that show every tick exactly (0 for steps of 1 and more).
    let decimals: Int

    /// Ticks for `range` with at most about `maximumCount` intervals. `range` must be finite with a positive span.
    init(range: ClosedRange<Double>, maximumCount: Int) {
        let span = range.upperBound - range.lowerBound
        precondition(span > 0 && span.isFinite, "AxisTicks needs a finite range with a positive span")
        step = Self.niceStep(for: span / Double(max(1, maximumCount)))
        // The epsilon keeps 0.1 (whose log10 may come out a hair below -1) at one decimal place.
        decimals = max(0, -Int((log10(step) + 1e-9).rounded(.down)))
        let first = (range.lowerBound / step).rounded(.up)
        let last = (range.upperBound / step).rounded(.down)
        var values: [Double] = []
        if last >= first {
            // Multiply instead of adding steps so rounding errors do not accumulate along the axis.
            for i in 0...Int(last - first) {
                let value = (first + Double(i)) * step
                values.append(abs(value) < step * 1e-9 ? 0 : value)
            }
        }
        self.values = values
    }

    /// The smallest of 1, 2, 5 or 10 times a power of ten that is at least `rawStep`.
    static func niceStep(for rawStep: Double) -> Double {
        let magnitude = pow(10, (log10(rawStep)).rounded(.down))
        for factor in [1.0, 2.0, 5.0] where factor * magnitude >= rawStep * (1 - 1e-12) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// `value` as tick text with this axis's decimal places; negative zero prints as "0".
    func label(for value: Double) -> String {
        Self.format(value, decimals: decimals)
    }

    /// `value` rounded to `decimals` places, written without exponent (Foundation-free `%.*f`).
    static func format(_ value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return "\(value)" }
        let units = Int(scaled)
        let divisor = Int(scale)
        var text = String(units / divisor)
        if decimals > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return value < 0 && units != 0 ? "-" + text : text
    }
}
