/// The random numbers of one particle: a counter-based hash (SplitMix64's finaliser) of the emitter's seed, the
/// particle's cell and its birth index, so any particle's numbers are known without drawing any other's
/// (docs/core-animation-rules.md#caemitterlayer). Draw `k` of a particle is the same whatever was drawn before.
public struct ParticleRandom: Hashable, Sendable {
    /// The particle's key: what its draws and its sub-cells' keys are made from.
    public let key: UInt64

    /// The numbers of particle `index` of the cell whose key is `cell`.
    public init(cell: UInt64, index: UInt64) {
        key = Self.mix(cell ^ Self.mix(index &+ 0x632B_E59B_D9B4_E019))
    }

    /// The key of a top-level cell at `position` in `emitterCells` for the layer's `seed`.
    public static func cellKey(seed: UInt64, position: Int) -> UInt64 {
        mix(mix(seed) ^ mix(UInt64(position) &+ 1))
    }

    /// The key of sub-cell `position` of the particle whose key is `parent`.
    public static func subcellKey(parent: UInt64, position: Int) -> UInt64 {
        mix(parent ^ mix(UInt64(position) &+ 0x1_0000_0001))
    }

    /// Draw `k`: uniform in [0, 1), 53 bits.
    public func unit(_ k: UInt64) -> Double {
        Double(Self.mix(key &+ (k &+ 1) &* 0x9E37_79B9_7F4A_7C15) >> 11) * 0x1p-53
    }

    /// Draw `k` minus one half: uniform in [−0.5, 0.5), what a range is multiplied by (mean ± range/2).
    public func centred(_ k: UInt64) -> Double { unit(k) - 0.5 }

    /// SplitMix64's finaliser (Steele, Lea and Flood, 2014).
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The layer's `seed` as the hash's seed: the whole number nearest it (0 when not finite).
    public static func seed(_ value: Double) -> UInt64 {
        guard value.isFinite else { return 0 }
        return UInt64(bitPattern: Int64(max(-9.2e18, min(9.2e18, value.rounded()))))
    }
}
