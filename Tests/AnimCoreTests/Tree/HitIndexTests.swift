import AnimTestSupport
import Testing

@testable import AnimCore

/// Input routing's indexed hit test (`LayerHitIndex`) against the plain one it must equal
/// (docs/core-animation-rules.md, "Input").
@Suite("Indexed hit testing")
struct HitIndexTests {
    private func id(_ n: UInt32) -> LayerID { TreeFixture.id(n) }

    /// 10,000 cells of 12 × 7 in a 100-column grid, all sublayers of root 1: cell k is layer k + 2.
    private func flatGrid() throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 1400, height: 1000)))
        for k in 0..<10_000 {
            let frame = Rect(x: Double(k % 100) * 14 + 1, y: Double(k / 100) * 10 + 1, width: 12, height: 7)
            try tree.build(UInt32(k + 2), TreeFixture.layer(frame), in: 1)
        }
        return tree
    }

    @Test func aTouchAmongTenThousandSiblingsReadsAFewLayersNotEvery() throws {
        let tree = try flatGrid()
        let reads = ReadCounter()
        let states = LayerStateSource.overriding { _ in
            reads.count += 1
            return nil
        }
        // Cell 4321: column 21, row 43.
        let p = Point(x: 21 * 14 + 5, y: 43 * 10 + 4)
        #expect(tree.inputHitTest(p, using: states) == id(4323))
        #expect(reads.count >= 10_000, "the plain hit test reads every sibling")
        // The first hit test on the tree as it is goes sibling by sibling; the second builds the grid and uses it.
        let index = LayerHitIndex()
        reads.count = 0
        #expect(tree.inputHitTest(p, using: states, index: index) == id(4323))
        #expect(reads.count >= 10_000)
        reads.count = 0
        #expect(tree.inputHitTest(p, using: states, index: index) == id(4323))
        #expect(reads.count <= 8, "read \(reads.count) layers")
        reads.count = 0
        #expect(tree.inputHitTest(Point(x: 21 * 14 + 13.5, y: 43 * 10 + 4), using: states, index: index) == id(1))
        #expect(reads.count <= 8, "read \(reads.count) layers")
    }

    @Test func theIndexFollowsTheTreesChanges() throws {
        var tree = try flatGrid()
        let index = LayerHitIndex()
        let p = Point(x: 5, y: 4)
        // Twice on each tree: the second hit test goes through the grid.
        func hit(_ tree: LayerTree) -> LayerID? {
            let first = tree.inputHitTest(p, using: .model, index: index)
            let second = tree.inputHitTest(p, using: .model, index: index)
            #expect(first == second)
            return second
        }
        #expect(hit(tree) == id(2))
        // Cell 0 moves away, cell 1 moves under p: the same index answers for the tree as it is now.
        try tree.updateState(of: id(2)) { $0.position = Point(x: 2000, y: 2000) }
        try tree.updateState(of: id(3)) { $0.position = Point(x: 7, y: 4.5) }
        #expect(hit(tree) == id(3))
        try tree.updateState(of: id(3)) { $0.hidden = true }
        #expect(hit(tree) == id(1))
        try tree.updateState(of: id(3)) { $0.hidden = false }
        try tree.removeFromSuperlayer(id(3))
        #expect(hit(tree) == id(3), "3 is a root now, on top")
        // A copy of an earlier tree is answered for itself, not from what the index built for the later one.
        let earlier = tree
        _ = try tree.remove(id(3))
        #expect(hit(tree) == id(1))
        #expect(hit(earlier) == id(3))
        #expect(hit(tree) == id(1))
    }

    @Test func theIndexedHitTestAgreesWithThePlainOneOnRandomTrees() throws {
        var random = SeededGenerator(seed: 18)
        var compared = 0
        var hits = 0
        for round in 0..<40 {
            var tree = try RandomHitTree.make(&random)
            for index in [LayerHitIndex(minimumSublayers: 1), LayerHitIndex(minimumSublayers: 6), LayerHitIndex()] {
                for change in 0..<4 {
                    if change > 0 { try RandomHitTree.change(&tree, &random) }
                    for t in [0.0, 0.37, 1.6] {
                        let states = LayerStateSource.presentation(tree.presentationStates(atAbsoluteTime: t))
                        for p in RandomHitTree.points(in: tree, &random) {
                            let plain = tree.inputHitTest(p, using: states)
                            let indexed = tree.inputHitTest(p, using: states, index: index)
                            #expect(indexed == plain, "round \(round), change \(change), t \(t), \(p)")
                            compared += 1
                            if plain != nil { hits += 1 }
                        }
                    }
                }
            }
        }
        // The cases hit something often enough to matter.
        #expect(compared > 10_000 && hits > compared / 4, "\(hits) hits of \(compared)")
    }
}

private final class ReadCounter {
    var count = 0
}

/// Random trees for the comparison: containers with many overlapping sublayers, zPosition ties, hidden and
/// non-interactive layers, masks, rounded clips, 2D and 3D transforms, sublayerTransform and geometryFlipped,
/// transform layers, and animations of geometry and of drawing only.
private enum RandomHitTree {
    static let size = 300.0

    static func make(_ random: inout SeededGenerator) throws -> LayerTree {
        var tree = LayerTree()
        var next: UInt32 = 1
        func add(_ state: LayerState, in parent: UInt32?) throws -> UInt32 {
            let n = next
            next += 1
            try tree.build(n, state, in: parent)
            return n
        }
        for _ in 0..<(1 + random.below(2)) {
            let root = try add(TreeFixture.layer(Rect(x: 0, y: 0, width: size, height: size)), in: nil)
            var containers = [root]
            for _ in 0..<random.below(3) {
                let parent = containers[random.below(containers.count)]
                let frame = Rect(x: double(&random, 0, 100), y: double(&random, 0, 100), width: 200, height: 200)
                let container = try add(
                    TreeFixture.layer(frame, random.below(6) == 0 ? .transformLayer : .layer) { state in
                        switch random.below(5) {
                        case 0: state.sublayerTransform = .rotation(0.3, 0, 0, 1)
                        case 1: state.geometryFlipped = true
                        case 2: state.bounds.origin = Point(x: 15, y: -10)
                        default: break
                        }
                    }, in: parent)
                containers.append(container)
            }
            for _ in 0..<(20 + random.below(60)) {
                let parent = containers[random.below(containers.count)]
                let layer = try add(sublayer(&random), in: parent)
                if random.below(12) == 0 {
                    let mask = try add(
                        TreeFixture.layer(
                            Rect(x: double(&random, -10, 30), y: double(&random, -10, 30), width: 30, height: 40)),
                        in: nil)
                    try tree.setMask(LayerID(mask), of: LayerID(layer))
                }
                if random.below(5) == 0 { try animate(LayerID(layer), in: &tree, &random) }
            }
        }
        return tree
    }

    static func sublayer(_ random: inout SeededGenerator) -> LayerState {
        let frame = Rect(
            x: double(&random, -20, size), y: double(&random, -20, size), width: double(&random, 0, 90),
            height: double(&random, 0, 90))
        return TreeFixture.layer(frame) { state in
            state.zPosition = [0, 0, 0, 1, -1, 2, .nan][random.below(7)]
            if random.below(10) == 0 { state.hidden = true }
            if random.below(10) == 0 { state.userInteractionEnabled = false }
            if random.below(8) == 0 { state.anchorPoint = Point(x: double(&random, -0.5, 1.5), y: 0.25) }
            if random.below(10) == 0 { state.bounds.origin = Point(x: double(&random, -20, 20), y: 7) }
            if random.below(12) == 0 { state.bounds.size.width = -state.bounds.size.width }
            if random.below(8) == 0 {
                state.masksToBounds = true
                state.cornerRadius = double(&random, 0, 30)
            }
            switch random.below(12) {
            case 0: state.transform = .rotation(double(&random, -3, 3), 0, 0, 1)
            case 1: state.transform = .scale(double(&random, 0.2, 2), double(&random, -2, 2), 1)
            case 2: state.transform = Transform3D.perspective(eyeDistance: 500).rotated(0.6, 0, 1, 0)
            default: break
            }
        }
    }

    static func animate(_ id: LayerID, in tree: inout LayerTree, _ random: inout SeededGenerator) throws {
        let animation: Animation
        switch random.below(6) {
        case 0: animation = basic("position", by: .point(Point(x: double(&random, -80, 80), y: 30)))
        case 1: animation = basic("zPosition", from: .number(3), to: .number(-3))
        case 2: animation = basic("transform.rotation.z", from: .number(0), to: .number(2))
        case 3: animation = basic("bounds.size", to: .size(Size(width: 5, height: 150)))
        case 4:
            // A group is as a hit test sees its most telling member.
            let members = [
                basic("opacity", from: .number(1), to: .number(0)),
                random.below(2) == 0
                    ? basic("zPosition", from: .number(-2), to: .number(2)) : basic("borderWidth", to: .number(4)),
            ]
            animation = Animation(.group(AnimationGroup(animations: members)), timing: MediaTiming(duration: 1))
        default: animation = basic("opacity", from: .number(1), to: .number(0.2))
        }
        var timing = animation
        timing.timing.repeatCount = .infinity
        let attached = try AttachedAnimation(
            key: nil, animation: timing, layerClass: tree.layerClass(of: id)!,
            context: AttachedAnimation.Context(attachTime: 0))
        try tree.updateAnimations(of: id) { _ = $0.add(attached, at: 0) }
    }

    /// A change of one random sublayer: moved, restacked, hidden, animated, removed or one added.
    static func change(_ tree: inout LayerTree, _ random: inout SeededGenerator) throws {
        let layers = tree.layerIDs.filter { tree.node($0)?.superlayer != nil }
        let target = layers[random.below(layers.count)]
        switch random.below(6) {
        case 0: try tree.updateState(of: target) { $0.position = Point(x: double(&random, 0, size), y: 40) }
        case 1: try tree.updateState(of: target) { $0.zPosition = [0, 1, -1][random.below(3)] }
        case 2: try tree.updateState(of: target) { $0.hidden.toggle() }
        case 3: try animate(target, in: &tree, &random)
        case 4: try tree.removeFromSuperlayer(target)
        default:
            let parent = try tree.superlayer(of: target)!
            let new = LayerID((tree.layerIDs.last?.rawValue ?? 0) + 1)
            try tree.insert(new, state: sublayer(&random))
            try tree.insertSublayer(new, into: parent, at: min(random.below(5), try tree.sublayers(of: parent).count))
        }
    }

    /// Points over the scene: random ones, and the corners and edges of sublayer frames, where rounding decides.
    static func points(in tree: LayerTree, _ random: inout SeededGenerator) -> [Point] {
        var points = (0..<12).map { _ in Point(x: double(&random, -30, size + 30), y: double(&random, -30, size + 30)) }
        let layers = tree.layerIDs
        for _ in 0..<8 {
            guard let state = try? tree.state(of: layers[random.below(layers.count)]) else { continue }
            let frame = state.frame
            points += [
                Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.midY),
                Point(x: frame.midX, y: frame.maxY), Point(x: frame.minX.nextDown, y: frame.midY),
                Point(x: frame.maxX.nextDown, y: frame.maxY.nextDown),
            ]
        }
        return points + [Point(x: .nan, y: 10), Point(x: .infinity, y: 10)]
    }

    static func double(_ random: inout SeededGenerator, _ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
}
