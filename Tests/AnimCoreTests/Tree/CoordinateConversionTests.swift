import AnimTestSupport
import Testing

@testable import AnimCore

@Suite("Coordinate conversion between layers")
struct CoordinateConversionTests {
    private let root = TreeFixture.id(1)
    private let a = TreeFixture.id(2)
    private let b = TreeFixture.id(3)

    /// Root 1 fills (0, 0, 400, 400) of the root space; 2 and 3 are its sublayers at (50, 50, 100, 100)
    /// and (275, 275, 50, 50).
    private func siblings(configureRoot: (inout LayerState) -> Void = { _ in }) throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400), configure: configureRoot))
        try tree.build(2, TreeFixture.layer(Rect(x: 50, y: 50, width: 100, height: 100)), in: 1)
        try tree.build(3, TreeFixture.layer(Rect(x: 275, y: 275, width: 50, height: 50)), in: 1)
        return tree
    }

    @Test func parentAndChild() throws {
        let tree = try siblings()
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root) == Point(x: 50, y: 50))
        #expect(tree.convert(Point(x: 60, y: 70), from: root, to: a) == Point(x: 10, y: 20))
        #expect(tree.convert(Point(x: 60, y: 70), from: nil, to: a) == Point(x: 10, y: 20))
        #expect(tree.convert(Point(x: 10, y: 20), from: a, to: nil) == Point(x: 60, y: 70))
    }

    @Test func betweenSiblings() throws {
        let tree = try siblings()
        #expect(tree.convert(Point(x: 10, y: 10), from: a, to: b) == Point(x: -215, y: -215))
        #expect(tree.convert(Point(x: -215, y: -215), from: b, to: a) == Point(x: 10, y: 10))
        #expect(
            tree.convert(Rect(x: 0, y: 0, width: 10, height: 20), from: a, to: b)
                == Rect(x: -225, y: -225, width: 10, height: 20))
    }

    @Test func boundsOriginOffsetsTheLocalSpace() throws {
        var tree = try siblings()
        try tree.updateState(of: a) { $0.bounds.origin = Point(x: 20, y: 30) }
        // bounds.origin now sits at the layer's top-left corner.
        #expect(tree.convert(Point(x: 20, y: 30), from: a, to: root) == Point(x: 50, y: 50))
        try tree.build(
            4,
            TreeFixture.layer(Rect(x: 0, y: 0, width: 10, height: 10)) {
                $0.anchorPoint = .zero
                $0.position = Point(x: 20, y: 30)
            }, in: 2)
        #expect(tree.convert(Point(x: 0, y: 0), from: TreeFixture.id(4), to: root) == Point(x: 50, y: 50))
        #expect(tree.convert(Point(x: 50, y: 50), from: root, to: TreeFixture.id(4)) == Point(x: 0, y: 0))
    }

    @Test func sublayerTransformActsAboutTheCentre() throws {
        let tree = try siblings { $0.sublayerTransform = .scale(2, 2, 1) }
        // (50, 50) in the root's sublayer space, scaled by 2 about the root's centre (200, 200).
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root) == Point(x: -100, y: -100))
        #expect(tree.convert(Point(x: -100, y: -100), from: root, to: a) == Point(x: 0, y: 0))
        #expect(tree.convert(Point(x: 0, y: 0), from: root, to: nil) == Point(x: 0, y: 0), "not its own space")
    }

    @Test func geometryFlippedMirrorsTheSublayersAboutTheCentre() throws {
        var tree = try siblings { $0.geometryFlipped = true }
        // 2's frame (50, 50, 100, 100) is measured from the bottom: y 50…150 becomes 250…350.
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root) == Point(x: 50, y: 350))
        #expect(tree.convert(Point(x: 0, y: 100), from: a, to: root) == Point(x: 50, y: 250))
        #expect(tree.convert(Point(x: 50, y: 350), from: root, to: a) == Point(x: 0, y: 0))
        try tree.updateState(of: root) { $0.geometryFlipped = false }
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root) == Point(x: 50, y: 50))
    }

    @Test func perspectiveHasItsVanishingPointAtTheContainerCentre() throws {
        var tree = LayerTree()
        try tree.build(
            1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)) { $0.sublayerTransform.m34 = -1.0 / 500 })
        // A 100×100 layer centred on the container's centre, 100 nearer the eye: w = 1 − 100/500 = 0.8.
        try tree.build(
            2, TreeFixture.layer(Rect(x: 150, y: 150, width: 100, height: 100)) { $0.zPosition = 100 }, in: 1)
        #expect(TreeFixture.near(tree.convert(Point(x: 50, y: 50), from: a, to: root), Point(x: 200, y: 200)))
        #expect(TreeFixture.near(tree.convert(Point(x: 0, y: 0), from: a, to: root), Point(x: 137.5, y: 137.5)))
        #expect(TreeFixture.near(tree.convert(Point(x: 100, y: 0), from: a, to: nil), Point(x: 262.5, y: 137.5)))
        #expect(TreeFixture.near(tree.convert(Point(x: 262.5, y: 137.5), from: nil, to: a), Point(x: 100, y: 0)))
        // Moved off-centre it is pushed away from the centre, not from the container's origin.
        try tree.updateState(of: a) { $0.position = Point(x: 300, y: 200) }
        #expect(TreeFixture.near(tree.convert(Point(x: 50, y: 50), from: a, to: root), Point(x: 325, y: 200)))
    }

    @Test func roundTripsThroughDeepThreeDimensionalTrees() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            var tree = LayerTree()
            for n in UInt32(1)...5 {
                var s = LayerState()
                s.bounds = Rect(
                    x: .random(in: -20...20, using: &rng), y: .random(in: -20...20, using: &rng),
                    width: .random(in: 50...150, using: &rng), height: .random(in: 50...150, using: &rng))
                s.position = Point(x: .random(in: 0...200, using: &rng), y: .random(in: 0...200, using: &rng))
                s.anchorPoint = Point(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng))
                s.zPosition = .random(in: -50...50, using: &rng)
                s.transform = Transform3D.rotation(
                    .random(in: -0.8...0.8, using: &rng), .random(in: -1...1, using: &rng),
                    .random(in: -1...1, using: &rng), 1
                ).scaled(.random(in: 0.5...2, using: &rng), .random(in: 0.5...2, using: &rng), 1)
                s.sublayerTransform.m34 = -1.0 / .random(in: 800...2000, using: &rng)
                try tree.build(n, s, in: n == 1 || n == 4 ? nil : (n == 5 ? 2 : n - 1))
            }
            let spaces: [LayerID?] = [nil] + (1...5).map { TreeFixture.id($0) }
            for from in spaces {
                for to in spaces {
                    let p = Point(x: .random(in: 0...50, using: &rng), y: .random(in: 0...50, using: &rng))
                    let there = try #require(tree.convert(p, from: from, to: to))
                    #expect(
                        TreeFixture.near(tree.convert(there, from: to, to: from), p),
                        "\(String(describing: from)) → \(String(describing: to))")
                    // The single matrix agrees with the step-by-step conversion.
                    let m = try #require(tree.transform(from: from, to: to))
                    #expect(TreeFixture.near(m.apply(to: p), there, 1e-7))
                }
            }
        }
    }

    @Test func transformThereAndBackIsTheIdentity() throws {
        var tree = try siblings { $0.sublayerTransform.m34 = -1.0 / 500 }
        try tree.updateState(of: a) { $0.transform = .rotation(0.5, 1, 1, 0) }
        let there = try #require(tree.transform(from: a, to: b))
        let back = try #require(tree.transform(from: b, to: a))
        let product = there.concatenating(back)
        let scale = product.m44
        #expect(
            GeometryApprox.maxDifference(Transform3D(elements: product.elements.map { $0 / scale }), .identity) < 1e-9)
    }

    @Test func transformLayerSublayersKeepTheirDepth() throws {
        for preservesDepth in [true, false] {
            var tree = LayerTree()
            try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)))
            // A 200×200 layer centred at (200, 200) turned 60° about y, with a child 50 in front of its
            // centre. A CATransformLayer keeps the child's depth, which the turn swings sideways by
            // 50·sin 60°; a plain layer flattens the child into its plane first.
            let cls: LayerClass = preservesDepth ? .transformLayer : .layer
            try tree.build(
                2,
                TreeFixture.layer(Rect(x: 100, y: 100, width: 200, height: 200), cls) {
                    $0.transform = .rotation(.pi / 3, 0, 1, 0)
                },
                in: 1)
            try tree.build(3, TreeFixture.layer(Rect(x: 90, y: 90, width: 20, height: 20)) { $0.zPosition = 50 }, in: 2)
            let expectedX = preservesDepth ? 200 + 50 * sin(Double.pi / 3) : 200
            #expect(TreeFixture.near(tree.convert(Point(x: 10, y: 10), from: b, to: root), Point(x: expectedX, y: 200)))
            #expect(TreeFixture.near(tree.convert(Point(x: expectedX, y: 200), from: root, to: b), Point(x: 10, y: 10)))
        }
    }

    @Test func maskLivesInTheMaskedLayerSpace() throws {
        var tree = try siblings { $0.sublayerTransform = .scale(2, 2, 1) }
        try tree.insert(TreeFixture.id(9), state: TreeFixture.layer(Rect(x: 10, y: 10, width: 20, height: 20)))
        try tree.setMask(TreeFixture.id(9), of: root)
        // The mask is placed in the root's own space; the sublayerTransform, which acts on sublayers,
        // does not touch it.
        #expect(tree.convert(Point(x: 0, y: 0), from: TreeFixture.id(9), to: root) == Point(x: 10, y: 10))
    }

    @Test func unknownLayersAndEdgeOnPlanesGiveNil() throws {
        var tree = try siblings()
        #expect(tree.convert(Point(x: 0, y: 0), from: TreeFixture.id(99), to: root) == nil)
        #expect(tree.transform(from: root, to: TreeFixture.id(99)) == nil)
        // Squashed to a line: no point of the root maps back into it.
        try tree.updateState(of: a) { $0.transform = .scale(0, 1, 1) }
        #expect(tree.convert(Point(x: 100, y: 100), from: root, to: a) == nil)
        #expect(tree.convert(Point(x: 10, y: 10), from: a, to: root) == Point(x: 100, y: 60))
        #expect(tree.transform(from: root, to: a) == nil)
    }

    @Test func pointsBehindTheEyeDoNotConvert() throws {
        var tree = try siblings { $0.sublayerTransform.m34 = -1.0 / 500 }
        try tree.updateState(of: a) { $0.zPosition = 600 }
        #expect(tree.convert(Point(x: 50, y: 50), from: a, to: root) == nil)
        #expect(tree.convert(Point(x: 100, y: 100), from: root, to: a) == nil)
    }

    @Test func presentationStatesMoveTheConversion() throws {
        let tree = try siblings()
        var moved = try tree.state(of: a)
        moved.position = Point(x: 300, y: 100)
        let states = LayerStateSource.presentation([a: moved])
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root, using: states) == Point(x: 250, y: 50))
        let model = tree
        let lookup = LayerStateSource.lookup { id in id == a ? moved : model.node(id)!.state }
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root, using: lookup) == Point(x: 250, y: 50))
        #expect(tree.convert(Point(x: 0, y: 0), from: a, to: root) == Point(x: 50, y: 50))
    }
}
