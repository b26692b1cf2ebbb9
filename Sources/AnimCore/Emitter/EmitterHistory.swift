/// The model values an emitter layer has had, each stamped with the emitter time from which it was in force: a
/// particle takes the emitter's and its cell's values at its birth and then lives on its own, so setting
/// `birthRate` to 0 stops births while the living particles finish their lives, and moving the emitter or changing
/// a rate leaves them where they were (docs/core-animation-rules.md#caemitterlayer).
///
/// Kept short: a value is dropped once every particle born under it is dead, and at most `maximumEntries` are
/// kept (the oldest go first). Each entry carries, for each top-level cell, the births counted before it (the
/// integral of the cell's rate over the emitter time before it), so particle n is born when the count reaches n
/// and a rate change never re-times earlier particles.
public struct EmitterHistory: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// The emitter time from which these values are in force; −∞ for the layer's first values.
        public let start: Double
        public let properties: EmitterLayerProperties
        /// For each top-level cell (by its position in `emitterCells`): the births counted at `start`.
        public let births: [Double]
    }

    /// At most this many values are kept: a client changing an emitter every frame keeps the last ones.
    public static let maximumEntries = 1024

    /// Oldest first.
    public private(set) var entries: [Entry]
    /// The emitter time by which every particle born under an earlier value than the latest is dead: until then a
    /// layer that no longer emits still has particles to move.
    public private(set) var earlierParticlesEnd = -Double.infinity

    /// A history with one value, in force since always.
    public init(_ properties: EmitterLayerProperties) {
        entries = [Entry(start: -.infinity, properties: properties, births: EmitterSimulation.origins(properties))]
    }

    /// The latest model values.
    public var current: EmitterLayerProperties { entries[entries.count - 1].properties }

    /// Records the model values in force from emitter time `time` on (a commit that changed them applied then),
    /// and drops the values no living particle can still need at `time`.
    public mutating func record(_ properties: EmitterLayerProperties, at time: Double) {
        guard properties != current, time.isFinite else { return }
        let last = entries[entries.count - 1]
        if time <= last.start {
            // Changed twice at one time: the first value never emitted.
            let births = entries.count == 1 ? EmitterSimulation.origins(properties) : last.births
            entries[entries.count - 1] = Entry(start: last.start, properties: properties, births: births)
            return
        }
        let counted = EmitterSimulation.births(of: last, until: time)
        let positions = properties.emitterCells.count
        let births = (0..<positions).map { $0 < counted.count ? counted[$0] : 0 }
        entries.append(Entry(start: time, properties: properties, births: births))
        trim(at: time)
    }

    /// Drops the leading values whose particles (and their sub-cells' particles) are all dead at `time`.
    private mutating func trim(at time: Double) {
        var drop = 0
        while drop + 1 < entries.count {
            let end = entries[drop + 1].start
            guard end + EmitterSimulation.reachInEmitterTime(entries[drop].properties) < time else { break }
            drop += 1
        }
        drop = max(drop, entries.count - Self.maximumEntries)
        if drop > 0 { entries.removeFirst(drop) }
        // The value just ended was added last; the earlier ones were counted when they ended.
        let ended = entries.count - 2
        if ended >= 0 {
            let end = entries[ended + 1].start + EmitterSimulation.reachInEmitterTime(entries[ended].properties)
            earlierParticlesEnd = max(earlierParticlesEnd, end)
        }
    }
}
