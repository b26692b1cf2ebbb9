import Foundation

/// The particles of one CAEmitterLayer at one emitter time, as a pure function of the layer's values over time
/// (`EmitterHistory`: each particle takes the values in force at its birth), its cells, its `seed` and the time:
/// any time gives the same particles whatever was evaluated before, so manual-clock frames and screenshots are
/// reproducible for a seed and a commit history (docs/core-animation-rules.md#caemitterlayer has the model).
///
/// Births are regular: a top-level cell's particle n is born when the cell's births, the integral of its rate
/// R = cell birthRate × layer birthRate over cell time, reach n (at cell time n / R while the rate never changed),
/// so the particles alive at time s are those born in (s − reach, s], found by index in each value's span without
/// walking the history: the cost of a frame is the number of live particles (and of dead parents whose sub-cell
/// particles still live) plus the few values kept.
public struct EmitterSimulation: Sendable {
    /// Particles one evaluation of one layer returns at most (the newest are kept): the commit-time budget
    /// (`ParticleBudget`) bounds what a client asks for, this bounds what animated multipliers can reach.
    public static let maximumParticlesPerLayer = 65_536

    /// One cell of the layer's tree of cells, flattened depth first, under one of the layer's values.
    public struct FlatCell: Sendable {
        public let cell: EmitterCell
        /// Its index in `flattenedCells` of its parent cell; nil for a top-level cell.
        public let parent: Int?
        /// Its position in its parent's (or the layer's) `emitterCells`.
        public let position: Int
        /// The value of the layer's history it belongs to (an index into `segments`).
        public let segment: Int
        /// Its sub-cells' indices in `flattenedCells`.
        public fileprivate(set) var children: [Int] = []
        /// How long, in its own time, after its birth a particle of this cell or of its sub-cells can still be
        /// alive: its longest lifetime plus its sub-cells' reach.
        public fileprivate(set) var reach: Double = 0
    }

    /// One value of the layer's history and the emitter times it was in force.
    public struct Segment: Sendable {
        public let layer: EmitterLayerProperties
        /// From `start` (−∞ for the first value ever) until `end` (+∞ for the value in force now).
        public let start: Double
        public let end: Double
        /// For each top-level cell, the births counted at `start` (`EmitterHistory.Entry.births`).
        public let births: [Double]
        /// Its cells in `flattenedCells`: `cells.lowerBound` is its first top-level cell.
        public let cells: Range<Int>
    }

    /// The values in force, oldest first; the last is the frame's.
    public let segments: [Segment]
    /// Every cell of every value, value by value, each value's depth first: a cell before its sub-cells.
    public let flattenedCells: [FlatCell]

    /// The layer's values at the frame's time.
    public var layer: EmitterLayerProperties { segments[segments.count - 1].layer }

    /// A layer whose values never changed.
    public init(layer: EmitterLayerProperties) {
        self.init(history: EmitterHistory(layer))
    }

    /// A layer with a history of values; `presentation`, when given, replaces the latest (the frame's animated
    /// values).
    public init(history: EmitterHistory, presentation: EmitterLayerProperties? = nil) {
        var flat: [FlatCell] = []
        var segments: [Segment] = []
        let entries = history.entries
        for (k, entry) in entries.enumerated() {
            let layer = k == entries.count - 1 ? presentation ?? entry.properties : entry.properties
            let first = flat.count
            Self.flatten(layer, segment: k, into: &flat)
            segments.append(
                Segment(
                    layer: layer, start: entry.start, end: k + 1 < entries.count ? entries[k + 1].start : .infinity,
                    births: entry.births, cells: first..<flat.count))
        }
        self.segments = segments
        flattenedCells = flat
    }

    /// Appends `layer`'s cells, depth first, with their reach.
    private static func flatten(_ layer: EmitterLayerProperties, segment: Int, into flat: inout [FlatCell]) {
        let first = flat.count
        func add(_ cells: [EmitterCell], parent: Int?) -> [Int] {
            var indices: [Int] = []
            for (position, cell) in cells.enumerated() {
                let index = flat.count
                flat.append(FlatCell(cell: cell, parent: parent, position: position, segment: segment))
                indices.append(index)
                flat[index].children = add(cell.emitterCells, parent: index)
            }
            return indices
        }
        _ = add(layer.emitterCells, parent: nil)
        let lifetimeFactor = Self.factor(layer.lifetime)
        for index in (first..<flat.count).reversed() {
            let cell = flat[index].cell
            var reach = Self.longestLifetime(cell) * lifetimeFactor
            var extra = 0.0
            for child in flat[index].children {
                let speed = flat[child].cell.timing.speed
                if speed > 0 { extra = max(extra, flat[child].reach / speed) }
            }
            reach += extra
            flat[index].reach = reach.isFinite ? reach : .greatestFiniteMagnitude
        }
    }

    /// The particles alive at emitter time `time` (the layer's local time), grouped by cell in flattened order
    /// (the same cell under older values first), each cell's in birth order (a sub-cell's by parent, then birth);
    /// at most `limit`, the newest kept.
    public func particles(at time: Double, limit: Int = maximumParticlesPerLayer) -> [Particle] {
        var out: [Particle] = []
        guard time.isFinite, limit > 0 else { return out }
        var left = limit
        for segment in segments.reversed() where segment.start <= time {
            let seed = ParticleRandom.seed(segment.layer.seed)
            for index in segment.cells where flattenedCells[index].parent == nil {
                emitTopLevel(
                    index, key: ParticleRandom.cellKey(seed: seed, position: flattenedCells[index].position),
                    in: segment, now: time, into: &out, left: &left)
            }
        }
        // Grouped by cell in flattened order, stable: sub-cell particles were appended as their parents came.
        if flattenedCells.count > 1 {
            var byCell = [[Particle]](repeating: [], count: flattenedCells.count)
            for p in out { byCell[p.cell].append(p) }
            guard segments.count > 1 else { return byCell.flatMap { $0 } }
            out = []
            let widest = segments.reduce(0) { max($0, $1.cells.count) }
            for offset in 0..<widest {
                for segment in segments where offset < segment.cells.count {
                    out += byCell[segment.cells.lowerBound + offset]
                }
            }
        }
        return out
    }

    /// How a parent particle moves: sub-cell particles are born on it.
    struct Trajectory {
        var x: Double, y: Double, z: Double
        var vx: Double, vy: Double, vz: Double
        var ax: Double, ay: Double, az: Double

        func position(at t: Double) -> (x: Double, y: Double, z: Double) {
            (x + vx * t + 0.5 * ax * t * t, y + vy * t + 0.5 * ay * t * t, z + vz * t + 0.5 * az * t * t)
        }

        func velocity(at t: Double) -> (x: Double, y: Double, z: Double) {
            (vx + ax * t, vy + ay * t, vz + az * t)
        }
    }

    /// A particle's colour over its age: its drawn colour plus its speeds, clamped, times the colour its parent had
    /// when it was born (white for a top-level particle).
    struct ColorCurve {
        var red: Double, green: Double, blue: Double, alpha: Double
        var redSpeed: Double, greenSpeed: Double, blueSpeed: Double, alphaSpeed: Double
        var tint: Color

        func color(at age: Double) -> Color {
            func channel(_ value: Double, _ speed: Double) -> Double {
                let v = value + speed * age
                return v.isFinite ? min(1, max(0, v)) : 0
            }
            return Color(
                red: channel(red, redSpeed) * tint.red, green: channel(green, greenSpeed) * tint.green,
                blue: channel(blue, blueSpeed) * tint.blue, alpha: channel(alpha, alphaSpeed) * tint.alpha)
        }
    }

    /// The cell times a cell emits in: from its time 0 (or its time at emitter time 0, if later) to its
    /// `duration` when that is positive.
    static func window(_ timing: MediaTiming) -> (from: Double, to: Double) {
        let to = timing.duration > 0 && timing.duration.isFinite ? timing.duration : .infinity
        return (max(0, timing.localTime(fromParent: 0)), to)
    }

    /// A cell's births per second of its time under a layer's values, or nil when it emits nothing.
    static func rate(_ cell: EmitterCell, _ layer: EmitterLayerProperties) -> Double? {
        let rate = cell.birthRate * layer.birthRate
        let speed = cell.timing.speed
        guard cell.isEnabled, rate > 0, rate.isFinite, speed > 0, speed.isFinite else { return nil }
        return rate
    }

    /// Where the births of a layer's first value start: R × the cell time it starts emitting at, so that
    /// particle n is born at cell time n / R.
    static func origins(_ layer: EmitterLayerProperties) -> [Double] {
        layer.emitterCells.map { cell in
            guard let rate = rate(cell, layer) else { return 0 }
            let count = rate * window(cell.timing).from
            return count.isFinite ? count : 0
        }
    }

    /// Each top-level cell's births counted at emitter time `time` under `entry`'s values (from its start).
    static func births(of entry: EmitterHistory.Entry, until time: Double) -> [Double] {
        let layer = entry.properties
        return layer.emitterCells.enumerated().map { position, cell in
            let base = position < entry.births.count ? entry.births[position] : 0
            guard let rate = rate(cell, layer) else { return base }
            let (from, to) = window(cell.timing)
            let start = entry.start.isFinite ? min(max(cell.timing.localTime(fromParent: entry.start), from), to) : from
            let end = min(max(cell.timing.localTime(fromParent: time), from), to)
            let count = base + max(0, end - start) * rate
            return count.isFinite ? count : base
        }
    }

    /// How long, in emitter time, after its birth a particle of one of the layer's cells (or of its sub-cells) can
    /// still be alive under these values.
    static func reachInEmitterTime(_ layer: EmitterLayerProperties) -> Double {
        var flat: [FlatCell] = []
        flatten(layer, segment: 0, into: &flat)
        var reach = 0.0
        for cell in flat where cell.parent == nil {
            let speed = cell.cell.timing.speed
            if speed > 0 { reach = max(reach, cell.reach / speed) }
        }
        return reach.isFinite ? reach : .greatestFiniteMagnitude
    }

    /// Appends the live particles of top-level cell `index` born while `segment`'s values were in force (and
    /// those of their sub-cells): its births between the segment's start and end (or now) counted on from the
    /// segment's births, the newest `left`.
    private func emitTopLevel(
        _ index: Int, key: UInt64, in segment: Segment, now: Double, into out: inout [Particle], left: inout Int
    ) {
        let flat = flattenedCells[index]
        let timing = flat.cell.timing
        guard left > 0, let rate = Self.rate(flat.cell, segment.layer) else { return }
        let sNow = timing.localTime(fromParent: now)
        let (from, to) = Self.window(timing)
        let start = segment.start.isFinite ? min(max(timing.localTime(fromParent: segment.start), from), to) : from
        let endsBefore = segment.end < now
        let end = min(max(endsBefore ? timing.localTime(fromParent: segment.end) : sNow, from), to)
        // A birth at the segment's end belongs to the next value; one at the frame's time is alive.
        let inclusive = !endsBefore && from <= sNow && sNow < to
        let base = flat.position < segment.births.count ? segment.births[flat.position] : 0
        let oldest = max(start, sNow - flat.reach)
        var lowest = (base + (oldest - start) * rate).rounded(.up)
        let upper = base + (end - start) * rate
        let highest = inclusive ? upper.rounded(.down) : upper.rounded(.up) - 1
        guard lowest.isFinite, highest.isFinite, highest >= lowest, highest < 0x1p52 else { return }
        lowest = max(lowest, highest - Double(left) + 1)
        for n in Int(lowest)...Int(highest) {
            guard left > 0 else { return }
            // The first value counts from the cell's time 0, so its particle n is born at exactly n / R.
            let birth = segment.start.isFinite ? start + (Double(n) - base) / rate : Double(n) / rate
            emitParticle(
                index, flat, ParticleRandom(cell: key, index: UInt64(n)), birth: birth, now: sNow, layer: segment.layer,
                origin: nil, into: &out, left: &left)
        }
    }

    /// Appends the live particles of sub-cell `index` (and of its sub-cells) whose parent particle's age reads
    /// `now`: the parent emits from its birth until `end`, its lifetime, on trajectory `origin`, coloured `colors`.
    private func emitSubcell(
        _ index: Int, key: UInt64, now: Double, end: Double, origin: (Trajectory, ColorCurve),
        layer: EmitterLayerProperties, into out: inout [Particle], left: inout Int
    ) {
        let flat = flattenedCells[index]
        let timing = flat.cell.timing
        guard left > 0, let rate = Self.rate(flat.cell, layer) else { return }
        let sNow = timing.localTime(fromParent: now)
        let sFirst = timing.localTime(fromParent: 0)
        let sLast = min(sNow, end.isFinite ? timing.localTime(fromParent: end) : sNow)
        var lowest = (max(sFirst, sNow - flat.reach) * rate).rounded(.up)
        var highest = (sLast * rate).rounded(.down)
        if timing.duration > 0, timing.duration.isFinite {
            highest = min(highest, (timing.duration * rate).rounded(.up) - 1)
        }
        lowest = max(0, lowest)
        guard lowest.isFinite, highest.isFinite, highest >= lowest, highest < 0x1p52 else { return }
        lowest = max(lowest, highest - Double(left) + 1)
        for n in Int(lowest)...Int(highest) {
            guard left > 0 else { return }
            emitParticle(
                index, flat, ParticleRandom(cell: key, index: UInt64(n)), birth: Double(n) / rate, now: sNow,
                layer: layer,
                origin: origin, into: &out, left: &left)
        }
    }

    /// Appends particle `r` of cell `index`, born at cell time `birth` under `layer`'s values, if it is alive at
    /// cell time `now`, then the live particles of its sub-cells. A sub-cell's particle (`origin` its parent's path
    /// and colour) is born where its parent is then, turned with the parent's direction, its colour multiplied by
    /// the parent's colour then; its speed is its own.
    /// (`flat` is `flattenedCells[index]`, passed in: copying it out per particle costs its retains.)
    private func emitParticle(
        _ index: Int, _ flat: FlatCell, _ r: ParticleRandom, birth: Double, now sNow: Double,
        layer: EmitterLayerProperties, origin: (Trajectory, ColorCurve)?, into out: inout [Particle], left: inout Int
    ) {
        let cell = flat.cell
        let timing = cell.timing
        let age = sNow - birth
        let lifetime = max(0, cell.lifetime + r.centred(0) * cell.lifetimeRange) * Self.factor(layer.lifetime)
        guard age <= flat.reach else { return }
        // Where and which way it is born: on the layer's shape, or on its parent, turned with the parent.
        var start: (x: Double, y: Double, z: Double)
        var baseAngle = 0.0
        var tint = Color(red: 1, green: 1, blue: 1, alpha: 1)
        if let (path, colors) = origin {
            let at = timing.parentTime(fromLocal: birth) ?? 0
            start = path.position(at: at)
            let v = path.velocity(at: at)
            if v.x != 0 || v.y != 0 { baseAngle = atan2(v.y, v.x) }
            tint = colors.color(at: at)
        } else {
            let offset = EmitterShapeSampler.offset(
                shape: layer.emitterShape, mode: layer.emitterMode, size: layer.emitterSize,
                depth: layer.emitterDepth, r.unit(3), r.unit(4), r.unit(5))
            start = (
                layer.emitterPosition.x + offset.x, layer.emitterPosition.y + offset.y,
                layer.emitterZPosition + offset.z
            )
        }
        let speed = (cell.velocity + r.centred(1) * cell.velocityRange) * layer.velocity
        let longitude = cell.emissionLongitude + baseAngle + r.centred(2) * cell.emissionRange
        let latitude = cell.emissionLatitude
        let trajectory = Trajectory(
            x: start.x, y: start.y, z: start.z, vx: speed * cos(latitude) * cos(longitude),
            vy: speed * cos(latitude) * sin(longitude), vz: speed * sin(latitude), ax: cell.xAcceleration,
            ay: cell.yAcceleration, az: cell.zAcceleration)
        func drawn(_ mean: Double, _ range: Double, _ k: UInt64) -> Double {
            min(1, max(0, mean + r.centred(k) * range))
        }
        let colors = ColorCurve(
            red: drawn(cell.color.red, cell.redRange, 8), green: drawn(cell.color.green, cell.greenRange, 9),
            blue: drawn(cell.color.blue, cell.blueRange, 10), alpha: drawn(cell.color.alpha, cell.alphaRange, 11),
            redSpeed: cell.redSpeed, greenSpeed: cell.greenSpeed, blueSpeed: cell.blueSpeed,
            alphaSpeed: cell.alphaSpeed, tint: tint)
        if age < lifetime {
            let p = trajectory.position(at: age)
            let v = trajectory.velocity(at: age)
            let scale = (cell.scale + r.centred(6) * cell.scaleRange + cell.scaleSpeed * age) * layer.emitterScale
            let spin = (cell.spin + r.centred(7) * cell.spinRange) * layer.spin
            out.append(
                Particle(
                    cell: index, key: r.key, birthTime: birth, age: age, lifetime: lifetime, x: p.x, y: p.y,
                    z: p.z, velocityX: v.x, velocityY: v.y, velocityZ: v.z, scale: max(0, scale),
                    angle: spin * age, color: colors.color(at: age)))
            left -= 1
        }
        for child in flat.children {
            emitSubcell(
                child, key: ParticleRandom.subcellKey(parent: r.key, position: flattenedCells[child].position),
                now: age, end: lifetime, origin: (trajectory, colors), layer: layer, into: &out, left: &left)
        }
    }

    /// A layer multiplier as used: negative and non-finite values count as 0.
    static func factor(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// The longest lifetime a cell's particle can draw: `lifetime + lifetimeRange / 2`, at least 0.
    static func longestLifetime(_ cell: EmitterCell) -> Double {
        let longest = cell.lifetime + abs(cell.lifetimeRange) / 2
        return longest.isFinite ? max(0, longest) : 0
    }
}
