import AnimCore
import AnimProtocol

/// CATiledLayer's side of the connection (docs/core-animation-rules.md#special-layer-classes): the server asks for
/// each tile it shows and lacks (`TileRequest`); the layer's drawing is uploaded as an image and named in the
/// answer (`TileContent`), which hands the image over to the server.
extension Connection {
    /// A tile request from the reader thread: drawn on the delegate queue and answered from there.
    func tileRequested(_ request: TileRequest) {
        let layer = state.withLock { $0.object(LayerID(request.layer)) } as? TiledLayer
        guard let layer else {
            log.debug("tile request \(request.request) for layer \(request.layer), which is not a live TiledLayer")
            return
        }
        let tile = TileContext(
            level: Int(request.level), column: Int(request.column), row: Int(request.row),
            rect: Rect(wire: request.rect), scale: request.scale, width: Int(request.width),
            height: Int(request.height))
        let call = UncheckedSendable(layer)
        deliver { [weak self] in
            guard let self, let pixels = call.value.draw(tile) else { return }
            do {
                let image = try self.uploadImage(width: tile.width, height: tile.height, rgbaPremultiplied: pixels)
                try self.send(
                    .tileContent(
                        TileContent(
                            request: request.request, layer: request.layer, level: request.level,
                            column: request.column, row: request.row, image: image.rawValue)))
            } catch {
                log.error(
                    "tile \(tile.level) (\(tile.column), \(tile.row)) of layer \(request.layer) not sent: \(error)")
            }
        }
    }

    /// Asks the server to draw the tiles of `layer` meeting `rect` (all when nil) again. A layer the server does
    /// not have yet has no tiles to redraw.
    func invalidateTiles(of layer: LayerID, in rect: Rect?) {
        guard !state.withLock({ $0.uncommitted.contains(layer) }) else { return }
        do {
            try send(.tileInvalidate(TileInvalidate(layer: layer.rawValue, rect: rect?.wire)))
        } catch {
            log.error("setNeedsDisplay of layer \(layer.rawValue) not sent: \(error)")
        }
    }
}
