/// Kochanek–Bartels (TCB) Hermite splines for the cubic calculation modes
/// (docs/core-animation-rules.md#evaluating-keyframe-animations step 5, #decisions-on-open-points).
enum KochanekBartels {
    /// Outgoing (`out[i]`, start of segment i→i+1) and incoming (`in[i]`, end of segment i−1→i) tangents.
    struct Tangents: Sendable {
        var outgoing: [PropertyValue]
        var incoming: [PropertyValue]
    }

    /// Tangents with duplicated end points (p₋₁ = p₀, pₙ = pₙ₋₁) and the standard adjustment for
    /// uneven keyTimes: the outgoing tangent is scaled by 2Δᵢ/(Δᵢ₋₁ + Δᵢ), the incoming one by
    /// 2Δᵢ₋₁/(Δᵢ₋₁ + Δᵢ), where Δ is a segment's share of the duration. Missing t/c/b entries are 0.
    static func tangents(
        values p: [PropertyValue], keyTimes: [Double], tension: [Double], continuity: [Double], bias: [Double]
    ) -> Tangents {
        let n = p.count
        var outgoing: [PropertyValue] = []
        var incoming: [PropertyValue] = []
        outgoing.reserveCapacity(n)
        incoming.reserveCapacity(n)
        for i in 0..<n {
            let t = i < tension.count ? tension[i] : 0
            let c = i < continuity.count ? continuity[i] : 0
            let b = i < bias.count ? bias[i] : 0
            let previous = p[max(i - 1, 0)]
            let next = p[min(i + 1, n - 1)]
            let back = p[i].subtracting(previous)
            let ahead = next.subtracting(p[i])
            let dd = back.scaled(by: (1 - t) * (1 + b) * (1 + c) / 2)
                .adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 - c) / 2))
            let ds = back.scaled(by: (1 - t) * (1 + b) * (1 - c) / 2)
                .adding(ahead.scaled(by: (1 - t) * (1 - b) * (1 + c) / 2))
            let before = i > 0 ? keyTimes[i] - keyTimes[i - 1] : (n > 1 ? keyTimes[1] - keyTimes[0] : 0)
            let after = i < n - 1 ? keyTimes[i + 1] - keyTimes[i] : before
            let sum = before + after
            outgoing.append(sum > 0 ? dd.scaled(by: 2 * after / sum) : dd)
            incoming.append(sum > 0 ? ds.scaled(by: 2 * before / sum) : ds)
        }
        return Tangents(outgoing: outgoing, incoming: incoming)
    }

    /// H(s) = h00·pᵢ + h10·DDᵢ + h01·pᵢ₊₁ + h11·DSᵢ₊₁ on segment i.
    @inline(__always)
    static func hermite(values p: [PropertyValue], tangents: Tangents, segment i: Int, s: Double) -> PropertyValue {
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        guard p[i].kind != .transform else {
            // Matrices have no meaningful Hermite blend; they follow the linear path.
            return p[i].interpolated(to: p[i + 1], fraction: s)
        }
        return p[i].scaled(by: h00)
            .adding(tangents.outgoing[i].scaled(by: h10))
            .adding(p[i + 1].scaled(by: h01))
            .adding(tangents.incoming[i + 1].scaled(by: h11))
    }
}
