import AnimCore

/// Works out which output pixels a frame must redraw by comparing its draw list with the previous one.
///
/// Each list's top-level items are its entries (a group or shadow is one entry, whatever it holds). Entries
/// equal in both lists and in the same relative order are unchanged; every other entry (added, removed,
/// changed, or reordered against the unchanged ones) damages the box it covers in the list it is in, grown
/// by a pixel for antialiasing. Pixels outside the damage are then covered by the same unchanged items in
/// the same order in both frames, so they stay as they were. A size or clear colour change damages
/// everything. Not thread-safe: one tracker follows one output.
public final class DamageTracker {
    private struct Frame {
        var size: PixelSize
        var clearColor: Color
        var entries: [DamageEntry]
    }

    private var previous: Frame?

    public init() {}

    /// What changed since the last list given to this tracker (.full the first time or when the size changes;
    /// .region([]) when nothing changed).
    public func damage(for list: DrawList) -> Damage {
        let output = PixelRect(size: list.size)
        let entries = list.items.map { DamageEntry($0, output: output) }
        defer { previous = Frame(size: list.size, clearColor: list.clearColor, entries: entries) }
        guard let old = previous, old.size == list.size, old.clearColor == list.clearColor else { return .full }
        let changed = Self.changedBoxes(old: old.entries, new: entries)
        return .region(DamageRegion.merge(changed + Self.backdropsReading(changed, in: list.items, output: output)))
    }

    /// The shapes of the top-level backdrops (backgroundFilters) whose blur reads a changed pixel outside them:
    /// what lies below changed within the blur's reach, so the frosted pixels change too.
    static func backdropsReading(_ changed: [PixelRect], in items: [DrawItem], output: PixelRect) -> [PixelRect] {
        guard !changed.isEmpty else { return [] }
        var more: [PixelRect] = []
        for case .group(let g) in items {
            guard let backdrop = g.backdrop, let shape = backdrop.bounds.intersection(output) else { continue }
            let reads = shape.outset(by: GroupFilter.reach(backdrop.filters))
            if changed.contains(where: { $0.intersection(reads) != nil }) { more.append(shape) }
        }
        return more
    }

    /// The boxes of the entries not kept unchanged from `old` to `new`.
    static func changedBoxes(old: [DamageEntry], new: [DamageEntry]) -> [PixelRect] {
        // The common prefix and suffix are unchanged; most frames differ in a few entries in the middle.
        var lo = 0
        while lo < old.count, lo < new.count, old[lo].matches(new[lo]) { lo += 1 }
        var oldHi = old.count
        var newHi = new.count
        while oldHi > lo, newHi > lo, old[oldHi - 1].matches(new[newHi - 1]) {
            oldHi -= 1
            newHi -= 1
        }
        guard lo < oldHi || lo < newHi else { return [] }

        // Match each new entry to the first unmatched equal old one.
        var buckets: [Int: [Int]] = [:]
        for i in lo..<oldHi { buckets[old[i].hash, default: []].append(i) }
        var pairs: [(new: Int, old: Int)] = []
        var oldMatched = [Bool](repeating: false, count: oldHi - lo)
        var newMatched = [Bool](repeating: false, count: newHi - lo)
        for j in lo..<newHi {
            guard var candidates = buckets[new[j].hash],
                let k = candidates.firstIndex(where: { old[$0].matches(new[j]) })
            else { continue }
            pairs.append((j, candidates[k]))
            candidates.remove(at: k)
            buckets[new[j].hash] = candidates
        }
        // The matches kept are the longest run whose old order agrees with the new order.
        for p in longestIncreasing(pairs) {
            oldMatched[p.old - lo] = true
            newMatched[p.new - lo] = true
        }
        var boxes: [PixelRect] = []
        for i in lo..<oldHi where !oldMatched[i - lo] {
            if let box = old[i].box { boxes.append(box) }
        }
        for j in lo..<newHi where !newMatched[j - lo] {
            if let box = new[j].box { boxes.append(box) }
        }
        return boxes
    }

    /// The longest subsequence of `pairs` (in new order) whose old indices increase (patience sorting).
    private static func longestIncreasing(_ pairs: [(new: Int, old: Int)]) -> [(new: Int, old: Int)] {
        guard !pairs.isEmpty else { return [] }
        var tails: [Int] = []  // index into pairs of the smallest tail of each run length
        var previousOf = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].old < pair.old { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previousOf[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [(new: Int, old: Int)] = []
        var index = tails[tails.count - 1]
        while index >= 0 {
            result.append(pairs[index])
            index = previousOf[index]
        }
        return result.reversed()
    }
}
