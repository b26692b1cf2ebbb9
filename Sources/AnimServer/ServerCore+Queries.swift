import AnimCore
import AnimProtocol

/// Presentation and hit-test queries.
extension ServerCore {
    func presentation(_ query: PresentationQuery, for session: Session) -> [Message] {
        let time = query.time ?? clock.now()
        guard time.isFinite else {
            return [
                errorReport(
                    ProtocolError(
                        .invalidValue, opcode: PresentationQuery.opcode, field: "time", value: numberText(time),
                        detail: "the query time must be finite"),
                    request: UInt64(query.request))
            ]
        }
        let id = LayerID(query.layer)
        guard let state = try? session.context.presentation(of: id, at: time) else {
            return [
                errorReport(
                    ProtocolError(
                        .unknownLayer, opcode: PresentationQuery.opcode, field: "layer", value: "\(query.layer)",
                        detail: "\(id) does not exist in this client"),
                    request: UInt64(query.request))
            ]
        }
        let version = Int(session.version ?? 1)
        let properties = LayerProperty.allCases.filter { $0.exists(on: state.layerClass) }.map {
            WirePropertyEntry(keyPath: $0.key, value: state.value(of: $0).wire(forVersion: version))
        }
        return [
            .presentationReply(
                PresentationReply(request: query.request, layer: query.layer, time: time, properties: properties))
        ]
    }

    func hitTest(_ query: HitTestQuery, for session: Session) -> [Message] {
        let point = Point(wire: query.point)
        guard point.x.isFinite, point.y.isFinite else {
            return [
                errorReport(
                    ProtocolError(
                        .invalidValue, opcode: HitTestQuery.opcode, field: "point",
                        value: "\(numberText(point.x)), \(numberText(point.y))", detail: "the point must be finite"),
                    request: UInt64(query.request))
            ]
        }
        let tree = session.context.tree
        let root = query.root.map(LayerID.init)
        if let root, !tree.hasLayer(root) {
            return [
                errorReport(
                    ProtocolError(
                        .unknownLayer, opcode: HitTestQuery.opcode, field: "root", value: "\(root.rawValue)",
                        detail: "\(root) does not exist in this client"),
                    request: UInt64(query.request))
            ]
        }
        let states: LayerStateSource =
            query.presentation ? .presentation(tree.presentationStates(atAbsoluteTime: clock.now())) : .model
        let hit = tree.hitTest(point, in: root, using: states)
        return [.hitTestReply(HitTestReply(request: query.request, layer: hit?.rawValue))]
    }
}
