import Foundation

/// The blur both renderers apply to shadows: a separable gaussian of standard deviation `sigma` (output
/// pixels), `radius = ⌈3σ⌉` taps on each side of the centre, weights normalised to sum 1.
///
/// `shadowRadius` is that standard deviation in the layer's units (σ = shadowRadius, as Core Animation and
/// CSS `drop-shadow` have it; docs/core-animation-rules.md): `shadowSigma` is the one place that says so, and
/// `reach` is how far the blur spreads, which the compiler grows shadow bounds and damage by.
public struct GaussianKernel: Hashable, Sendable {
    /// Sigmas past this many output pixels are clamped to it, so a hostile shadowRadius cannot ask for an
    /// unbounded kernel.
    public static let maximumSigma = 64.0

    /// The standard deviation in output pixels of the blur of a shadow of `shadowRadius` (layer units) drawn
    /// under a transform that scales areas by `areaScale`: σ = shadowRadius × √areaScale. Not finite or
    /// negative radii blur nothing.
    public static func shadowSigma(shadowRadius: Double, areaScale: Double) -> Double {
        let radius = shadowRadius.isFinite ? max(0, shadowRadius) : 0
        return radius * abs(areaScale).squareRoot()
    }

    /// The whole pixels a blur of `sigma` spreads a pixel on each side: ⌈3σ⌉ of the clamped sigma (0 for no
    /// blur).
    public static func reach(sigma: Double) -> Int {
        let s = clampedSigma(sigma)
        return s > 0 ? Int((3 * s).rounded(.up)) : 0
    }

    static func clampedSigma(_ sigma: Double) -> Double {
        sigma.isFinite ? min(max(sigma, 0), maximumSigma) : 0
    }

    public let sigma: Double
    /// Taps on each side of the centre; 0 means no blur.
    public let radius: Int
    /// `2 × radius + 1` weights, the centre in the middle, summing to 1.
    public let weights: [Float]

    /// A kernel for `sigma` (non-finite or ≤ 0 gives the identity, one weight of 1), clamped to
    /// `maximumSigma`.
    public init(sigma: Double) {
        let s = Self.clampedSigma(sigma)
        self.sigma = s
        guard s > 0 else {
            radius = 0
            weights = [1]
            return
        }
        let r = Self.reach(sigma: s)
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
