import Testing

@testable import AnimCore

@Suite("Hit testing")
struct HitTestTests {
    private func id(_ n: UInt32) -> LayerID { TreeFixture.id(n) }

    /// Root 1 fills (0, 0, 400, 400); 2 at (50, 50, 100, 100) and 3 at (100, 100, 100, 100) overlap,
    /// 3 added later.
    private func overlapping() throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)))
        try tree.build(2, TreeFixture.layer(Rect(x: 50, y: 50, width: 100, height: 100)), in: 1)
        try tree.build(3, TreeFixture.layer(Rect(x: 100, y: 100, width: 100, height: 100)), in: 1)
        return tree
    }

    @Test func laterSiblingIsOnTop() throws {
        let tree = try overlapping()
        #expect(tree.hitTest(Point(x: 120, y: 120), in: nil) == id(3))
        #expect(tree.hitTest(Point(x: 60, y: 60), in: nil) == id(2))
        #expect(tree.hitTest(Point(x: 300, y: 300), in: nil) == id(1))
        #expect(tree.hitTest(Point(x: 500, y: 300), in: nil) == nil)
        #expect(tree.hitTest(Point(x: 120, y: 120), in: id(1)) == id(3))
        #expect(tree.hitTest(Point(x: 120, y: 120), in: id(2)) == id(2), "p is in 2's superlayer space")
        #expect(tree.hitTest(Point(x: 20, y: 20), in: id(2)) == nil)
    }

    @Test func zPositionReordersSiblings() throws {
        var tree = try overlapping()
        try tree.updateState(of: id(2)) { $0.zPosition = 1 }
        #expect(tree.hitTest(Point(x: 120, y: 120), in: nil) == id(2))
        try tree.updateState(of: id(2)) { $0.zPosition = -1 }
        try tree.updateState(of: id(3)) { $0.zPosition = -2 }
        #expect(tree.hitTest(Point(x: 120, y: 120), in: nil) == id(2))
        // Equal zPositions fall back to array order.
        try tree.updateState(of: id(3)) { $0.zPosition = -1 }
        #expect(tree.hitTest(Point(x: 120, y: 120), in: nil) == id(3))
    }

    @Test func rootsFollowTheSameOrder() throws {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 100, height: 100)))
        try tree.build(2, TreeFixture.layer(Rect(x: 50, y: 50, width: 100, height: 100)))
        #expect(tree.hitTest(Point(x: 75, y: 75), in: nil) == id(2))
        try tree.updateState(of: id(1)) { $0.zPosition = 5 }
        #expect(tree.hitTest(Point(x: 75, y: 75), in: nil) == id(1))
    }

    @Test func hiddenLayersAndTheirSubtreesAreSkipped() throws {
        var tree = try overlapping()
        try tree.build(4, TreeFixture.layer(Rect(x: 10, y: 10, width: 20, height: 20)), in: 3)
        #expect(tree.hitTest(Point(x: 115, y: 115), in: nil) == id(4))
        try tree.updateState(of: id(3)) { $0.hidden = true }
        #expect(tree.hitTest(Point(x: 115, y: 115), in: nil) == id(2))
        #expect(tree.hitTest(Point(x: 180, y: 180), in: nil) == id(1))
    }

    @Test func aPointOutsideTheBoundsExcludesTheSubtree() throws {
        var tree = try overlapping()
        // 4 hangs outside 2: 2-local (150, 0, 20, 20) is root (200, 50, 20, 20).
        try tree.build(4, TreeFixture.layer(Rect(x: 150, y: 0, width: 20, height: 20)), in: 2)
        #expect(tree.hitTest(Point(x: 210, y: 60), in: nil) == id(1))
        // Moved inside 2's bounds it is found.
        try tree.updateState(of: id(4)) { $0.position = Point(x: 30, y: 10) }
        #expect(tree.hitTest(Point(x: 75, y: 55), in: nil) == id(4))
    }

    @Test func roundedMasksToBoundsCutsTheCorner() throws {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)))
        try tree.build(
            2,
            TreeFixture.layer(Rect(x: 100, y: 100, width: 100, height: 100)) {
                $0.cornerRadius = 20
                $0.masksToBounds = true
            }, in: 1)
        try tree.build(3, TreeFixture.layer(Rect(x: 0, y: 0, width: 100, height: 100)), in: 2)
        // Local (3, 3) is 24 from the corner circle's centre (20, 20): cut off, so neither 2 nor its child.
        #expect(tree.hitTest(Point(x: 103, y: 103), in: nil) == id(1))
        #expect(tree.hitTest(Point(x: 110, y: 110), in: nil) == id(3))
        #expect(tree.hitTest(Point(x: 197, y: 197), in: nil) == id(1))
        // Only the bottom-right corner rounded: the top-left point is inside again.
        try tree.updateState(of: id(2)) { $0.maskedCorners = Double(CornerMask.maxXMaxY.rawValue) }
        #expect(tree.hitTest(Point(x: 103, y: 103), in: nil) == id(3))
        #expect(tree.hitTest(Point(x: 197, y: 197), in: nil) == id(1))
        // Without masksToBounds the radius does not clip.
        try tree.updateState(of: id(2)) { $0.masksToBounds = false }
        #expect(tree.hitTest(Point(x: 197, y: 197), in: nil) == id(3))
    }

    @Test func rotatedLayerIsHitWhereItIsDrawn() throws {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)))
        try tree.build(
            2,
            TreeFixture.layer(Rect(x: 150, y: 150, width: 100, height: 100)) {
                $0.transform = .rotation(.pi / 4, 0, 0, 1)
            },
            in: 1)
        // The turned square reaches 50·√2 ≈ 70.7 from its centre along the axes, but only 50 along the
        // diagonals.
        #expect(tree.hitTest(Point(x: 200, y: 135), in: nil) == id(2))
        #expect(tree.hitTest(Point(x: 155, y: 155), in: nil) == id(1))
    }

    /// Container 1 at (0, 0, 200, 200) with perspective d = 500 in its sublayerTransform; 2 is a 100×100
    /// layer centred on it, turned 60° about y. Its left edge (local x = 0) comes nearer and its right
    /// edge recedes.
    private func perspectiveTree() throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(
            1, TreeFixture.layer(Rect(x: 0, y: 0, width: 200, height: 200)) { $0.sublayerTransform.m34 = -1.0 / 500 })
        try tree.build(
            2,
            TreeFixture.layer(Rect(x: 50, y: 50, width: 100, height: 100)) {
                $0.transform = .rotation(.pi / 3, 0, 1, 0)
            },
            in: 1)
        return tree
    }

    /// Where the eye ray through screen point (X, Y) meets layer 2, worked out by hand: a point at
    /// a = x − 50, b = y − 50 from the anchor lands at 100 + a·cos θ / w, 100 + b / w with
    /// w = 1 + a·sin θ / d.
    private func expectedLocal(_ screen: Point) -> Point {
        let (c, s, d) = (cos(Double.pi / 3), sin(Double.pi / 3), 500.0)
        let a = (screen.x - 100) / (c - (screen.x - 100) * s / d)
        let w = 1 + a * s / d
        return Point(x: 50 + a, y: 50 + (screen.y - 100) * w)
    }

    @Test func perspectiveTurnedLayerIsHitThroughTheFullProjection() throws {
        let tree = try perspectiveTree()
        // Local (90, 70): a = 40, b = 20, w = 1 + 40·sin 60°/500, so screen (100 + 20/w, 100 + 20/w).
        let w = 1 + 40 * sin(Double.pi / 3) / 500
        let screen = Point(x: 100 + 20 / w, y: 100 + 20 / w)
        #expect(tree.hitTest(screen, in: nil) == id(2))
        #expect(TreeFixture.near(tree.convert(screen, from: nil, to: id(2)), Point(x: 90, y: 70)))
        // The affine part alone would put 2 between x = 75 and 125. In perspective the receding right edge
        // is at 123.0 and the near left edge at 72.6.
        #expect(tree.hitTest(Point(x: 124, y: 100), in: nil) == id(1))
        #expect(tree.hitTest(Point(x: 74, y: 100), in: nil) == id(2))
        #expect(
            TreeFixture.near(
                tree.convert(Point(x: 74, y: 100), from: nil, to: id(2)), expectedLocal(Point(x: 74, y: 100))))
        // Near the receding corner the edge is lower than the affine one (y = 150).
        #expect(tree.hitTest(Point(x: 120, y: 148), in: nil) == id(1))
        #expect(tree.hitTest(Point(x: 80, y: 151), in: nil) == id(2))
        let local = expectedLocal(Point(x: 80, y: 151))
        #expect(local.y < 100 && local.x > 0)
    }

    @Test func layersBehindTheEyeAreNotHit() throws {
        var tree = try perspectiveTree()
        try tree.updateState(of: id(2)) {
            $0.transform = .identity
            $0.zPosition = 600
        }
        #expect(tree.hitTest(Point(x: 100, y: 100), in: nil) == id(1))
        try tree.updateState(of: id(2)) { $0.zPosition = 100 }
        #expect(tree.hitTest(Point(x: 100, y: 100), in: nil) == id(2))
    }

    @Test func singleSidedLayersFacingAwayAreNotHit() throws {
        var tree = try perspectiveTree()
        try tree.updateState(of: id(2)) { $0.transform = .rotation(.pi, 0, 1, 0) }
        #expect(tree.hitTest(Point(x: 100, y: 100), in: nil) == id(2))
        try tree.updateState(of: id(2)) { $0.doubleSided = false }
        #expect(tree.hitTest(Point(x: 100, y: 100), in: nil) == id(1))
        try tree.updateState(of: id(2)) { $0.transform = .identity }
        #expect(tree.hitTest(Point(x: 100, y: 100), in: nil) == id(2))
    }

    @Test func transformLayerIsPassedOverToItsSublayers() throws {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 400)))
        // A transform layer with empty bounds: its own bounds never exclude its sublayers.
        try tree.build(2, TreeFixture.layer(Rect(x: 200, y: 200, width: 0, height: 0), .transformLayer), in: 1)
        try tree.build(3, TreeFixture.layer(Rect(x: -50, y: -50, width: 40, height: 40)), in: 2)
        #expect(tree.hitTest(Point(x: 160, y: 160), in: nil) == id(3))
        #expect(tree.hitTest(Point(x: 200, y: 200), in: nil) == id(1), "never the transform layer itself")
        #expect(tree.hitTest(Point(x: 160, y: 160), in: id(2)) == id(3))
        #expect(tree.hitTest(Point(x: 200, y: 200), in: id(2)) == nil)
        // Its sublayers keep their depth: turned 90° about y, a sublayer 30 in front of it swings 30 to the side.
        try tree.updateState(of: id(2)) { $0.transform = .rotation(.pi / 2, 0, 1, 0) }
        try tree.updateState(of: id(3)) {
            $0.transform = .rotation(-.pi / 2, 0, 1, 0)
            $0.zPosition = 30
            $0.position = Point(x: 0, y: 0)
        }
        #expect(tree.hitTest(Point(x: 230, y: 200), in: nil) == id(3))
        #expect(tree.hitTest(Point(x: 200, y: 200), in: nil) == id(1))
    }

    @Test func replicatorTestsOnlyItsFirstInstance() throws {
        var tree = LayerTree()
        try tree.build(
            1,
            TreeFixture.layer(Rect(x: 0, y: 0, width: 400, height: 100), .replicator) {
                $0.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(100, 0, 0)
                }
            })
        try tree.build(2, TreeFixture.layer(Rect(x: 0, y: 0, width: 50, height: 50)), in: 1)
        #expect(tree.hitTest(Point(x: 25, y: 25), in: nil) == id(2))
        #expect(tree.hitTest(Point(x: 125, y: 25), in: nil) == id(1), "the second copy is drawn, not hit")
    }

    @Test func presentationStatesAreHitWhereTheyAre() throws {
        let tree = try overlapping()
        var moved = try tree.state(of: id(3))
        moved.position = Point(x: 350, y: 350)
        #expect(tree.hitTest(Point(x: 120, y: 120), in: nil, using: .presentation([id(3): moved])) == id(2))
        #expect(tree.hitTest(Point(x: 350, y: 350), in: nil, using: .presentation([id(3): moved])) == id(3))
        #expect(tree.contains(Point(x: 99, y: 0), in: id(3)))
        #expect(!tree.contains(Point(x: 100, y: 0), in: id(3)))
        #expect(!tree.contains(Point(x: 0, y: 0), in: id(99)))
    }
}
