/// What input routing's hit test keeps from one tree between events (docs/core-animation-rules.md, "Input"): the
/// roots in order, and for each layer with many sublayers a grid of those sublayers' frames in its space, so a touch
/// among 10,000 siblings tests the few whose frames hold the point, not every sibling. Built from the model when a
/// hit test reaches a layer, and dropped whole when the tree changes (`LayerTree.revision`). The first hit test after
/// a change goes sibling by sibling and builds nothing: a tree that changes between every two events costs what it
/// would without an index, not a grid's build each time. A sublayer whose presentation may differ from its model
/// where hit testing looks (an animation of its geometry, visibility or interaction) is tested at every event, as
/// without an index.
///
/// One index serves one tree at a time; it is not shared between threads.
public final class LayerHitIndex {
    /// Layers with fewer sublayers than this test them one by one, as without an index.
    let minimumSublayers: Int
    /// The revision of the tree the index holds; nil before the first hit test.
    private var revision: UInt64?
    private var rootsInOrder: [LayerID] = []
    /// Hit tests on the tree at `revision`: grids are built from the second on.
    private var hitTests = 0
    private var grids: [LayerID: SublayerGrid] = [:]

    /// An index for layers with at least `minimumSublayers` sublayers (at least 1).
    public init(minimumSublayers: Int = 32) {
        self.minimumSublayers = max(1, minimumSublayers)
    }

    /// The shown roots of `tree` (`shownRoots`), back to front, after dropping what the index held from an older tree.
    func roots(of tree: LayerTree) -> [LayerID] {
        if revision != tree.revision {
            revision = tree.revision
            rootsInOrder = tree.shownRoots
            grids.removeAll(keepingCapacity: true)
            hitTests = 0
        }
        hitTests += 1
        return rootsInOrder
    }

    /// The grid of the sublayers of `id`, built on first use; nil when the layer has too few sublayers or in the
    /// first hit test on this tree. `roots(of:)` has been called for this hit test.
    func grid(of id: LayerID, in tree: LayerTree) -> SublayerGrid? {
        if let grid = grids[id] { return grid }
        guard hitTests > 1 else { return nil }
        let sublayers = tree.nodes[id].sublayers
        guard sublayers.count >= minimumSublayers else { return nil }
        let grid = SublayerGrid(sublayers, of: tree)
        grids[id] = grid
        return grid
    }
}

/// One layer's sublayers by where their frames lie in its space, for a point in that space when only translations
/// separate the sublayers from it (no transform of their own, no sublayerTransform or geometryFlipped above them): the
/// case in which `LayerTree.hitTest` rules a sublayer out by its bounds alone (`missesTranslated`). A sublayer is
/// left out of the candidates for a point only where that test would rule it out.
struct SublayerGrid {
    /// A sublayer that the hit test rules out by its frame: its place among the sublayers, its zPosition (NaN
    /// read as 0), and the translation and bounds `missesTranslated` tests with.
    struct Framed {
        var place: Int32
        var z: Double
        var dx: Double
        var dy: Double
        var bounds: Rect
    }

    /// A sublayer tried for every point: `z` nil when its presentation zPosition must be read at the event.
    struct Always {
        var place: Int32
        var z: Double?
    }

    private var framed: [Framed] = []
    private var always: [Always] = []
    /// The grid: `columns × rows` cells of `cellWidth × cellHeight` from `origin`; cell c holds
    /// `cellFramed[cellStarts[c]..<cellStarts[c + 1]]` (indices into `framed`).
    private var origin = Point(x: 0, y: 0)
    private var cellWidth = 1.0
    private var cellHeight = 1.0
    private var columns = 0
    private var rows = 0
    private var cellStarts: [Int32] = [0]
    private var cellFramed: [Int32] = []
    /// A frame over more cells than this is tried for every point instead.
    private static let maxCellsPerFrame = 64

    init(_ sublayers: [LayerID], of tree: LayerTree) {
        var spans: [(x0: Double, x1: Double, y0: Double, y1: Double)] = []
        for (place, id) in sublayers.enumerated() {
            let node = tree.nodes[id]
            let state = node.state
            let place = Int32(place)
            guard !Self.mayPresentDifferently(node.animations), state.transform.isIdentity,
                state.layerClass != .transformLayer
            else {
                always.append(Always(place: place, z: nil))
                continue
            }
            // missesTranslated rules a hidden one out, and one whose bounds hold no point (empty, NaN).
            guard !state.hidden, state.bounds.minX < state.bounds.maxX, state.bounds.minY < state.bounds.maxY
            else { continue }
            let a = state.anchorPointInLayer
            let entry = Framed(
                place: place, z: state.zPosition.isNaN ? 0 : state.zPosition, dx: state.position.x - a.x,
                dy: state.position.y - a.y, bounds: state.bounds)
            let b = entry.bounds
            // missesTranslated tests p − (dx, dy) against the bounds; the margin covers that subtraction's rounding.
            let margin =
                1e-9 * (1 + abs(entry.dx) + abs(entry.dy) + abs(b.minX) + abs(b.maxX) + abs(b.minY) + abs(b.maxY))
            let span = (
                x0: entry.dx + b.minX - margin, x1: entry.dx + b.maxX + margin, y0: entry.dy + b.minY - margin,
                y1: entry.dy + b.maxY + margin
            )
            guard span.x0.isFinite, span.x1.isFinite, span.y0.isFinite, span.y1.isFinite, margin.isFinite else {
                always.append(Always(place: place, z: entry.z))
                continue
            }
            framed.append(entry)
            spans.append(span)
        }
        guard !framed.isEmpty else { return }
        let x0 = spans.lazy.map(\.x0).min()!
        let x1 = spans.lazy.map(\.x1).max()!
        let y0 = spans.lazy.map(\.y0).min()!
        let y1 = spans.lazy.map(\.y1).max()!
        let width = x1 - x0
        let height = y1 - y0
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            always += framed.map { Always(place: $0.place, z: $0.z) }
            framed = []
            return
        }
        // About one frame a cell.
        let n = Double(framed.count)
        columns = Int(min(max((n * width / height).squareRoot().rounded(), 1), n))
        rows = Int(min(max((n * height / width).squareRoot().rounded(), 1), n))
        origin = Point(x: x0, y: y0)
        cellWidth = width / Double(columns)
        cellHeight = height / Double(rows)
        var cells: [(first: Int, last: Int, firstRow: Int, lastRow: Int)] = []
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var kept: [Framed] = []
        for (entry, span) in zip(framed, spans) {
            let c0 = column(span.x0)
            let c1 = column(span.x1)
            let r0 = row(span.y0)
            let r1 = row(span.y1)
            guard (c1 - c0 + 1) * (r1 - r0 + 1) <= Self.maxCellsPerFrame else {
                always.append(Always(place: entry.place, z: entry.z))
                continue
            }
            for r in r0...r1 {
                for c in c0...c1 { counts[r * columns + c + 1] += 1 }
            }
            kept.append(entry)
            cells.append((c0, c1, r0, r1))
        }
        framed = kept
        for c in 0..<columns * rows { counts[c + 1] += counts[c] }
        cellStarts = counts
        var next = counts
        cellFramed = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        for (index, cell) in cells.enumerated() {
            for r in cell.firstRow...cell.lastRow {
                for c in cell.first...cell.last {
                    cellFramed[Int(next[r * columns + c])] = Int32(index)
                    next[r * columns + c] += 1
                }
            }
        }
    }

    /// The cell column of x, clamped to the grid (a frame's span lies inside it, up to rounding).
    private func column(_ x: Double) -> Int {
        min(max(Int(((x - origin.x) / cellWidth).rounded(.down)), 0), columns - 1)
    }

    private func row(_ y: Double) -> Int { min(max(Int(((y - origin.y) / cellHeight).rounded(.down)), 0), rows - 1) }

    /// The sublayers (places among them, with their zPositions where known) that may hold `p`: every one whose
    /// frame holds it, and every one tried for every point.
    func candidates(at p: Point) -> [Always] {
        var found = always
        let x = ((p.x - origin.x) / cellWidth).rounded(.down)
        let y = ((p.y - origin.y) / cellHeight).rounded(.down)
        // Also false for NaN: no frame holds such a point.
        guard columns > 0, x >= 0, x < Double(columns), y >= 0, y < Double(rows) else { return found }
        let cell = Int(y) * columns + Int(x)
        for index in cellFramed[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])] {
            let entry = framed[Int(index)]
            if entry.bounds.contains(Point(x: p.x - entry.dx, y: p.y - entry.dy)) {
                found.append(Always(place: entry.place, z: entry.z))
            }
        }
        return found
    }

    /// Whether `animations` may make a layer's presentation differ from its model where a hit test looks: any
    /// animation but of the properties listed here, which only change how the layer is drawn.
    static func mayPresentDifferently(_ animations: LayerAnimations) -> Bool {
        animations.entries.contains { !drawsOnly($0.attached.animation) }
    }

    private static func drawsOnly(_ animation: Animation) -> Bool {
        switch animation.kind {
        case .group(let group): return group.animations.allSatisfy(drawsOnly)
        case .transition: return false
        case .basic, .spring, .keyframe:
            return animation.keyPath.map { drawOnlyProperties.contains($0.property) } ?? false
        }
    }

    private static let drawOnlyProperties: Set<LayerProperty> = [
        .opacity, .backgroundColor, .borderColor, .borderWidth, .shadowColor, .shadowOpacity, .shadowOffset,
        .shadowRadius, .contents, .contentsRect,
    ]
}
