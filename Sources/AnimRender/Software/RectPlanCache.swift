import AnimCore

/// What an axis-aligned rectangle draws: `AxisAlignedCoverage`'s boxes and the bytes of its blocks (blocks whose
/// bytes are all 0 left out). The colour is not part of it: a plan is coverage only. A class, so a look-up
/// neither copies nor retains its arrays one by one, and marks its use in place.
final class RectPlan {
    /// What the plan was made for: looked up by its mix, the plan is used only when the whole key is equal.
    let key: RectPlanKey
    /// `area` in 32-bit numbers (it lies inside a target): a plan is kept per drawn rectangle.
    private let compactArea: CoverageBox?
    /// The rectangle's `RectCoverage.outputBounds` (nil: it covers nothing).
    let bounds: PixelRect?
    let boxes: [CoverageBox]
    /// Each block and where its bytes (rows `rect.width` apart) start in `bytes`.
    let blocks: [(rect: PixelRect, offset: Int)]
    let bytes: [UInt8]
    /// The last frame (`RectPlanCache.frame`) that drew it.
    var lastUsed = 0

    /// The pixels the plan was made for: `bounds` ∩ the target's extent when it was made. Coverage is a
    /// function of the pixel alone, so any clip inside `area` draws the plan's boxes and blocks cut to the clip.
    var area: PixelRect? { compactArea?.rect }

    init(
        key: RectPlanKey, bounds: PixelRect?, area: PixelRect?, boxes: [CoverageBox],
        blocks: [(rect: PixelRect, offset: Int)], bytes: [UInt8]
    ) {
        self.key = key
        self.bounds = bounds
        compactArea = area.map { CoverageBox(rect: $0, value: 0) }
        self.boxes = boxes
        self.blocks = blocks
        self.bytes = bytes
    }

    /// Roughly the memory the plan holds.
    var byteCount: Int {
        256 + boxes.count * MemoryLayout<CoverageBox>.stride + blocks.count * 40 + bytes.count
    }
}

/// The draw's geometry: with the area (`RectPlan.area`), everything a plan depends on. Only for a transform that
/// keeps the rectangle's axes on the output's (scale, mirror, translation), the only kind a plan is made for: of
/// the terms that move a point of the layer's plane (`RectCoverage`'s H) the others are then 0, so the key keeps
/// five (120 bytes instead of the whole transform's 208: a plan is kept per visible layer). The cache finds a plan
/// by `mix`, one mix of the terms that vary between layers (a look-up per drawn rectangle: the full key through
/// `Hasher` showed in profiles); equality still compares every field.
struct RectPlanKey: Equatable {
    let scaleX: Double
    let scaleY: Double
    let translationX: Double
    let translationY: Double
    let w: Double
    let rect: Rect
    let radii: CornerRadii
    let mix: UInt64
    /// Last, so that the plan's next field fills the key's padding.
    let antialiased: Bool

    /// nil when the transform rotates, skews or has perspective.
    init?(transform: Transform3D, rect: Rect, radii: CornerRadii, antialiased: Bool) {
        guard transform.m12 == 0, transform.m21 == 0, transform.m14 == 0, transform.m24 == 0 else { return nil }
        scaleX = transform.m11
        scaleY = transform.m22
        translationX = transform.m41
        translationY = transform.m42
        w = transform.m44
        self.rect = rect
        self.radii = radii
        self.antialiased = antialiased
        // + 0 makes −0 and 0 (equal as Doubles) the same bits.
        var h: UInt64 = antialiased ? 0x9E37_79B9_7F4A_7C15 : 0xC2B2_AE3D_27D4_EB4F
        func add(_ v: Double) {
            h = (h ^ (v + 0).bitPattern) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
        }
        add(transform.m41)
        add(transform.m42)
        add(transform.m11)
        add(transform.m22)
        add(transform.m44)
        add(rect.origin.x)
        add(rect.origin.y)
        add(rect.size.width)
        add(rect.size.height)
        add(radii.topLeft)
        add(radii.topRight)
        add(radii.bottomLeft)
        add(radii.bottomRight)
        mix = h
    }

    static func == (a: RectPlanKey, b: RectPlanKey) -> Bool {
        a.mix == b.mix && a.antialiased == b.antialiased && a.rect == b.rect && a.radii == b.radii
            && a.scaleX == b.scaleX && a.scaleY == b.scaleY && a.translationX == b.translationX
            && a.translationY == b.translationY && a.w == b.w
    }
}

/// Plans of rectangles drawn before, for the frames that draw them again unchanged (most layers of a steady UI,
/// and every static one in a full redraw). Bounded by a byte budget; past it, the plans no frame drew since the
/// one before last are dropped (a moved layer's old geometry), and all of them if that is not enough.
struct RectPlanCache {
    static let budget = 8 << 20
    /// By key mix (16 bytes a slot; the plan holds its key): two keys of one mix share a slot, the later
    /// replacing the earlier.
    private var plans: [UInt64: RectPlan] = [:]
    private var bytes = 0
    /// Plans of square-cornered rectangles are kept within this share of the budget: they cost less to make again
    /// than rounded ones, and a screen of thousands of small plain layers would otherwise keep one of about 550
    /// bytes per layer (serverbench's memory per visible layer); within it, a scene of about 2,500 keeps them all.
    static let squareBudget = 1 << 20
    private var squareBytes = 0
    /// Counts frames (`beginFrame`), for `RectPlan.lastUsed`.
    private(set) var frame = 1

    /// Whether a plan for `key` would be kept: always for rounded corners, for square ones while their share has
    /// room.
    func admits(_ key: RectPlanKey) -> Bool {
        !key.radii.isZero || squareBytes + 256 <= Self.squareBudget
    }

    /// Starts a frame of `count` items: room for their plans without growing while it is drawn.
    mutating func beginFrame(_ count: Int) {
        frame += 1
        if plans.capacity < count, bytes + count * 256 <= Self.budget { plans.reserveCapacity(count) }
    }

    /// The plan for `key`, when it holds every pixel of it inside `clip`.
    func plan(for key: RectPlanKey, clip: PixelRect) -> RectPlan? {
        guard let plan = plans[key.mix], plan.key == key else { return nil }
        guard let needed = plan.bounds?.intersection(clip) else {
            plan.lastUsed = frame
            return plan
        }
        guard let area = plan.area, area.contains(needed) else { return nil }
        plan.lastUsed = frame
        return plan
    }

    mutating func store(_ plan: RectPlan) {
        let size = plan.byteCount
        plan.lastUsed = frame
        if let old = plans[plan.key.mix] {
            bytes -= old.byteCount
            if old.key.radii.isZero { squareBytes -= old.byteCount }
        }
        if bytes + size > Self.budget {
            let keep = frame - 1
            plans = plans.filter { $0.value.lastUsed >= keep }
            bytes = plans.values.reduce(0) { $0 + $1.byteCount }
            squareBytes = plans.values.reduce(0) { $0 + ($1.key.radii.isZero ? $1.byteCount : 0) }
            if bytes + size > Self.budget {
                plans.removeAll(keepingCapacity: true)
                bytes = 0
                squareBytes = 0
            }
        }
        plans[plan.key.mix] = plan
        bytes += size
        if plan.key.radii.isZero { squareBytes += size }
    }
}
