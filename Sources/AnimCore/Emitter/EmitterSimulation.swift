import Foundation

/// The particles of one CAEmitterLayer at one emitter time, as a pure function of the layer's properties, its
/// cells, its `seed` and the time: any time gives the same particles whatever was evaluated before, so manual-clock
/// frames and screenshots are reproducible (docs/core-animation-rules.md#caemitterlayer has the model).
///
/// Births are regular: cell particle n is born at cell time n / R (R = cell birthRate × layer birthRate), so the
/// particles alive at time s are those born in (s − reach, s], found by index without walking the history: the
/// cost of a frame is the number of live particles (and of dead parents whose sub-cell particles still live).
public struct EmitterSimulation: Sendable {
    /// Particles one evaluation of one layer returns at most (the newest are kept): the commit-time budget
    /// (`ParticleBudget`) bounds what a client asks for, this bounds what animated multipliers can reach.
    public static let maximumParticlesPerLayer = 65_536

    /// One cell of the layer's tree of cells, flattened depth first.
    public struct FlatCell: Sendable {
        public let cell: EmitterCell
        /// Its index in the flattened list of its parent cell; nil for a top-level cell.
        public let parent: Int?
        /// Its position in its parent's (or the layer's) `emitterCells`.
        public let position: Int
        /// Its sub-cells' indices in the flattened list.
        public fileprivate(set) var children: [Int] = []
        /// How long, in its own time, after its birth a particle of this cell or of its sub-cells can still be
        /// alive: its longest lifetime plus its sub-cells' reach.
        public fileprivate(set) var reach: Double = 0
    }

    public let layer: EmitterLayerProperties
    /// Every cell, depth first: a cell before its sub-cells.
    public let flattenedCells: [FlatCell]

    public init(layer: EmitterLayerProperties) {
        self.layer = layer
        var flat: [FlatCell] = []
        func add(_ cells: [EmitterCell], parent: Int?) -> [Int] {
            var indices: [Int] = []
            for (position, cell) in cells.enumerated() {
                let index = flat.count
                flat.append(FlatCell(cell: cell, parent: parent, position: position))
                indices.append(index)
                flat[index].children = add(cell.emitterCells, parent: index)
            }
            return indices
        }
        _ = add(layer.emitterCells, parent: nil)
        let lifetimeFactor = Self.factor(layer.lifetime)
        for index in flat.indices.reversed() {
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
        flattenedCells = flat
    }

    /// The particles alive at emitter time `time` (the layer's local time), grouped by cell in flattened order,
    /// each cell's in birth order (a sub-cell's by parent, then birth); at most `limit`.
    public func particles(at time: Double, limit: Int = maximumParticlesPerLayer) -> [Particle] {
        var out: [Particle] = []
        guard time.isFinite, limit > 0 else { return out }
        let seed = ParticleRandom.seed(layer.seed)
        var left = limit
        for (index, flat) in flattenedCells.enumerated() where flat.parent == nil {
            emit(
                index, key: ParticleRandom.cellKey(seed: seed, position: flat.position), now: time,
                end: .infinity, origin: nil, into: &out, left: &left)
        }
        // Grouped by cell in flattened order, stable: sub-cell particles were appended as their parents came.
        if flattenedCells.count > 1 {
            var byCell = [[Particle]](repeating: [], count: flattenedCells.count)
            for p in out { byCell[p.cell].append(p) }
            out = byCell.flatMap { $0 }
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

    /// Appends the live particles of cell `index` (and of its sub-cells) whose source's clock reads `now`: the
    /// layer (emitting from its clock's 0 on) or a parent particle (`origin`, emitting from its birth until
    /// `end`, its lifetime).
    private func emit(
        _ index: Int, key: UInt64, now: Double, end: Double, origin: Trajectory?, into out: inout [Particle],
        left: inout Int
    ) {
        let flat = flattenedCells[index]
        let cell = flat.cell
        let rate = cell.birthRate * layer.birthRate
        let timing = cell.timing
        guard cell.isEnabled, left > 0, rate > 0, rate.isFinite, timing.speed > 0, timing.speed.isFinite else {
            return
        }
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
        let lifetimeFactor = Self.factor(layer.lifetime)
        let acceleration = (cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
        for n in Int(lowest)...Int(highest) {
            guard left > 0 else { return }
            let birth = Double(n) / rate
            let age = sNow - birth
            let r = ParticleRandom(cell: key, index: UInt64(n))
            let lifetime = max(0, cell.lifetime + r.centred(0) * cell.lifetimeRange) * lifetimeFactor
            guard age <= flat.reach else { continue }
            // Where and which way it is born: on the layer's shape, or on its parent, turned with the parent.
            var start: (x: Double, y: Double, z: Double)
            var baseAngle = 0.0
            if let origin {
                let at = timing.parentTime(fromLocal: birth) ?? 0
                start = origin.position(at: at)
                let v = origin.velocity(at: at)
                if v.x != 0 || v.y != 0 { baseAngle = atan2(v.y, v.x) }
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
                vy: speed * cos(latitude) * sin(longitude), vz: speed * sin(latitude), ax: acceleration.0,
                ay: acceleration.1, az: acceleration.2)
            if age < lifetime {
                let p = trajectory.position(at: age)
                let v = trajectory.velocity(at: age)
                let scale = (cell.scale + r.centred(6) * cell.scaleRange + cell.scaleSpeed * age) * layer.emitterScale
                let spin = (cell.spin + r.centred(7) * cell.spinRange) * layer.spin
                func channel(_ mean: Double, _ range: Double, _ speed: Double, _ k: UInt64) -> Double {
                    let v = min(1, max(0, mean + r.centred(k) * range)) + speed * age
                    return v.isFinite ? min(1, max(0, v)) : 0
                }
                let color = Color(
                    red: channel(cell.color.red, cell.redRange, cell.redSpeed, 8),
                    green: channel(cell.color.green, cell.greenRange, cell.greenSpeed, 9),
                    blue: channel(cell.color.blue, cell.blueRange, cell.blueSpeed, 10),
                    alpha: channel(cell.color.alpha, cell.alphaRange, cell.alphaSpeed, 11))
                out.append(
                    Particle(
                        cell: index, key: r.key, birthTime: birth, age: age, lifetime: lifetime, x: p.x, y: p.y,
                        z: p.z, velocityX: v.x, velocityY: v.y, velocityZ: v.z, scale: max(0, scale),
                        angle: spin * age, color: color))
                left -= 1
            }
            for child in flat.children {
                emit(
                    child, key: ParticleRandom.subcellKey(parent: r.key, position: flattenedCells[child].position),
                    now: age, end: lifetime, origin: trajectory, into: &out, left: &left)
            }
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
