extension SpringParameters {
    /// The envelope level below which a spring counts as at rest
    /// (docs/core-animation-rules.md#decisions-on-open-points); it puts Apple's two documented settling durations
    /// at 2.85 s and just over 1 s.
    public static let settlingThreshold = 8.3e-4

    /// How long the spring takes to come to rest, in seconds (CASpringAnimation `settlingDuration`): the
    /// smallest t where a decay envelope E(t) of the residual |1 − p(t)| falls below `settlingThreshold`.
    /// As E bounds the residual from above, p stays within 8.3e-4 of 1 from then on.
    ///
    /// - Underdamped (docs/core-animation-rules.md#decisions-on-open-points): E(t) = A·e^(−ζω0 t),
    ///   A = √(1 + ((ζω0 − v0)/ωd)²), the amplitude of the cosine and sine pair; t = ln(A/ε) / (ζω0).
    /// - Critically damped: E(t) = (1 + |ω0 − v0|·t)·e^(−ω0 t), the residual with the linear term taken at
    ///   its magnitude; solved numerically past its peak.
    /// - Overdamped: E(t) = (|C1| + |C2|)·e^(r1 t), both exponentials bounded by the slower one;
    ///   t = ln((|C1| + |C2|)/ε) / (−r1).
    ///
    /// `.infinity` for an undamped spring, which never settles, and for invalid parameters.
    public var settlingDuration: Double {
        let threshold = Self.settlingThreshold
        switch motion {
        case .underdamped(let decay, _, let sineCoefficient):
            guard decay > 0 else { return .infinity }
            let amplitude = (1 + sineCoefficient * sineCoefficient).squareRoot()
            return max(0, log(amplitude / threshold) / decay)
        case .critical(let rate, let slope):
            guard rate > 0, slope.isFinite else { return .infinity }
            return Self.criticalSettlingTime(rate: rate, slope: abs(slope), threshold: threshold)
        case .overdamped(let slowRoot, _, let slowWeight, let fastWeight):
            let amplitude = abs(slowWeight) + abs(fastWeight)
            guard slowRoot < 0, amplitude.isFinite else { return .infinity }
            return max(0, log(amplitude / threshold) / -slowRoot)
        }
    }

    /// Where E(t) = (1 + slope·t)·e^(−rate·t) falls to `threshold`. E rises until its peak at
    /// max(0, 1/rate − 1/slope) and falls after it, and E ≥ 1 at the peak, so there is exactly one crossing
    /// past the peak: bracket it by doubling, then bisect.
    private static func criticalSettlingTime(rate: Double, slope: Double, threshold: Double) -> Double {
        func envelope(_ t: Double) -> Double { (1 + slope * t) * exp(-rate * t) }
        var lower = slope > rate ? 1 / rate - 1 / slope : 0
        var upper = lower + 1 / rate
        while envelope(upper) >= threshold {
            lower = upper
            upper *= 2
        }
        for _ in 0..<200 where upper - lower > upper * 1e-15 {
            let middle = (lower + upper) / 2
            if envelope(middle) < threshold {
                upper = middle
            } else {
                lower = middle
            }
        }
        return upper
    }
}
