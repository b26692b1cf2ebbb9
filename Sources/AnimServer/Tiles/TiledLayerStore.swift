import AnimCore
import AnimProtocol
import AnimRender

/// One client's CATiledLayer tiles (docs/core-animation-rules.md#special-layer-classes): which tiles each frame
/// needs at which level of detail, the requests sent for those it lacks, the tiles the client answered with
/// (least recently drawn first out past a byte budget), and what each frame draws of them: a missing or fading
/// tile shows the nearest coarser tile held under it, nothing where there is none.
struct TiledLayerStore {
    /// CATiledLayer's `fadeDuration`: a new tile fades in over this many seconds of the server's clock.
    static let fadeDuration = 0.25
    /// Requests waiting for an answer, per layer: a client slow to draw is not flooded.
    static let maximumPendingPerLayer = 64
    /// Tiles of one level considered per layer and frame (a layer shown far smaller than its levels allow).
    static let maximumVisibleTiles = 1024
    /// Bytes of tile pixels held per client.
    static let defaultBudget = 64 << 20

    struct Entry {
        var image: ClientImage
        var key: RenderImage.Key
        var arrived: Double
        /// Invalidated (`TileInvalidate`): drawn until its new pixels arrive, and asked for again.
        var stale = false
        var lastUse: UInt64 = 0
        /// The pixels this entry replaced (it was stale): drawn under it until it has faded in.
        var replaced: (image: ClientImage, key: RenderImage.Key)?

        var byteCount: Int { image.byteCount + (replaced?.image.byteCount ?? 0) }
    }

    struct Pending {
        var layer: LayerID
        var tile: TileAddress
        var width: Int
        var height: Int
    }

    struct LayerTiles {
        var levels: TiledLayerLevels
        var entries: [TileAddress: Entry] = [:]
        var pending: [TileAddress: UInt32] = [:]
    }

    /// What one frame found: the tiles to draw per layer and the requests to send.
    struct Plan {
        var tiles: [LayerID: [TiledLayerTile]] = [:]
        var requests: [TileRequest] = []
        /// Whether a drawn tile is still fading in (the next frame is due one interval later).
        var fading = false
    }

    /// The tiled layers the client created (some may be gone since).
    private(set) var layerIDs: Set<LayerID> = []
    private var layers: [LayerID: LayerTiles] = [:]
    private var pending: [UInt32: Pending] = [:]
    private var nextRequest: UInt32 = 1
    private var nextImage: UInt64 = 1
    private var useClock: UInt64 = 0
    private(set) var bytes = 0
    var budget = TiledLayerStore.defaultBudget
    /// Every TileRequest sent (statistics and tests).
    private(set) var requestsSent = 0
    /// Whether the last plan drew a tile still fading in.
    private(set) var isFading = false

    var isEmpty: Bool { layerIDs.isEmpty }

    /// Notes the tiled layers a commit creates: only those are planned each frame. A new layer under an id used
    /// before starts with no tiles.
    mutating func noteCreated(by commit: Commit) {
        for operation in commit.operations {
            if case .createLayer(let create) = operation, create.layerClass == .tiled {
                forget(LayerID(create.layer))
                layerIDs.insert(LayerID(create.layer))
            }
        }
    }

    // MARK: Frames

    /// The frame at `time` of a client whose layers are `layers` (presentation states), on an output
    /// covering `viewport` (scene pixels); asks for the tiles it lacks when `requesting` (a frame, not a
    /// screenshot).
    mutating func plan(
        layers shown: RenderSnapshot.Layers, viewport: Rect, at time: Double, requesting: Bool = true
    ) -> Plan {
        var plan = Plan()
        let tree = shown.tree
        // Read on demand: the tiled layers and their ancestors only, not a table of every animated layer.
        let source = LayerStateSource.lookup { shown.state(of: $0) ?? LayerState() }
        for id in layerIDs.sorted() {
            guard let state = shown.state(of: id), state.layerClass == .tiled,
                let properties = state.special.tiled
            else {
                forget(id)
                continue
            }
            let levels = TiledLayerLevels(properties, contentsScale: state.contentsScale)
            if layers[id]?.levels != levels { reset(id, levels) }
            guard !state.hidden, let world = tree.transform(from: id, to: nil, using: source),
                let visible = (try? tree.visibleRect(of: id, using: source)) ?? nil,
                let area = Self.unclipped(visible, of: id, in: tree, shown: shown, using: source),
                let view = TiledLayerView(world: world, area: area, viewport: viewport)
            else { continue }
            let level = levels.level(forScreenScale: view.screenScale)
            let wanted = levels.tiles(
                atLevel: level, meeting: view.visible, in: state.bounds, limit: Self.maximumVisibleTiles)
            if requesting { plan.requests += requests(for: wanted, of: id, bounds: state.bounds) }
            let drawn = draws(wanted, of: id, bounds: state.bounds, at: time)
            plan.fading = plan.fading || drawn.fading
            if !drawn.tiles.isEmpty { plan.tiles[id] = drawn.tiles }
        }
        requestsSent += plan.requests.count
        if requesting { isFading = plan.fading }
        return plan
    }

    /// `area` of layer `id` less what its ancestors' `masksToBounds` clip away (each ancestor's bounds brought into
    /// the layer's space, as a bounding box); nil when nothing is left.
    private static func unclipped(
        _ area: Rect, of id: LayerID, in tree: LayerTree, shown: RenderSnapshot.Layers, using source: LayerStateSource
    ) -> Rect? {
        var area = area
        var current = (try? tree.superlayer(of: id)) ?? nil
        while let ancestor = current {
            if let state = shown.state(of: ancestor), state.masksToBounds {
                guard let clip = tree.convert(state.bounds, from: ancestor, to: id, using: source),
                    let inside = area.intersection(clip)
                else { return nil }
                area = inside
            }
            current = (try? tree.superlayer(of: ancestor)) ?? nil
        }
        return area
    }

    /// Requests for the wanted tiles neither held (fresh) nor asked for already, within the layer's share.
    private mutating func requests(for wanted: [TileAddress], of id: LayerID, bounds: Rect) -> [TileRequest] {
        guard var tiles = layers[id] else { return [] }
        let wantedSet = Set(wanted)
        if tiles.pending.count >= Self.maximumPendingPerLayer {
            // Requests for tiles no longer shown give way to those shown now; their answers are dropped.
            for (tile, request) in tiles.pending where !wantedSet.contains(tile) {
                tiles.pending[tile] = nil
                pending[request] = nil
            }
        }
        var out: [TileRequest] = []
        for tile in wanted where tiles.pending[tile] == nil && tiles.entries[tile].map(\.stale) ?? true {
            guard tiles.pending.count < Self.maximumPendingPerLayer else { break }
            let request = nextRequest
            nextRequest = nextRequest == UInt32.max ? 1 : nextRequest + 1
            let rect = tiles.levels.rect(of: tile, in: bounds)
            pending[request] = Pending(
                layer: id, tile: tile, width: tiles.levels.tileWidth, height: tiles.levels.tileHeight)
            tiles.pending[tile] = request
            out.append(
                TileRequest(
                    request: request, layer: id.rawValue, level: Int32(tile.level), column: UInt32(tile.column),
                    row: UInt32(tile.row), rect: rect.wire, scale: tiles.levels.scale(ofLevel: tile.level),
                    width: UInt32(tiles.levels.tileWidth), height: UInt32(tiles.levels.tileHeight)))
        }
        layers[id] = tiles
        return out
    }

    /// What the layer draws: for each wanted tile missing or fading in, the nearest coarser tile held (each once,
    /// coarsest first), then the wanted tiles held.
    private mutating func draws(
        _ wanted: [TileAddress], of id: LayerID, bounds: Rect, at time: Double
    ) -> (tiles: [TiledLayerTile], fading: Bool) {
        guard var tiles = layers[id] else { return ([], false) }
        var under: Set<TileAddress> = []
        var shown: [(TileAddress, Double)] = []
        var fading = false
        for tile in wanted {
            var alpha = 0.0
            if let entry = tiles.entries[tile] {
                alpha = Self.fade(since: entry.arrived, at: time)
                shown.append((tile, alpha))
                if alpha >= 1, let replaced = entry.replaced {
                    tiles.entries[tile]?.replaced = nil
                    bytes -= replaced.image.byteCount
                }
            }
            guard alpha < 1 else { continue }
            fading = fading || tiles.entries[tile] != nil
            if tiles.entries[tile]?.replaced != nil { continue }
            if tile.level < tiles.levels.coarsest {
                for level in (tile.level + 1)...tiles.levels.coarsest {
                    let coarser = tile.ancestor(atLevel: level)
                    if tiles.entries[coarser] != nil {
                        under.insert(coarser)
                        break
                    }
                }
            }
        }
        var out: [TiledLayerTile] = []
        let order = under.sorted { ($1.level, $1.row, $1.column) < ($0.level, $0.row, $0.column) }
        for tile in order { if let draw = draw(tile, alpha: 1, in: &tiles, bounds: bounds) { out.append(draw) } }
        for (tile, alpha) in shown {
            if alpha < 1, let replaced = tiles.entries[tile]?.replaced,
                let draw = draw(tile, replaced, alpha: 1, in: &tiles, bounds: bounds)
            {
                out.append(draw)
            }
            if alpha > 0, let draw = draw(tile, alpha: alpha, in: &tiles, bounds: bounds) { out.append(draw) }
        }
        layers[id] = tiles
        return (out, fading)
    }

    /// The part of the tile inside the bounds, with the image pixels that cover it.
    private mutating func draw(
        _ tile: TileAddress, alpha: Double, in tiles: inout LayerTiles, bounds: Rect
    ) -> TiledLayerTile? {
        guard let entry = tiles.entries[tile] else { return nil }
        return draw(tile, (entry.image, entry.key), alpha: alpha, in: &tiles, bounds: bounds)
    }

    /// `draw(_:alpha:in:bounds:)` with these pixels for the tile.
    private mutating func draw(
        _ tile: TileAddress, _ entry: (image: ClientImage, key: RenderImage.Key), alpha: Double,
        in tiles: inout LayerTiles, bounds: Rect
    ) -> TiledLayerTile? {
        useClock &+= 1
        tiles.entries[tile]?.lastUse = useClock
        let whole = tiles.levels.rect(of: tile, in: bounds)
        guard let rect = whole.intersection(bounds.standardized) else { return nil }
        let sx = Double(entry.image.width) / whole.width
        let sy = Double(entry.image.height) / whole.height
        let source = Rect(
            x: (rect.minX - whole.minX) * sx, y: (rect.minY - whole.minY) * sy, width: rect.width * sx,
            height: rect.height * sy)
        return TiledLayerTile(
            rect: rect, image: Self.renderImage(entry.image, key: entry.key), source: source, alpha: alpha)
    }

    static func fade(since arrived: Double, at time: Double) -> Double {
        min(1, max(0, (time - arrived) / fadeDuration))
    }

    private static func renderImage(_ image: ClientImage, key: RenderImage.Key) -> RenderImage {
        let format: RenderPixelFormat =
            switch image.format {
            case .rgba8Premultiplied: .rgba8Premultiplied
            case .bgra8Premultiplied: .bgra8Premultiplied
            }
        return RenderImage(
            key: key, width: image.width, height: image.height, stride: image.stride, format: format,
            bytes: image.memory.bytes, owner: image.memory)
    }

    // MARK: Messages

    /// The request `request` is answered for `layer`'s `tile`: what it asked for, or nil when nothing waits for
    /// that answer any more (the tile was invalidated, or shown no longer).
    func pendingRequest(_ request: UInt32, layer: LayerID, tile: TileAddress) -> Pending? {
        guard let p = pending[request], p.layer == layer, p.tile == tile else { return nil }
        return p
    }

    /// Stores a requested tile's pixels, arrived at `time`, evicting the least recently drawn tiles past the budget.
    mutating func store(_ image: ClientImage, answering request: UInt32, at time: Double, session: SessionID) {
        guard let p = pending.removeValue(forKey: request), var tiles = layers[p.layer] else { return }
        tiles.pending[p.tile] = nil
        let old = tiles.entries[p.tile]
        if let old { bytes -= old.byteCount }
        // Tile images are keyed apart from the client's own image ids (bit 32 of the source), which it may reuse.
        let key = RenderImage.Key(source: UInt64(session.rawValue) | 1 << 32, image: nextImage)
        nextImage += 1
        useClock &+= 1
        var entry = Entry(image: image, key: key, arrived: time, lastUse: useClock)
        // A redrawn tile fades in over its old pixels (a late first answer has none).
        if let old, old.stale { entry.replaced = (old.image, old.key) }
        tiles.entries[p.tile] = entry
        bytes += entry.byteCount
        layers[p.layer] = tiles
        evict()
    }

    /// Marks the tiles meeting `rect` (the whole layer when nil) at every level stale and forgets the requests
    /// for them: the next frame asks again for those it shows.
    mutating func invalidate(_ id: LayerID, rect: Rect?, bounds: Rect) {
        guard var tiles = layers[id] else { return }
        func meets(_ tile: TileAddress) -> Bool {
            guard let rect else { return true }
            return tiles.levels.rect(of: tile, in: bounds).intersection(rect.standardized) != nil
        }
        for tile in tiles.entries.keys where meets(tile) { tiles.entries[tile]?.stale = true }
        for (tile, request) in tiles.pending where meets(tile) {
            tiles.pending[tile] = nil
            pending[request] = nil
        }
        layers[id] = tiles
    }

    private mutating func evict() {
        while bytes > budget {
            var oldest: (LayerID, TileAddress, UInt64)?
            for (id, tiles) in layers {
                for (tile, entry) in tiles.entries where entry.lastUse < (oldest?.2 ?? .max) {
                    oldest = (id, tile, entry.lastUse)
                }
            }
            guard let (id, tile, _) = oldest, let entry = layers[id]?.entries.removeValue(forKey: tile) else { return }
            bytes -= entry.byteCount
        }
    }

    private mutating func reset(_ id: LayerID, _ levels: TiledLayerLevels) {
        forget(id)
        layerIDs.insert(id)
        layers[id] = LayerTiles(levels: levels)
    }

    private mutating func forget(_ id: LayerID) {
        guard let tiles = layers.removeValue(forKey: id) else {
            layerIDs.remove(id)
            return
        }
        for entry in tiles.entries.values { bytes -= entry.byteCount }
        for request in tiles.pending.values { pending[request] = nil }
        layerIDs.remove(id)
    }
}
