import AnimCore
import Testing

@testable import AnimRender

/// cornerCurve = continuous: backgrounds, borders and masksToBounds clips carry the curve, and both renderers fill
/// the squircle outline (docs/core-animation-rules.md#layer-properties).
@Suite("Compiler: continuous corners")
struct CompileCornerCurveTests {
    @Test func backgroundsBordersAndClipsCarryTheCornerCurve() {
        var scene = CompileTestScene()
        scene.add(
            1,
            layerState(Rect(x: 10.5, y: 10, width: 40, height: 30)) {
                $0.backgroundColor = red
                $0.borderColor = blue
                $0.borderWidth = 2
                $0.cornerRadius = 8
                $0.cornerCurve = "continuous"
                $0.masksToBounds = true
            }, sublayers: [2], root: true)
        scene.add(2, layerState(Rect(x: -5, y: -5, width: 60, height: 60)) { $0.backgroundColor = green })
        let list = scene.compile()
        #expect(list.items.count == 3)
        #expect(list.items[0].rectDraw?.cornerCurve == .continuous)
        #expect(list.items[2].rectDraw?.cornerCurve == .continuous)
        #expect(list.items[2].rectDraw?.borderWidth == 2)
        let clip = list.items[1].groupDraw?.mask?.first?.rectDraw
        #expect(clip?.cornerCurve == .continuous)
        // The default stays circular, and the renderers fill no outline for it.
        scene.add(
            1,
            layerState(Rect(x: 10, y: 10, width: 40, height: 30)) {
                $0.backgroundColor = red
                $0.cornerRadius = 8
            }, root: false)
        let circular = scene.compile().items.first?.rectDraw
        #expect(circular?.cornerCurve == .circular)
        #expect(circular?.continuousOutline == nil)
    }

    @Test func theOutlineIsThePublishedSquircleLimitedToHalfTheShorterSideOverItsReach() throws {
        let r = 10.0
        let path = BezierPath.continuousRoundedRect(
            Rect(x: 0, y: 0, width: 100, height: 60), topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
        func near(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9 }
        // It leaves the top edge 1.52866483 radii before the top-right corner and joins the right edge as far below.
        guard case .move(let start) = path.elements.first else {
            Issue.record("no move")
            return
        }
        #expect(near(start, 15.2866483, 0))
        #expect(path.elements.contains { if case .line(let p) = $0 { near(p, 100 - 15.2866483, 0) } else { false } })
        #expect(
            path.elements.contains {
                if case .cubic(let c1, let c2, let p) = $0 {
                    near(c1, 100, 8.6840689) && near(c2, 100, 10.8849323) && near(p, 100, 15.2866483)
                } else {
                    false
                }
            })
        let box = path.boundingBox
        #expect(near(box.origin, 0, 0) && abs(box.width - 100) < 1e-9 && abs(box.height - 60) < 1e-9)
        // Too large a radius is limited so the corners' reach meets in the middle of the shorter side.
        let limited = BezierPath.continuousRoundedRect(
            Rect(x: 0, y: 0, width: 100, height: 60), topLeft: 30, topRight: 30, bottomRight: 30, bottomLeft: 30)
        guard case .move(let limitedStart) = limited.elements.first else {
            Issue.record("no move")
            return
        }
        #expect(near(limitedStart, 30, 0))
        // A border is the region between the outline and the one inset by its width: two closed subpaths, even-odd.
        let border = RectDraw(
            transform: .identity, rect: Rect(x: 0, y: 0, width: 100, height: 60), radii: CornerRadii(radius: r),
            cornerCurve: .continuous, color: .white, borderWidth: 4)
        let outline = try #require(border.continuousOutline)
        #expect(outline.evenOdd)
        #expect(outline.path.elements.filter { $0 == .close }.count == 2)
    }
}
