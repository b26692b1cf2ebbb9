import AnimCore
import AnimProtocol

/// CAEmitterLayer: particles from its emitter cells.
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
            log.error("\(id).emitterCells: \(error)")
            return
        }
        ThreadTransaction.current.append(
            .setEmitterCells(WireSetEmitterCells(layer: id.rawValue, cells: cells.map(\.wire))), for: connection)
    }
}
