import Testing

@testable import AnimCore

@Suite("Scroll layers: scroll(to:), scrollRectToVisible, visibleRect")
struct ScrollLayerTests {
    private let scroller = TreeFixture.id(1)
    private let content = TreeFixture.id(2)

    /// Scroll layer 1 shows (0, 0, 100, 100) of the root space; its content 2 is 300×300 with its
    /// top-left corner at (10, 20) in the scroll layer's space.
    private func scrolling(mode: String = "both") throws -> LayerTree {
        var tree = LayerTree()
        try tree.build(
            1,
            TreeFixture.layer(Rect(x: 0, y: 0, width: 100, height: 100), .scroll) {
                $0.special.modifyScroll { $0.scrollMode = mode }
            })
        try tree.build(2, TreeFixture.layer(Rect(x: 10, y: 20, width: 300, height: 300)), in: 1)
        return tree
    }

    @Test func scrollMovesTheScrollLayersBoundsOrigin() throws {
        var tree = try scrolling()
        try tree.scroll(content, to: Point(x: 50, y: 80))
        #expect(try tree.state(of: scroller).bounds == Rect(x: 60, y: 100, width: 100, height: 100))
        // The content's (50, 80) now shows at the scroll layer's top-left corner.
        #expect(tree.convert(Point(x: 50, y: 80), from: content, to: nil) == Point(x: 0, y: 0))
        // Asking again changes nothing: the point is already there.
        try tree.scroll(content, to: Point(x: 50, y: 80))
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 60, y: 100))
        // On the scroll layer itself the point is in its own space.
        try tree.scroll(scroller, to: Point(x: 10, y: 20))
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 10, y: 20))
    }

    @Test func scrollModeLimitsTheAxes() throws {
        let cases: [(String, Point)] = [
            ("both", Point(x: 60, y: 100)), ("horizontally", Point(x: 60, y: 0)), ("vertically", Point(x: 0, y: 100)),
            ("none", Point(x: 0, y: 0)),
        ]
        for (mode, expected) in cases {
            var tree = try scrolling(mode: mode)
            try tree.scroll(content, to: Point(x: 50, y: 80))
            #expect(try tree.state(of: scroller).bounds.origin == expected, "\(mode)")
        }
    }

    @Test func scrollRectToVisibleMovesTheLeastAmount() throws {
        var tree = try scrolling()
        try tree.scrollRectToVisible(Rect(x: 150, y: 40, width: 20, height: 20), in: content)
        // (160, 60, 20, 20) in the scroll layer: 80 past its right edge.
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 80, y: 0))
        try tree.scrollRectToVisible(Rect(x: 10, y: 10, width: 20, height: 20), in: content)
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 20, y: 0))
        // Already visible: no move.
        try tree.scrollRectToVisible(Rect(x: 20, y: 20, width: 10, height: 10), in: content)
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 20, y: 0))
        // Larger than the scroll layer: its minimum edge is aligned.
        try tree.scrollRectToVisible(Rect(x: 100, y: 120, width: 150, height: 20), in: content)
        #expect(try tree.state(of: scroller).bounds.origin == Point(x: 110, y: 60))
    }

    @Test func visibleRectIsTheUnclippedPartInTheLayersSpace() throws {
        var tree = try scrolling()
        // The scroll layer's (0, 0, 100, 100) is the content's (−10, −20, 100, 100), clipped to the content.
        #expect(try tree.visibleRect(of: content) == Rect(x: 0, y: 0, width: 90, height: 80))
        try tree.scroll(content, to: Point(x: 50, y: 80))
        #expect(try tree.visibleRect(of: content) == Rect(x: 50, y: 80, width: 100, height: 100))
        #expect(try tree.visibleRect(of: scroller) == Rect(x: 60, y: 100, width: 100, height: 100))
        // Scrolled past the content's end only part of it shows; scrolled away, none.
        try tree.scroll(content, to: Point(x: 250, y: 0))
        #expect(try tree.visibleRect(of: content) == Rect(x: 250, y: 0, width: 50, height: 100))
        try tree.scroll(content, to: Point(x: 400, y: 0))
        #expect(try tree.visibleRect(of: content) == nil)
    }

    @Test func layersWithoutAScrollLayer() throws {
        var tree = LayerTree()
        try tree.build(1, TreeFixture.layer(Rect(x: 0, y: 0, width: 40, height: 30)))
        #expect(try tree.visibleRect(of: TreeFixture.id(1)) == Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(try tree.scrollLayer(for: TreeFixture.id(1)) == nil)
        #expect(throws: AnimCoreError.noScrollLayer(for: TreeFixture.id(1))) {
            try tree.scroll(TreeFixture.id(1), to: .zero)
        }
        #expect(throws: AnimCoreError.unknownLayer(TreeFixture.id(5))) { try tree.visibleRect(of: TreeFixture.id(5)) }
    }
}
