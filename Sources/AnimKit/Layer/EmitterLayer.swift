import AnimCore
import AnimProtocol

/// CAEmitterLayer: particles from its emitter cells.
open class EmitterLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .emitter }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// Multiplies each cell's birth rate.
    public var birthRate: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).birthRate } }
        set { set(.birthRate, .number(newValue)) }
    }

    public var lifetime: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).lifetime } }
        set { set(.lifetime, .number(newValue)) }
    }

    public var velocity: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).velocity } }
        set { set(.velocity, .number(newValue)) }
    }

    public var scale: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterScale } }
        set { set(.emitterScale, .number(newValue)) }
    }

    public var spin: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).spin } }
        set { set(.spin, .number(newValue)) }
    }

    public var emitterPosition: Point {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterPosition } }
        set { set(.emitterPosition, .point(newValue)) }
    }

    public var emitterZPosition: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterZPosition } }
        set { set(.emitterZPosition, .number(newValue)) }
    }

    public var emitterSize: Size {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterSize } }
        set { set(.emitterSize, .size(newValue)) }
    }

    public var emitterDepth: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterDepth } }
        set { set(.emitterDepth, .number(newValue)) }
    }

    public var emitterShape: String {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterShape } }
        set { set(.emitterShape, .string(newValue)) }
    }

    public var emitterMode: String {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterMode } }
        set { set(.emitterMode, .string(newValue)) }
    }

    public var renderMode: String {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).renderMode } }
        set { set(.renderMode, .string(newValue)) }
    }

    public var preservesDepth: Bool {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).emitterPreservesDepth } }
        set { set(.emitterPreservesDepth, .bool(newValue)) }
    }

    public var seed: Double {
        get { read { ($0.special.emitter ?? EmitterLayerProperties()).seed } }
        set { set(.seed, .number(newValue)) }
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
