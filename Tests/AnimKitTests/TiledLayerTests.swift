import AnimKit
import AnimProtocol
import AnimTransport
import Synchronization
import Testing

/// The SDK's side of CATiledLayer (docs/core-animation-rules.md#catiledlayer): a TileRequest is drawn by the
/// layer's `drawTile` on the delegate queue and answered with an uploaded image named in TileContent;
/// setNeedsDisplay sends TileInvalidate once the server has the layer.
@Suite struct TiledLayerTests {
    static func request(layer: UInt32, request: UInt32 = 9) -> Message {
        .tileRequest(
            TileRequest(
                request: request, layer: layer, level: -1, column: 3, row: 1,
                rect: WireRect(x: 3, y: 1, width: 1, height: 1), scale: 2, width: 2, height: 2))
    }

    @Test func aRequestIsDrawnAndAnsweredWithAnUploadedImage() throws {
        let server = try FakeServer()
        Transaction.begin()
        let layer = TiledLayer(connection: server.connection)
        let plain = Layer(connection: server.connection)
        // Before its commit the server has nothing of the layer to redraw: nothing is sent for it.
        layer.setNeedsDisplay()
        Transaction.commit()
        let committed = try server.drain()
        #expect(committed.count == 1 && committed.allSatisfy { $0.name == "Commit" }, "\(committed)")
        let asked = Mutex<[TileContext]>([])
        layer.drawTile = { tile in
            asked.withLock { $0.append(tile) }
            return tile.row == 1 ? [UInt8](repeating: 200, count: 16) : nil
        }
        try server.send(Self.request(layer: layer.id.rawValue))
        try server.connection.sync()
        let sent = try server.drain()
        #expect(
            asked.withLock { $0 }
                == [
                    TileContext(
                        level: -1, column: 3, row: 1, rect: Rect(x: 3, y: 1, width: 1, height: 1), scale: 2, width: 2,
                        height: 2)
                ])
        guard sent.count == 2, case .imageUpload(let upload) = sent[0], case .tileContent(let content) = sent[1] else {
            Issue.record("expected ImageUpload then TileContent, got \(sent)")
            return
        }
        FileDescriptor.close(upload.fds)
        #expect([upload.width, upload.height] == [2, 2])
        #expect(
            content
                == TileContent(
                    request: 9, layer: layer.id.rawValue, level: -1, column: 3, row: 1, image: upload.image))
        // A tile the layer does not draw, and a request for a layer that is not tiled, are left unanswered.
        try server.send(
            .tileRequest(
                TileRequest(
                    request: 10, layer: layer.id.rawValue, level: 0, column: 0, row: 0,
                    rect: WireRect(x: 0, y: 0, width: 2, height: 2), scale: 1, width: 2, height: 2)))
        try server.send(Self.request(layer: plain.id.rawValue, request: 11))
        try server.connection.sync()
        #expect(try server.drain().isEmpty)
        #expect(asked.withLock { $0.count } == 2)
        // setNeedsDisplay: the whole layer, or a rectangle of it.
        layer.setNeedsDisplay()
        layer.setNeedsDisplay(in: Rect(x: 1, y: 2, width: 3, height: 4))
        let invalidations = try server.drain()
        #expect(
            invalidations == [
                .tileInvalidate(TileInvalidate(layer: layer.id.rawValue, rect: nil)),
                .tileInvalidate(
                    TileInvalidate(layer: layer.id.rawValue, rect: WireRect(x: 1, y: 2, width: 3, height: 4))),
            ])
        withExtendedLifetime([layer, plain]) {}
    }
}
