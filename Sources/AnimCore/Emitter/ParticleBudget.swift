/// The number of particles an emitter layer keeps alive in the steady state, as the server's per-client particle
/// budget counts it (docs/core-animation-rules.md#caemitterlayer): for each enabled cell, its births per second
/// times its longest lifetime (`lifetime + lifetimeRange/2`, times the layer's `lifetime`); a top-level cell is born
/// at `birthRate` × the layer's `birthRate` per second, a sub-cell at that rate for every live particle of its
/// parent cell.
public enum ParticleBudget {
    public static func estimate(_ layer: EmitterLayerProperties) -> Double {
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
        let total = live(layer.emitterCells, sources: 1)
        return total.isNaN ? .infinity : total
    }
}
