/// A least-recently-used cache bounded by bytes: the tile cache (keyed by image and tile) and the GLES
/// renderer's image textures. Values leave it through `insert`'s return (so their owner can free GPU memory).
struct ByteBudgetCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: UInt64
    }

    /// The most bytes held after an insert (a single entry larger than the budget is still held, alone).
    var budget: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var bytes = 0

    init(budget: Int) { self.budget = max(0, budget) }

    var count: Int { entries.count }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The value for `key`, marked as used now.
    mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock &+= 1
        entries[key]?.lastUse = clock
        return entries[key]?.value
    }

    /// Stores `value` (replacing any under `key`) and evicts the least recently used entries until the cache fits
    /// its budget again; returns what left the cache, the replaced value included.
    @discardableResult
    mutating func insert(_ value: Value, bytes cost: Int, for key: Key) -> [Value] {
        var evicted = [Value]()
        if let old = entries.removeValue(forKey: key) {
            bytes -= old.bytes
            evicted.append(old.value)
        }
        clock &+= 1
        entries[key] = Entry(value: value, bytes: cost, lastUse: clock)
        bytes += cost
        while bytes > budget, entries.count > 1 {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }), oldest.key != key else {
                break
            }
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.bytes
            evicted.append(oldest.value.value)
        }
        return evicted
    }

    /// Empties the cache, returning every value.
    mutating func removeAll() -> [Value] {
        let values = entries.values.map(\.value)
        entries.removeAll()
        bytes = 0
        return values
    }
}

/// What identifies a tile in the cache: the image's pixels and the tile's place in its grid.
struct TileKey: Hashable, Sendable {
    var image: RenderImage.Key
    var tile: TileIndex
}
