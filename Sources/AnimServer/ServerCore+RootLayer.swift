import AnimCore
import AnimProtocol

/// `SetRootLayer`: the client's declared root, the only tree of its layers drawn and hit
/// (docs/core-animation-rules.md, "Scenes off screen").
extension ServerCore {
    func declareRoot(_ declaration: SetRootLayer, for session: Session) -> [Message] {
        let id = declaration.layer.map(LayerID.init)
        do {
            try session.context.tree.declareRoot(id)
        } catch {
            return [
                errorReport(
                    ProtocolError(
                        .unknownLayer, opcode: SetRootLayer.opcode, field: "layer", value: "\(declaration.layer ?? 0)",
                        detail: "\(error): only a layer of this client can be its root"),
                    request: 0)
            ]
        }
        markChanged()
        return []
    }
}
