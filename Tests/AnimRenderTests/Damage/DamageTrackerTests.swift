import AnimCore
import Testing

@testable import AnimRender

@Suite("DamageTracker")
struct DamageTrackerTests {
    private let size = PixelSize(width: 200, height: 100)

    private func box(_ x: Double, _ y: Double, _ color: Color = red, size side: Double = 20) -> DrawItem {
        .rect(
            RectDraw(transform: .translation(x, y, 0), rect: Rect(x: 0, y: 0, width: side, height: side), color: color))
    }

    private func list(_ items: [DrawItem], clear: Color = .black) -> DrawList {
        DrawList(size: size, clearColor: clear, items: items)
    }

    /// The tracker keeps one entry per top-level item of the last frame, about one per visible layer: a leaf's
    /// entry is its hash and box (a drawn item is about 300 bytes), and a leaf changed in any field still damages.
    @Test func anEntryIsSmallAndALeafChangedInOneFieldStillDamages() {
        #expect(MemoryLayout<DamageEntry>.stride <= 64, "\(MemoryLayout<DamageEntry>.stride)")
        let tracker = DamageTracker()
        let base = RectDraw(
            transform: .translation(10, 10, 0), rect: Rect(x: 0, y: 0, width: 20, height: 20), color: red)
        _ = tracker.damage(for: list([.rect(base)]))
        #expect(tracker.damage(for: list([.rect(base)])) == .region([]))
        var changed = base
        changed.antialiased = false
        #expect(tracker.damage(for: list([.rect(changed)])) != .region([]))
        changed.color = Color(red: 1, green: 0, blue: 0, alpha: 0.999)
        #expect(tracker.damage(for: list([.rect(changed)])) != .region([]))
    }

    @Test func theFirstListIsFullAndAnUnchangedOneIsEmpty() {
        let tracker = DamageTracker()
        let items = [box(0, 0), box(50, 50, blue)]
        #expect(tracker.damage(for: list(items)) == .full)
        #expect(tracker.damage(for: list(items)) == .region([]))
        #expect(tracker.damage(for: list(items)).isEmpty)
    }

    @Test func aMovingLayerDamagesItsOldAndNewBoxes() {
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([box(0, 0, green, size: 200), box(10, 10), box(150, 60, blue)]))
        let damage = tracker.damage(for: list([box(0, 0, green, size: 200), box(60, 10), box(150, 60, blue)]))
        // Each 20x20 box grown by a pixel for antialiasing.
        #expect(
            damage
                == .region([
                    PixelRect(x: 9, y: 9, width: 22, height: 22), PixelRect(x: 59, y: 9, width: 22, height: 22),
                ]))
    }

    @Test func aMovingLayerCompiledFromAScene() {
        func frame(_ x: Double) -> DrawList {
            var t = CompileTestScene()
            t.add(
                1, layerState(Rect(x: 0, y: 0, width: 200, height: 100)) { $0.backgroundColor = .white },
                sublayers: [2, 3], root: true)
            t.add(2, layerState(Rect(x: x, y: 30, width: 10, height: 10)) { $0.backgroundColor = red })
            t.add(3, layerState(Rect(x: 150, y: 30, width: 10, height: 10)) { $0.backgroundColor = blue })
            return t.compile(width: 200, height: 100)
        }
        let tracker = DamageTracker()
        #expect(tracker.damage(for: frame(10)) == .full)
        #expect(tracker.damage(for: frame(10)) == .region([]))
        #expect(
            tracker.damage(for: frame(40.5))
                == .region([
                    PixelRect(x: 9, y: 29, width: 12, height: 12), PixelRect(x: 39, y: 29, width: 13, height: 12),
                ]))
    }

    @Test func overlappingOldAndNewBoxesMerge() {
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([box(10, 10)]))
        #expect(tracker.damage(for: list([box(12, 10)])) == .region([PixelRect(x: 9, y: 9, width: 24, height: 22)]))
    }

    @Test func boxesTouchingOnlyAtACornerStayApart() {
        #expect(
            DamageRegion.merge([
                PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 10, y: 10, width: 10, height: 10),
            ])
                == [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 10, y: 10, width: 10, height: 10)])
        #expect(
            DamageRegion.merge([
                PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 10, y: 0, width: 10, height: 10),
            ])
                == [PixelRect(x: 0, y: 0, width: 20, height: 10)])
        #expect(
            DamageRegion.merge([
                PixelRect(x: 0, y: 0, width: 50, height: 50), PixelRect(x: 10, y: 10, width: 5, height: 5),
            ])
                == [PixelRect(x: 0, y: 0, width: 50, height: 50)])
    }

    @Test func addedRemovedAndRecolouredItemsDamageTheirBoxes() {
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([box(0, 0), box(100, 0)]))
        #expect(
            tracker.damage(for: list([box(0, 0), box(100, 0), box(100, 60)]))
                == .region([PixelRect(x: 99, y: 59, width: 22, height: 22)]))
        #expect(
            tracker.damage(for: list([box(100, 0), box(100, 60)]))
                == .region([PixelRect(x: 0, y: 0, width: 21, height: 21)]))
        #expect(
            tracker.damage(for: list([box(100, 0), box(100, 60, green)]))
                == .region([PixelRect(x: 99, y: 59, width: 22, height: 22)]))
    }

    @Test func reorderedItemsDamageTheMovedOne() {
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([box(0, 0), box(10, 10, blue), box(100, 50, green)]))
        // Red and green keep their order; blue, now under red, is out of order and damages its box.
        #expect(
            tracker.damage(for: list([box(10, 10, blue), box(0, 0), box(100, 50, green)]))
                != .region([]))
    }

    @Test func aChangeInsideAGroupDamagesTheWholeGroup() {
        func group(_ inner: DrawItem) -> DrawItem {
            .group(
                GroupDraw(
                    bounds: PixelRect(x: 0, y: 0, width: 60, height: 40), items: [box(0, 0), inner], opacity: 0.5))
        }
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([group(box(30, 10)), box(150, 50)]))
        #expect(
            tracker.damage(for: list([group(box(31, 10)), box(150, 50)]))
                == .region([PixelRect(x: 0, y: 0, width: 60, height: 40)]))
    }

    @Test func sizeOrClearColourChangesAreFull() {
        let tracker = DamageTracker()
        _ = tracker.damage(for: list([box(0, 0)]))
        #expect(tracker.damage(for: list([box(0, 0)], clear: .white)) == .full)
        #expect(tracker.damage(for: list([box(0, 0)], clear: .white)) == .region([]))
        #expect(
            tracker.damage(
                for: DrawList(size: PixelSize(width: 10, height: 10), clearColor: .white, items: [box(0, 0)])) == .full)
    }

    @Test func damageStaysInsideTheOutputAndTheItemsClip() {
        let tracker = DamageTracker()
        var clipped = RectDraw(
            transform: .translation(40, 40, 0), rect: Rect(x: 0, y: 0, width: 50, height: 50), color: red)
        clipped.clip = PixelRect(x: 50, y: 50, width: 10, height: 10)
        _ = tracker.damage(for: list([]))
        #expect(
            tracker.damage(for: list([.rect(clipped), box(190, 90)]))
                == .region([
                    PixelRect(x: 50, y: 50, width: 10, height: 10), PixelRect(x: 189, y: 89, width: 11, height: 11),
                ]))
    }

    @Test func manyScatteredChangesBecomeOneUnion() {
        let before = (0..<20).map { box(Double($0) * 10, 0, size: 2) }
        let after = (0..<20).map { box(Double($0) * 10, 50, size: 2) }
        let tracker = DamageTracker()
        _ = tracker.damage(for: list(before))
        // 40 separate boxes (2x2 grown by a pixel, cut at the output's left edge), past the cap of 16.
        #expect(tracker.damage(for: list(after)) == .region([PixelRect(x: 0, y: 0, width: 193, height: 53)]))
    }
}
