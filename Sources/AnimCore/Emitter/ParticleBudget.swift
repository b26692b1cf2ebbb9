/// The number of particles an emitter layer keeps alive in the steady state, as the server's per-client particle
/// budget counts it (docs/core-animation-rules.md#caemitterlayer): for each enabled cell, its births per second
/// times its longest lifetime (`lifetime + lifetimeRange/2`, times the layer's `lifetime`); a top-level cell is born
/// at `birthRate` × the layer's `birthRate` per second, a sub-cell at that rate for every live particle of its
/// parent cell.
public enum ParticleBudget {
    public static func estimate(_ layer: EmitterLayerProperties) -> Double {
        estimate(layer) { _ in 1 }
    }

    /// `estimate(layer)` plus the particles born under the layer's earlier values (`history`) that may still live
    /// at emitter time `time`, when `layer`'s values take over then: each earlier value's estimate, each top-level
    /// cell's scaled by the part of its longest lifetime that the value was in force within its particles' reach
    /// (fewer than a lifetime's births leave fewer alive, their sub-cells' particles alike). An upper bound: the
    /// particles of a value that ended die while the new value's are born.
    public static func estimate(
        _ layer: EmitterLayerProperties, after history: EmitterHistory?, at time: Double
    )
        -> Double
    {
        var total = estimate(layer)
        guard let history else { return total }
        let entries = history.entries
        for (k, entry) in entries.enumerated() {
            let isLatest = k == entries.count - 1
            if isLatest && entry.properties == layer { break }
            let end = isLatest ? max(time, entry.start) : entries[k + 1].start
            let reach = EmitterSimulation.reachInEmitterTime(entry.properties)
            guard end + reach > time else { continue }
            total += estimate(entry.properties) { cell in
                let lifetime =
                    EmitterSimulation.longestLifetime(cell) * EmitterSimulation.factor(entry.properties.lifetime)
                let speed = cell.timing.speed
                guard lifetime > 0, speed > 0, speed.isFinite else { return 1 }
                // The births that can still be alive: since the value began (nothing is born before the emitter's
                // and the cell's time 0), or since `time` less the reach.
                let first = max(entry.start, 0, cell.timing.parentTime(fromLocal: 0) ?? 0, time - reach)
                return min(1, max(0, (end - first) * speed / lifetime))
            }
        }
        return total.isNaN ? .infinity : total
    }

    /// The estimate with each top-level cell's part (its sub-cells' included) multiplied by `share(cell)`.
    private static func estimate(_ layer: EmitterLayerProperties, share: (EmitterCell) -> Double) -> Double {
        let rate = EmitterSimulation.factor(layer.birthRate)
        let lifetime = EmitterSimulation.factor(layer.lifetime)
        func live(_ cells: [EmitterCell], sources: Double) -> Double {
            var total = 0.0
            for cell in cells where cell.isEnabled {
                let births = sources * EmitterSimulation.factor(cell.birthRate) * rate
                let alive = births * EmitterSimulation.longestLifetime(cell) * lifetime
                guard alive > 0 else { continue }
                total += alive + live(cell.emitterCells, sources: alive)
            }
            return total
        }
        var total = 0.0
        for cell in layer.emitterCells where cell.isEnabled {
            let part = live([cell], sources: 1)
            guard part > 0 else { continue }
            total += part * share(cell)
        }
        return total.isNaN ? .infinity : total
    }
}
