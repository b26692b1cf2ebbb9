import AnimCore

extension ClientContext {
    /// Stamps the model values of the client's emitter layers that a commit changed with the emitter time at
    /// `now`, when the commit applied: particles take the values in force at their birth
    /// (docs/core-animation-rules.md#caemitterlayer). Called once a commit has applied whole.
    mutating func recordEmitterValues(at now: Double) {
        for id in emitterLayers {
            guard let emitter = tree.node(id)?.state.special.emitter else {
                emitterHistories[id] = nil
                continue
            }
            guard var history = emitterHistories[id] else {
                emitterHistories[id] = EmitterHistory(emitter)
                continue
            }
            guard history.current != emitter, let local = try? tree.localTime(of: id, fromAbsolute: now) else {
                continue
            }
            history.record(emitter, at: local)
            emitterHistories[id] = history
        }
    }

    /// Whether particles born under an earlier value of emitter layer `id` may still be alive at server time `now`.
    func emitterHasEarlierParticles(_ id: LayerID, at now: Double) -> Bool {
        guard let history = emitterHistories[id], history.earlierParticlesEnd > -.infinity,
            let local = try? tree.localTime(of: id, fromAbsolute: now)
        else { return false }
        return local <= history.earlierParticlesEnd
    }
}
