import Testing

@testable import AnimCore

@Suite("Layer geometry: anchor point, frame, setFrame, the layer → superlayer matrix")
struct LayerGeometryTests {
    private func layer(bounds: Rect, position: Point, anchor: Point = Point(x: 0.5, y: 0.5)) -> LayerState {
        var s = LayerState()
        s.bounds = bounds
        s.position = position
        s.anchorPoint = anchor
        return s
    }

    @Test func anchorPointInLayerCountsTheBoundsOrigin() {
        var s = layer(
            bounds: Rect(x: 10, y: 20, width: 100, height: 50), position: .zero, anchor: Point(x: 0.25, y: 0.5))
        s.anchorPointZ = 3
        #expect(s.anchorPointInLayer == Vector3(35, 45, 3))
    }

    @Test func identityFrameIsPositionMinusAnchorTimesSize() {
        let cases: [(Point, Rect)] = [
            (Point(x: 0.5, y: 0.5), Rect(x: 150, y: 75, width: 100, height: 50)),
            (Point(x: 0, y: 0), Rect(x: 200, y: 100, width: 100, height: 50)),
            (Point(x: 1, y: 1), Rect(x: 100, y: 50, width: 100, height: 50)),
            (Point(x: 0.25, y: 0.75), Rect(x: 175, y: 62.5, width: 100, height: 50)),
        ]
        for (anchor, expected) in cases {
            let s = layer(
                bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100), anchor: anchor)
            #expect(s.frame == expected, "anchor \(anchor)")
        }
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let s = layer(bounds: Rect(x: 10, y: 20, width: 100, height: 50), position: Point(x: 200, y: 100))
        #expect(s.frame == Rect(x: 150, y: 75, width: 100, height: 50))
        // The point at bounds.origin lands on the frame's top-left corner.
        #expect(TreeFixture.near(s.transform(toSuperlayer: nil).apply(to: Point(x: 10, y: 20)), Point(x: 150, y: 75)))
    }

    @Test func rotatedFrameIsTheBoundingBox() {
        var s = layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100))
        s.transform = .rotation(.pi / 2, 0, 0, 1)
        #expect(TreeFixture.near(s.frame, Rect(x: 175, y: 50, width: 50, height: 100)))

        var square = layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 200, y: 200))
        square.transform = .rotation(.pi / 4, 0, 0, 1)
        let side = 100 * 2.0.squareRoot()
        #expect(TreeFixture.near(square.frame, Rect(x: 200 - side / 2, y: 200 - side / 2, width: side, height: side)))
    }

    @Test func scaledFrameScalesAboutTheAnchor() {
        var centred = layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100))
        centred.transform = .scale(2, 3, 1)
        #expect(TreeFixture.near(centred.frame, Rect(x: 100, y: 25, width: 200, height: 150)))

        var corner = layer(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100), anchor: .zero)
        corner.transform = .scale(2, 2, 1)
        #expect(TreeFixture.near(corner.frame, Rect(x: 200, y: 100, width: 200, height: 100)))
    }

    @Test func setFrameSetsPositionAndSizeAndKeepsBoundsOrigin() {
        var s = layer(bounds: Rect(x: 5, y: 5, width: 1, height: 1), position: .zero)
        s.setFrame(Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(s.bounds == Rect(x: 5, y: 5, width: 30, height: 40))
        #expect(s.position == Point(x: 25, y: 40))
        #expect(s.frame == Rect(x: 10, y: 20, width: 30, height: 40))

        var topLeft = layer(bounds: .zero, position: .zero, anchor: .zero)
        topLeft.setFrame(Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(topLeft.position == Point(x: 10, y: 20))
    }

    @Test func setFrameUndoesScalesAndQuarterTurns() {
        var scaled = layer(bounds: .zero, position: .zero, anchor: Point(x: 0.25, y: 0))
        scaled.transform = .scale(2, 4, 1)
        scaled.setFrame(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(TreeFixture.near(scaled.bounds, Rect(x: 0, y: 0, width: 50, height: 25)))
        #expect(TreeFixture.near(scaled.frame, Rect(x: 0, y: 0, width: 100, height: 100)))

        var turned = layer(bounds: .zero, position: .zero)
        turned.transform = .rotation(.pi / 2, 0, 0, 1)
        turned.setFrame(Rect(x: 10, y: 10, width: 50, height: 100))
        #expect(TreeFixture.near(turned.bounds, Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(TreeFixture.near(turned.frame, Rect(x: 10, y: 10, width: 50, height: 100)))
    }

    @Test func layerToSuperlayerMatrixFollowsTheDocumentedOrder() {
        var parent = layer(bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: .zero)
        parent.sublayerTransform = .scale(2, 2, 1)
        var child = layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 50, y: 50))
        child.transform = .rotation(.pi / 2, 0, 0, 1)
        // Anchor (5, 5); the local point (10, 5) is 5 to the right of it, a quarter turn puts it 5 below:
        // (50, 55) in the superlayer, then the sublayerTransform scales about the centre (100, 50).
        let m = child.transform(toSuperlayer: parent)
        #expect(TreeFixture.near(m.apply(to: Point(x: 10, y: 5)), Point(x: 0, y: 60)))
        #expect(TreeFixture.near(child.transform(toSuperlayer: nil).apply(to: Point(x: 10, y: 5)), Point(x: 50, y: 55)))
    }

    @Test func hitRegionCutsOnlyTheMaskedRoundedCorners() {
        var s = layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: .zero)
        s.cornerRadius = 20
        // Without masksToBounds the corner radius does not clip.
        #expect(s.hitRegionContains(Point(x: 3, y: 3)))
        s.masksToBounds = true
        #expect(!s.hitRegionContains(Point(x: 3, y: 3)))
        #expect(s.hitRegionContains(Point(x: 10, y: 10)))
        #expect(!s.hitRegionContains(Point(x: 97, y: 97)))
        #expect(s.hitRegionContains(Point(x: 50, y: 1)))
        s.maskedCorners = Double(CornerMask.maxXMaxY.rawValue)
        #expect(s.hitRegionContains(Point(x: 3, y: 3)))
        #expect(!s.hitRegionContains(Point(x: 97, y: 97)))
        #expect(!s.hitRegionContains(Point(x: 100, y: 50)), "the max edge is outside (half-open)")
    }
}
