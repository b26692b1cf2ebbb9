import Foundation

/// The blur both renderers apply to shadows: a separable gaussian of standard deviation `sigma` (output
/// pixels), `radius = ⌈3σ⌉` taps on each side of the centre, weights normalised to sum 1.
public struct GaussianKernel: Hashable, Sendable {
    public let sigma: Double
    /// Taps on each side of the centre; 0 means no blur.
    public let radius: Int
    /// `2 × radius + 1` weights, the centre in the middle, summing to 1.
    public let weights: [Float]

    /// A kernel for `sigma` (non-finite or ≤ 0 gives the identity, one weight of 1). Sigmas past 64 pixels are
    /// clamped to 64 so a hostile shadowRadius cannot ask for an unbounded kernel.
    public init(sigma: Double) {
        let s = sigma.isFinite ? min(max(sigma, 0), 64) : 0
        self.sigma = s
        guard s > 0 else {
            radius = 0
            weights = [1]
            return
        }
        let r = Int((3 * s).rounded(.up))
        var raw = [Double]()
        raw.reserveCapacity(2 * r + 1)
        for i in -r...r {
            let x = Double(i)
            raw.append(exp(-(x * x) / (2 * s * s)))
        }
        let total = raw.reduce(0, +)
        radius = r
        weights = raw.map { Float($0 / total) }
    }
}
