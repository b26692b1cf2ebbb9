import AnimCore

/// What an axis-aligned rectangle draws: `AxisAlignedCoverage`'s boxes and the bytes of its blocks (blocks whose
/// bytes are all 0 left out). The colour is not part of it: a plan is coverage only.
struct RectPlan {
    /// The rectangle's `RectCoverage.outputBounds` (nil: it covers nothing).
    var bounds: PixelRect?
    /// The pixels the plan was made for: `bounds` ∩ the clip of that draw. Another clip gives the same plan when
    /// `bounds` ∩ it is the same area.
    var area: PixelRect?
    var boxes: [CoverageBox]
    var blocks: [(rect: PixelRect, bytes: [UInt8])]

    /// Roughly the memory the plan holds.
    var byteCount: Int {
        64 + boxes.count * MemoryLayout<CoverageBox>.stride + blocks.reduce(0) { $0 + 48 + $1.bytes.count }
    }
}

/// The draw's geometry: with the area (`RectPlan.area`), everything a plan depends on.
struct RectPlanKey: Hashable {
    let transform: Transform3D
    let rect: Rect
    let radii: CornerRadii
    let antialiased: Bool
}

/// Plans of rectangles drawn before, for the frames that draw them again unchanged (most layers of a steady UI,
/// and every static one in a full redraw). Bounded by a byte budget; past it, every plan is dropped.
struct RectPlanCache {
    static let budget = 8 << 20
    private var plans: [RectPlanKey: RectPlan] = [:]
    private var bytes = 0

    /// Room for `count` plans without growing while a frame is drawn.
    mutating func reserve(_ count: Int) {
        if plans.capacity < count, bytes + count * 256 <= Self.budget { plans.reserveCapacity(count) }
    }

    /// The plan for `key` drawn under `clip`, when one was made for the same area.
    func plan(for key: RectPlanKey, clip: PixelRect) -> RectPlan? {
        guard let plan = plans[key], plan.bounds.flatMap({ $0.intersection(clip) }) == plan.area else { return nil }
        return plan
    }

    mutating func store(_ plan: RectPlan, for key: RectPlanKey) {
        let size = plan.byteCount
        if bytes + size > Self.budget {
            plans.removeAll(keepingCapacity: true)
            bytes = 0
        }
        plans[key] = plan
        bytes += size
    }
}
