import AnimCore
import AnimDisplay
import AnimProtocol
import AnimRender

/// CATiledLayer on the server (docs/core-animation-rules.md#special-layer-classes): each frame finds the tiles each
/// tiled layer shows at the level its on-screen scale needs and asks the client for those it lacks (`TileRequest`);
/// the client answers with `TileContent` and invalidates with `TileInvalidate`.
extension ServerCore {
    /// Without an output the tiles are planned for a screen of this size.
    static let viewportWithoutOutput = Rect(x: 0, y: 0, width: 1024, height: 768)

    /// The scene's pixels every output together shows.
    var tileViewport: Rect {
        guard let descriptions = output?.outputDescriptions, let first = descriptions.first else {
            return Self.viewportWithoutOutput
        }
        func rect(_ d: OutputDescription) -> Rect {
            Rect(
                x: Double(d.position.x), y: Double(d.position.y), width: Double(d.sceneSize.width),
                height: Double(d.sceneSize.height))
        }
        return descriptions.dropFirst().reduce(rect(first)) { $0.union(rect($1)) }
    }

    /// The tiles `client`'s tiled layers draw at `time`; the requests for those missing are appended to `requests`
    /// when it is not nil and the session speaks a version with tiles (an older one's tiled layers draw none).
    func addTiles(
        to client: inout RenderSnapshot.Client, of session: Session, at time: Double, requests: inout [TileRequest]?
    ) {
        guard let version = session.version, version >= Message.since(ofOpcode: TileRequest.opcode) ?? .max else {
            return
        }
        let plan = session.tiles.plan(
            layers: client.layers, viewport: tileViewport, at: time, requesting: requests != nil)
        client.tiles = plan.tiles
        requests?.append(contentsOf: plan.requests)
    }

    /// The tiled layer `layer` names, or the error naming what it is instead.
    private func tiledLayer(_ layer: UInt32, opcode: UInt16, in session: Session) throws(ProtocolError) -> LayerState {
        guard let state = session.context.tree.node(LayerID(layer))?.state else {
            throw ProtocolError(
                .unknownLayer, opcode: opcode, field: "layer", value: "\(layer)",
                detail: "the client has no layer \(layer)")
        }
        guard state.layerClass == .tiled else {
            throw ProtocolError(
                .invalidValue, opcode: opcode, field: "layer", value: "\(layer)",
                detail:
                    "layer \(layer) is a \(state.layerClass.rawValue), not a CATiledLayer: only a tiled layer has tiles"
            )
        }
        return state
    }

    func storeTile(_ content: TileContent, from session: Session) -> [Message] {
        do throws(ProtocolError) {
            _ = try tiledLayer(content.layer, opcode: TileContent.opcode, in: session)
            let id = ImageID(content.image)
            guard let image = session.images.images[id] else {
                throw ProtocolError(
                    .unknownImage, opcode: TileContent.opcode, field: "image", value: "\(content.image)",
                    detail: "image \(content.image) was never uploaded or was released")
            }
            let tile = TileAddress(level: Int(content.level), column: Int(content.column), row: Int(content.row))
            guard let request = session.tiles.pendingRequest(content.request, layer: LayerID(content.layer), tile: tile)
            else {
                // Invalidated or no longer shown since it was asked for: the answer is late, not wrong.
                try session.images.release(id)
                return []
            }
            guard image.width == request.width, image.height == request.height else {
                throw ProtocolError(
                    .invalidImage, opcode: TileContent.opcode, field: "image", value: "\(image.width)×\(image.height)",
                    detail:
                        "request \(content.request) asked for a \(request.width)×\(request.height) tile; image "
                        + "\(content.image) is \(image.width)×\(image.height)")
            }
            try session.images.release(id)
            session.tiles.store(image, answering: content.request, at: clock.now(), session: session.id)
            markChanged()
            return []
        } catch {
            return [errorReport(error, request: UInt64(content.request))]
        }
    }

    func invalidateTiles(_ invalidate: TileInvalidate, from session: Session) -> [Message] {
        do throws(ProtocolError) {
            let state = try tiledLayer(invalidate.layer, opcode: TileInvalidate.opcode, in: session)
            session.tiles.invalidate(
                LayerID(invalidate.layer), rect: invalidate.rect.map(Rect.init(wire:)), bounds: state.bounds)
            markChanged()
            return []
        } catch {
            return [errorReport(error, request: UInt64(invalidate.layer))]
        }
    }
}
