import AnimCore
import AnimProtocol

/// CAEmitterLayer: particles from its emitter cells, simulated and drawn by the server. The particles are a pure
/// function of the layer's properties, its cells, `seed` and the layer's local time, and the layer emits from its
/// local time 0 on (docs/core-animation-rules.md#caemitterlayer): with `beginTime` 0 it shows the particles it would
/// have emitted since media time 0; set `beginTime` to the server's current time (`Connection.clock(_:)`) to start
/// it empty. A client's emitters may keep `maxParticles` particles alive (a commit beyond is refused with
/// `quotaExceeded`).
open class EmitterLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .emitter }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// The particle templates. Replacing them sends the whole list (setEmitterCells); not animatable.
    public var emitterCells: [EmitterCell] {
        get { read { $0.special.emitter?.emitterCells ?? [] } }
        set { setEmitterCells(newValue) }
    }
}

extension EmitterLayer {
    func setEmitterCells(_ cells: [EmitterCell]) {
        do {
            try connection.state.withLock { s throws(AnimCoreError) in
                try s.tree.updateState(of: id) { state in state.special.modifyEmitter { $0.emitterCells = cells } }
            }
        } catch {
            reportRefused(forKey: "emitterCells", .invalid(error))
            return
        }
        ThreadTransaction.current.append(
            .setEmitterCells(WireSetEmitterCells(layer: id.rawValue, cells: cells.map(\.wire))), for: connection)
    }
}
