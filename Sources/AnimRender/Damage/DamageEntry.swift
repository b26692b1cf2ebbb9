import AnimCore

/// One top-level item of a draw list as damage tracking sees it: a leaf, or a whole group or shadow, with
/// a hash for matching and the output pixels it can touch.
///
/// The tracker keeps the last frame's entries, one per visible layer or so, so an entry is small (56 bytes, a
/// drawn item is about 300): a leaf keeps only its hash, which covers every one of its fields, and is matched by
/// it (two different leaves share a 64-bit hash with a probability of 2⁻⁶⁴); a group or shadow also keeps the
/// item, whose contents the hash does not cover and equality compares.
struct DamageEntry {
    let hash: Int
    /// Conservative: the item's coverage grown by one pixel for antialiasing, cut by its clip and the
    /// output; nil when it draws nothing there.
    let box: PixelRect?
    /// The group or shadow; nil for a leaf.
    private let composite: Composite?

    /// A group or shadow kept whole, shared between the frames that draw it unchanged.
    final class Composite {
        let item: DrawItem
        init(_ item: DrawItem) { self.item = item }
    }

    init(_ item: DrawItem, output: PixelRect) {
        switch item {
        case .group, .shadow, .particles: composite = Composite(item)
        case .rect, .image, .path: composite = nil
        }
        var hasher = Hasher()
        item.hashSummary(into: &hasher)
        hash = hasher.finalize()
        switch item {
        case .group, .shadow: box = item.coverage?.intersection(output)
        case .rect(let r): box = item.coverage?.outset(by: 1).clipped(to: r.clip)?.intersection(output)
        case .image(let i): box = item.coverage?.outset(by: 1).clipped(to: i.clip)?.intersection(output)
        case .path(let p): box = item.coverage?.outset(by: 1).clipped(to: p.clip)?.intersection(output)
        case .particles(let p): box = item.coverage?.outset(by: 1).clipped(to: p.clip)?.intersection(output)
        }
    }

    func matches(_ other: DamageEntry) -> Bool {
        guard hash == other.hash else { return false }
        switch (composite, other.composite) {
        case (nil, nil): return true
        case (let a?, let b?): return a.item == b.item
        default: return false
        }
    }
}

extension DrawItem {
    /// Feeds what tells items apart cheaply: every field of a leaf, and of a group or shadow its own fields
    /// and how many items it holds (equality then compares the contents).
    fileprivate func hashSummary(into hasher: inout Hasher) {
        switch self {
        case .rect(let r):
            hasher.combine(0)
            hasher.combine(r.transform)
            hasher.combine(r.rect)
            hasher.combine(r.radii)
            hasher.combine(r.color)
            hasher.combine(r.borderWidth)
            hasher.combine(r.antialiased)
            hasher.combine(r.clip)
        case .image(let i):
            hasher.combine(1)
            hasher.combine(i.transform)
            hasher.combine(i.rect)
            hasher.combine(i.image.key)
            hasher.combine(i.source)
            hasher.combine(i.clampToSource)
            hasher.combine(i.minificationFilter)
            hasher.combine(i.magnificationFilter)
            hasher.combine(i.alpha)
            hasher.combine(i.antialiased)
            hasher.combine(i.clip)
        case .path(let p):
            hasher.combine(2)
            hasher.combine(p.transform)
            hasher.combine(p.path)
            hasher.combine(p.color)
            hasher.combine(p.evenOdd)
            hasher.combine(p.clip)
        case .group(let g):
            hasher.combine(3)
            hasher.combine(g.bounds)
            hasher.combine(g.items.count)
            hasher.combine(g.opacity)
            hasher.combine(g.mask?.count)
            hasher.combine(g.blend)
            hasher.combine(g.clip)
            hasher.combine(g.filters)
            hasher.combine(g.backdrop?.bounds)
        case .shadow(let s):
            hasher.combine(4)
            hasher.combine(s.bounds)
            hasher.combine(s.source.count)
            hasher.combine(s.offsetX)
            hasher.combine(s.offsetY)
            hasher.combine(s.sigma)
            hasher.combine(s.color)
            hasher.combine(s.clip)
        case .particles(let p):
            hasher.combine(5)
            hasher.combine(p.transform)
            hasher.combine(p.image.key)
            hasher.combine(p.particles.count)
            hasher.combine(p.alpha)
            hasher.combine(p.blend)
            hasher.combine(p.clip)
        }
    }
}
