// Node storage, fenced in Sources/AnimCore/Tree/Storage (package access at most, not public API).
// Reference path it must equal: a `[LayerID: Int]` dictionary.
// Checked by: LayerSlotTests.

/// A `LayerNodeStore`'s id → slot table. Clients number their layers from 1 up (the SDK does), so an id below
/// a bound that grows with the number of layers is kept in an array indexed by the id, and only the others in
/// a dictionary: a bulk commit looks up every layer it changes, and hashing was most of that cost. The array
/// holds at most `4 × (count + 1024)` entries of 4 bytes, whatever ids a client picks.
@usableFromInline
struct LayerSlotTable: Sendable {
    /// slot + 1 by id; 0 where the id has no slot here (absent, or kept in `others`).
    @usableFromInline private(set) var direct: [UInt32] = []
    @usableFromInline private(set) var others: [LayerID: Int] = [:]
    private(set) var count = 0

    /// The slot of `id`, or nil.
    @inlinable
    func slot(of id: LayerID) -> Int? {
        let raw = Int(id.rawValue)
        if raw < direct.count {
            let stored = direct[raw]
            if stored != 0 { return Int(stored) - 1 }
        }
        return others.isEmpty ? nil : others[id]
    }

    subscript(id: LayerID) -> Int? {
        get { slot(of: id) }
        set {
            let raw = Int(id.rawValue)
            if raw < direct.count, direct[raw] != 0 {
                if let newValue {
                    direct[raw] = UInt32(newValue + 1)
                } else {
                    direct[raw] = 0
                    count -= 1
                }
                return
            }
            if let newValue {
                if raw < direct.count || grow(toHold: raw) {
                    direct[raw] = UInt32(newValue + 1)
                    if others.removeValue(forKey: id) == nil { count += 1 }
                } else if others.updateValue(newValue, forKey: id) == nil {
                    count += 1
                }
            } else if others.removeValue(forKey: id) != nil {
                count -= 1
            }
        }
    }

    /// Every id, in no particular order.
    var ids: [LayerID] {
        var all: [LayerID] = []
        all.reserveCapacity(count)
        for (raw, stored) in direct.enumerated() where stored != 0 { all.append(LayerID(UInt32(raw))) }
        all.append(contentsOf: others.keys)
        return all
    }

    /// Makes `direct` long enough for `raw` when that stays within the bound; false when it would not.
    private mutating func grow(toHold raw: Int) -> Bool {
        let bound = 4 * (count + 1024)
        guard raw < bound else { return false }
        let length = min(bound, max(raw + 1, 2 * direct.count))
        direct.append(contentsOf: repeatElement(0, count: length - direct.count))
        return true
    }
}
