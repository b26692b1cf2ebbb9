import AnimCore
import AnimProtocol
import AnimRender
import Testing

@testable import AnimServer

/// CATiledLayer on the server: tile requests for what the screen shows at the level it needs, answers stored and
/// faded in, coarser tiles under missing ones, refusals (docs/core-animation-rules.md#special-layer-classes).
@Suite("Tiled layers")
struct TiledLayerTests {
    /// A 1024-point tiled layer at the output's origin (the output without one is 1024 × 768), two levels.
    static func tiledScene(_ h: ServerHarness) throws -> SessionID {
        let s = try h.connect(version: 4)
        let replies = h.commit(
            [
                W.create(1, .tiled), W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 1024, height: 1024))),
                W.set(1, "position", W.point(512, 512)), W.set(1, "levelsOfDetail", .number(2)),
            ], from: s)
        #expect(replies.errorReports.isEmpty)
        return s
    }

    static func requests(_ deliveries: [Delivery]) -> [TileRequest] {
        deliveries.compactMap { if case .tileRequest(let r) = $0.message { r } else { nil } }
    }

    /// Uploads a `size`-pixel square image as `id` and answers `request` with it.
    static func answer(
        _ request: TileRequest, image id: UInt32, size: UInt32 = 256, in h: ServerHarness, from s: SessionID
    ) throws -> [Message] {
        let fd = try ImageTests.sealedMemfd(size: Int(size * size * 4))
        #expect(
            h.send(ImageTests.upload(id, fd: fd, width: size, height: size, stride: size * 4), from: s, fds: [fd])
                .isEmpty)
        return h.send(
            .tileContent(
                TileContent(
                    request: request.request, layer: request.layer, level: request.level, column: request.column,
                    row: request.row, image: id)), from: s)
    }

    @Test func theVisibleTilesAreRequestedOnceAtTheScreensLevel() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        let first = Self.requests(try h.frame(at: 0))
        // 1024 × 768 of the layer shows at scale 1: level 0, 4 columns × 3 rows of 256-pixel tiles.
        #expect(first.count == 12)
        #expect(Set(first.map(\.level)) == [0])
        #expect(
            first.map { [$0.column, $0.row] }.first == [0, 0] && first.map { [$0.column, $0.row] }.last == [3, 2])
        let r = try #require(first.first { $0.column == 1 && $0.row == 2 })
        #expect(r.rect == WireRect(x: 256, y: 512, width: 256, height: 256))
        #expect(r.scale == 1 && r.width == 256 && r.height == 256)
        // Asked once: the next frame waits for the answers.
        #expect(Self.requests(try h.frame(at: 0.1)).isEmpty)
        // Shown at half size, the layer needs level 1: 512-point tiles, 2 × 2 of them.
        #expect(
            h.commit([W.set(1, "transform", .transform(Transform3D.scale(0.5, 0.5, 1).wire))], from: s).errorReports
                .isEmpty)
        let zoomed = Self.requests(try h.frame(at: 0.2))
        #expect(
            zoomed.map { [$0.level, Int32($0.column), Int32($0.row)] } == [
                [1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1],
            ])
        #expect(zoomed[3].rect == WireRect(x: 512, y: 512, width: 512, height: 512) && zoomed[3].scale == 0.5)
        #expect(h.core.sessions[s]?.tiles.requestsSent == 16)
    }

    @Test func anAnsweredTileFadesInOverAQuarterSecondWithTheCoarserOneUnderTheRest() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        #expect(
            h.commit([W.set(1, "transform", .transform(Transform3D.scale(0.5, 0.5, 1).wire))], from: s).errorReports
                .isEmpty)
        let coarse = try #require(Self.requests(try h.frame(at: 0)).first)
        #expect(coarse.level == 1 && coarse.column == 0 && coarse.row == 0)
        try h.clock.set(0.5)
        #expect(try Self.answer(coarse, image: 7, in: h, from: s).isEmpty)
        // The image's id is free again: the tile holds its pixels.
        #expect(h.core.sessions[s]?.images.images[ImageID(7)] == nil)
        try h.frame(at: 0.6)
        var drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        #expect(drawn.count == 1)
        #expect(abs(drawn[0].alpha - 0.4) < 1e-9)
        #expect(drawn[0].rect == Rect(x: 0, y: 0, width: 512, height: 512))
        #expect(h.core.nextFrameTime(after: 0.6) != nil)
        try h.frame(at: 0.75)
        drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        #expect(drawn[0].alpha == 1)
        try h.frame(at: 0.8)
        #expect(h.core.nextFrameTime(after: 0.8) == nil)
        // Back at full size: level 0 is asked for; until its tiles come, the level-1 tile is drawn under them.
        #expect(h.commit([W.set(1, "transform", .transform(Transform3D.identity.wire))], from: s).errorReports.isEmpty)
        let fine = Self.requests(try h.frame(at: 1))
        #expect(fine.count == 12 && Set(fine.map(\.level)) == [0])
        drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        #expect(drawn.map(\.rect) == [Rect(x: 0, y: 0, width: 512, height: 512)])
        #expect(drawn[0].source == Rect(x: 0, y: 0, width: 256, height: 256))
        // One fine tile in: it fades in over the coarse one, which still covers its neighbours.
        let one = try #require(fine.first { $0.column == 0 && $0.row == 0 })
        #expect(try Self.answer(one, image: 8, in: h, from: s).isEmpty)
        try h.frame(at: 2)
        drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        #expect(
            drawn.map(\.rect) == [Rect(x: 0, y: 0, width: 512, height: 512), Rect(x: 0, y: 0, width: 256, height: 256)])
    }

    @Test func invalidatedTilesStayDrawnAndAreAskedForAgain() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        let requests = Self.requests(try h.frame(at: 0))
        for (k, r) in requests.enumerated() {
            #expect(try Self.answer(r, image: UInt32(10 + k), in: h, from: s).isEmpty)
        }
        #expect(Self.requests(try h.frame(at: 1)).isEmpty)
        #expect(
            h.send(
                .tileInvalidate(TileInvalidate(layer: 1, rect: WireRect(x: 300, y: 0, width: 10, height: 10))), from: s
            ).isEmpty)
        let again = Self.requests(try h.frame(at: 2))
        #expect(again.map { [$0.column, $0.row] } == [[1, 0]])
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)]?.count == 12)
        // The new pixels fade in over the old ones, which go once they are in.
        #expect(try Self.answer(again[0], image: 30, in: h, from: s).isEmpty)
        try h.frame(at: 2.1)
        var drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        let redrawn = drawn.filter { $0.rect == Rect(x: 256, y: 0, width: 256, height: 256) }
        #expect(drawn.count == 13 && redrawn.count == 2)
        #expect(redrawn.first?.alpha == 1 && abs((redrawn.last?.alpha ?? 0) - 0.4) < 1e-9)
        try h.frame(at: 2.5)
        drawn = try #require(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)])
        #expect(drawn.count == 12 && drawn.allSatisfy { $0.alpha == 1 })
        // A late answer to a request invalidated since is dropped, its image released.
        #expect(h.send(.tileInvalidate(TileInvalidate(layer: 1, rect: nil)), from: s).isEmpty)
        let all = Self.requests(try h.frame(at: 3))
        #expect(all.count == 12)
        #expect(h.send(.tileInvalidate(TileInvalidate(layer: 1, rect: nil)), from: s).isEmpty)
        #expect(try Self.answer(all[0], image: 40, in: h, from: s).isEmpty)
        #expect(h.core.sessions[s]?.images.images[ImageID(40)] == nil)
        #expect(Self.requests(try h.frame(at: 4)).count == 12)
    }

    @Test func aNewLayerUnderAnIdUsedBeforeStartsWithoutTiles() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        for (k, r) in Self.requests(try h.frame(at: 0)).enumerated() {
            #expect(try Self.answer(r, image: UInt32(10 + k), in: h, from: s).isEmpty)
        }
        try h.frame(at: 1)
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)]?.count == 12)
        let replies = h.commit(
            [
                .destroyLayer(1), W.create(1, .tiled),
                W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 1024, height: 1024))),
                W.set(1, "position", W.point(512, 512)), W.set(1, "levelsOfDetail", .number(2)),
            ], from: s, transaction: 2)
        #expect(replies.errorReports.isEmpty)
        #expect(Self.requests(try h.frame(at: 2)).count == 12)
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)] == nil)
    }

    @Test func theCacheKeepsItsBudgetAndTheTilesItDroppedAreAskedForAgain() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        let tileBytes = 256 * 256 * 4
        h.core.sessions[s]?.tiles.budget = 4 * tileBytes
        let requests = Self.requests(try h.frame(at: 0))
        for (k, r) in requests.enumerated() {
            #expect(try Self.answer(r, image: UInt32(10 + k), in: h, from: s).isEmpty)
        }
        #expect(h.core.sessions[s]?.tiles.bytes == 4 * tileBytes)
        // The last four answered stay; the eight dropped are shown, so they are asked for again.
        let again = Self.requests(try h.frame(at: 1))
        #expect(again.map { [$0.column, $0.row] } == requests.prefix(8).map { [$0.column, $0.row] })
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)]?.count == 4)
    }

    @Test func anAncestorsMasksToBoundsLimitsTheTilesAskedFor() throws {
        let h = ServerHarness()
        let s = try h.connect(version: 4)
        // A 100 × 100 clipping window at (300, 0) over the tiled layer, which sits at its origin.
        let replies = h.commit(
            [
                W.create(1), W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 100, height: 100))),
                W.set(1, "position", W.point(350, 50)), W.set(1, "masksToBounds", .bool(true)),
                W.create(2, .tiled), W.set(2, "bounds", .rect(WireRect(x: 0, y: 0, width: 1024, height: 1024))),
                W.set(2, "anchorPoint", W.point(0, 0)), W.set(2, "position", W.point(-200, 0)), W.insert(2, into: 1),
            ], from: s)
        #expect(replies.errorReports.isEmpty)
        // The window shows the layer's points 200…300 × 0…100: tiles (0, 0) and (1, 0) of level 0.
        #expect(Self.requests(try h.frame(at: 0)).map { [$0.column, $0.row] } == [[0, 0], [1, 0]])
    }

    @Test func theLevelFollowsTheAnimatedScale() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        let quarter = Transform3D.scale(0.25, 0.25, 1).wire
        let zoom = W.basic("transform", from: .transform(Transform3D.identity.wire), to: .transform(quarter))
        #expect(
            h.commit([W.set(1, "transform", .transform(quarter)), W.add(zoom, to: 1, id: 1, key: "zoom")], from: s)
                .errorReports.isEmpty)
        // At 0.5 s the layer shows at 0.625 (level 0); at 0.9 s at 0.325 (level 1) though its model is at 0.25.
        #expect(Set(Self.requests(try h.frame(at: 0.5)).map(\.level)) == [0])
        #expect(
            Self.requests(try h.frame(at: 0.9)).map { [$0.level, Int32($0.column), Int32($0.row)] } == [
                [1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1],
            ])
    }

    @Test func aFrameDuringASlicedCommitKeepsDrawingTheTilesHeld() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        for (k, r) in Self.requests(try h.frame(at: 0)).enumerated() {
            #expect(try Self.answer(r, image: UInt32(10 + k), in: h, from: s).isEmpty)
        }
        h.commit((2...1001).map { W.create($0) }, from: s, transaction: 2)
        // 4,000 plain changes, then a creation: applied to a copy of the context over several slices.
        var operations = (2...UInt32(1001)).flatMap { layer -> [WireOperation] in
            [
                W.set(layer, "position", W.point(1, 2)), W.set(layer, "opacity", .number(0.5)),
                W.set(layer, "zPosition", .number(1)), W.set(layer, "hidden", .bool(false)),
            ]
        }
        operations.append(W.create(2000))
        let slicing = CommitSlicing(operations: 4000)
        let bytes = FrameCodec.encode(.commit(Commit(transaction: 3, completions: [], operations: operations)))
        var last = bytes.withUnsafeBytes { h.core.receive(record: $0, fds: [], from: s, slicing: slicing) }
        last = h.core.continueCommit(of: s, slicing: slicing)
        last = h.core.continueCommit(of: s, slicing: slicing)
        #expect(last.unfinished)
        #expect(Self.requests(try h.frame(at: 1)).isEmpty)
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)]?.count == 12)
        while last.unfinished { last = h.core.continueCommit(of: s, slicing: slicing) }
        try h.frame(at: 2)
        #expect(h.sink.lastSnapshot?.clients.first?.tiles[LayerID(1)]?.count == 12)
    }

    @Test func tilesForOtherLayersOrOfTheWrongSizeAreRefusedByName() throws {
        let h = ServerHarness()
        let s = try Self.tiledScene(h)
        #expect(h.commit([W.create(2)], from: s).errorReports.isEmpty)
        let r = try #require(Self.requests(try h.frame(at: 0)).first)
        var wrongLayer = r
        wrongLayer.layer = 2
        let notTiled = try #require(try Self.answer(wrongLayer, image: 3, in: h, from: s).errorReports.first)
        #expect(
            notTiled.code == WireErrorCode.invalidValue.rawValue && notTiled.field == "TileContent.layer"
                && notTiled.value == "2")
        #expect(notTiled.message.contains("not a CATiledLayer") && !notTiled.fatal)
        #expect(notTiled.opcode == TileContent.opcode && notTiled.request == UInt64(r.request))
        let small = try #require(try Self.answer(r, image: 4, size: 128, in: h, from: s).errorReports.first)
        #expect(
            small.code == WireErrorCode.invalidImage.rawValue && small.field == "TileContent.image"
                && small.value == "128×128")
        let unknown = try #require(
            h.send(.tileInvalidate(TileInvalidate(layer: 9, rect: nil)), from: s).errorReports.first)
        #expect(unknown.code == WireErrorCode.unknownLayer.rawValue && unknown.field == "TileInvalidate.layer")
        let noImage = try #require(
            h.send(
                .tileContent(TileContent(request: r.request, layer: 1, level: 0, column: 0, row: 0, image: 99)), from: s
            )
            .errorReports.first)
        #expect(noImage.code == WireErrorCode.unknownImage.rawValue && noImage.field == "TileContent.image")
        // The refused answers left the request waiting: the right one is taken.
        #expect(try Self.answer(r, image: 5, in: h, from: s).isEmpty)
        // A version-3 client is never asked for tiles.
        let old = try h.connect(version: 3)
        #expect(
            h.commit(
                [W.create(1, .tiled), W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 100, height: 100)))],
                from: old
            ).errorReports.isEmpty)
        #expect(try h.frame(at: 1).allSatisfy { $0.session != old })
    }
}
