import AnimCore
import Testing

@testable import AnimRender

/// The software renderer's axis-aligned rectangles (solid fills of constant-coverage boxes, masks only at the
/// corners) must write exactly the bytes of the same rectangles composited through a whole coverage mask.
@Suite struct SoftwareRectPathTests {
    func render(_ list: DrawList, split: Bool, damage: Damage = .full) throws -> PixelBuffer {
        let renderer = SoftwareRenderer(size: list.size)
        renderer.useAxisAlignedSplit = split
        _ = try renderer.render(list, damage: damage)
        return try renderer.readPixels(PixelRect(size: list.size))
    }

    /// Overlapping opaque and translucent rectangles at fractional places, some rounded, some scaled or mirrored,
    /// some clipped, over a grey background.
    static func scene(seed: UInt64, count: Int) -> DrawList {
        var n = AxisAlignedCoverageTests.Numbers(seed: seed)
        var items: [DrawItem] = []
        for index in 0..<count {
            let w = 3 + n.next() * 90
            let h = 3 + n.next() * 90
            let origin = (x: n.next() * 200 - 20, y: n.next() * 200 - 20)
            let fraction = n.pick([0, 0.5, 0.25, n.next()])
            let rect = Rect(x: origin.x.rounded() + fraction, y: origin.y.rounded() + fraction, width: w, height: h)
            let s = n.pick([1, 1, 1, 2, 0.5, -1])
            let t =
                s == 1
                ? Transform3D.identity
                : Transform3D.scale(s, abs(s), 1).concatenating(.translation(s < 0 ? 220 : 0, 0, 0))
            let alpha = n.pick([1, 1, 0.5, 0.8, 0.1])
            let color = Color(red: n.next(), green: n.next(), blue: n.next(), alpha: alpha)
            let radii = index % 4 == 1 ? CornerRadii(radius: n.pick([8, 3.5, 40])) : .zero
            let clip: PixelRect? =
                index % 5 == 2
                ? PixelRect(x: Int(n.next() * 150), y: Int(n.next() * 150), width: 60, height: 50) : nil
            items.append(
                .rect(
                    RectDraw(
                        transform: t, rect: rect, radii: radii, color: color, antialiased: index % 9 != 4, clip: clip)))
        }
        return DrawList(
            size: PixelSize(width: 200, height: 180), clearColor: Color(red: 0.3, green: 0.4, blue: 0.5),
            items: items)
    }

    @Test func splitRectanglesWriteTheMaskedBytes() throws {
        for seed in [1, 2, 3] as [UInt64] {
            let list = Self.scene(seed: seed, count: 120)
            let fast = try render(list, split: true)
            let masked = try render(list, split: false)
            let differs = AxisAlignedCoverageTests.firstDifference(fast.bytes, masked.bytes)
            #expect(differs == nil, "seed \(seed): \(differs ?? "")")
        }
    }

    @Test func splitRectanglesInsideAGroupAndADamageRegion() throws {
        let inner = Self.scene(seed: 9, count: 40)
        let list = DrawList(
            size: inner.size, clearColor: .black,
            items: [
                .group(
                    GroupDraw(
                        bounds: PixelRect(x: 10, y: 20, width: 150, height: 120), items: inner.items,
                        opacity: 0.7))
            ] + Self.scene(seed: 10, count: 30).items)
        let damage = Damage.region([
            PixelRect(x: 5, y: 7, width: 90, height: 61), PixelRect(x: 120, y: 100, width: 70, height: 70),
        ])
        let fast = try render(list, split: true, damage: damage)
        let masked = try render(list, split: false, damage: damage)
        let differs = AxisAlignedCoverageTests.firstDifference(fast.bytes, masked.bytes)
        #expect(differs == nil, "\(differs ?? "")")
    }

    @Test func damageRectanglesRedrawWhatAFullFrameDraws() throws {
        let before = Self.scene(seed: 5, count: 80)
        var after = before
        // Every seventh item moves by a fractional offset: several separate damage rectangles.
        for index in stride(from: 0, to: after.items.count, by: 7) {
            guard case .rect(var r) = after.items[index] else { continue }
            r.transform = r.transform.concatenating(.translation(6.5, -3.25, 0))
            after.items[index] = .rect(r)
        }
        let tracker = DamageTracker()
        _ = tracker.damage(for: before)
        let damage = tracker.damage(for: after)
        guard case .region(let rects) = damage else {
            Issue.record("expected a damage region, got \(damage)")
            return
        }
        #expect(rects.count > 1)
        let renderer = SoftwareRenderer(size: before.size)
        _ = try renderer.render(before, damage: .full)
        _ = try renderer.render(after, damage: damage)
        let redrawn = try renderer.readPixels(PixelRect(size: after.size))
        let full = try render(after, split: true)
        let differs = AxisAlignedCoverageTests.firstDifference(redrawn.bytes, full.bytes)
        #expect(differs == nil, "\(differs ?? "")")
    }

    /// A plan is kept per drawn rectangle that is not on whole pixels, so its key holds only the five terms of an
    /// axis-aligned transform; a rotated or perspective one gets no key (no plan is made for it).
    @Test func planKeysAreSmallAndOnlyForAxisAlignedTransforms() {
        #expect(MemoryLayout<RectPlanKey>.stride <= 128, "\(MemoryLayout<RectPlanKey>.stride)")
        let rect = Rect(x: 0, y: 0, width: 6, height: 6)
        let moved = RectPlanKey(
            transform: .translation(3.4, 2, 0), rect: rect, radii: .zero, antialiased: true)
        let scaled = RectPlanKey(
            transform: Transform3D.translation(3.4, 2, 0).concatenating(.scale(2, 1, 1)), rect: rect, radii: .zero,
            antialiased: true)
        #expect(moved != nil && scaled != nil && moved != scaled)
        #expect(
            moved == RectPlanKey(transform: .translation(3.4, 2, 0), rect: rect, radii: .zero, antialiased: true))
        #expect(RectPlanKey(transform: .rotation(0.1, 0, 0, 1), rect: rect, radii: .zero, antialiased: true) == nil)
        var perspective = Transform3D.identity
        perspective.m24 = -0.002
        #expect(RectPlanKey(transform: perspective, rect: rect, radii: .zero, antialiased: true) == nil)
    }

    /// A plan keeps its boxes in a buffer of their size, not the splitter's, which a large rounded rectangle
    /// drawn before grew: a plan is kept per drawn rectangle.
    @Test func aPlanHoldsOnlyTheRoomItsBoxesNeed() throws {
        let size = PixelSize(width: 200, height: 100)
        let renderer = SoftwareRenderer(size: size)
        let color = Color(red: 1, green: 0, blue: 0)
        let big = RectDraw(
            transform: .translation(10.5, 10.25, 0), rect: Rect(x: 0, y: 0, width: 120, height: 80),
            radii: CornerRadii(radius: 30), color: color)
        let small = RectDraw(
            transform: .translation(150.4, 20, 0), rect: Rect(x: 0, y: 0, width: 6, height: 6), color: color)
        _ = try renderer.render(DrawList(size: size, items: [.rect(big), .rect(small)]), damage: .full)
        func plan(_ r: RectDraw) throws -> RectPlan {
            let key = try #require(
                RectPlanKey(transform: r.transform, rect: r.rect, radii: r.radii, antialiased: r.antialiased))
            return try #require(renderer.planCache.plan(for: key, clip: PixelRect(size: size)))
        }
        let bigBoxes = try plan(big).boxes.count
        let smallPlan = try plan(small)
        #expect(MemoryLayout<CoverageBox>.stride <= 20, "\(MemoryLayout<CoverageBox>.stride)")
        // The splitter's buffer grew past twice the small plan's boxes.
        #expect(bigBoxes > 2 * smallPlan.boxes.count, "\(bigBoxes) and \(smallPlan.boxes.count) boxes")
        #expect(
            smallPlan.boxes.capacity <= 2 * smallPlan.boxes.count,
            "\(smallPlan.boxes.count) boxes in room for \(smallPlan.boxes.capacity)")
    }

    /// Square-cornered rectangles keep plans only within their share of the cache (`RectPlanCache.squareBudget`):
    /// a screen of thousands of small plain layers at fractional positions kept one of about 550 bytes per layer
    /// (serverbench's memory per visible layer). Past the share, square ones are drawn from their split and
    /// rounded ones are still kept; the pixels are the same either way.
    @Test func squareCorneredPlansAreKeptOnlyWithinTheirShare() throws {
        let size = PixelSize(width: 320, height: 200)
        let color = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        // More 2x2 squares at fractional places than the share holds (a plan counts at least 256 bytes).
        var squares: [RectDraw] = []
        for index in 0..<(RectPlanCache.squareBudget / 256 + 500) {
            let x = Double(index % 150) * 2.1 + 0.3
            let y = Double(index / 150 % 90) * 2.2 + 0.4
            squares.append(
                RectDraw(transform: .translation(x, y, 0), rect: Rect(x: 0, y: 0, width: 2, height: 2), color: color))
        }
        let rounded = RectDraw(
            transform: .translation(20.4, 20, 0), rect: Rect(x: 0, y: 0, width: 16, height: 16),
            radii: CornerRadii(radius: 4), color: color)
        let items: [DrawItem] = squares.map { DrawItem.rect($0) } + [DrawItem.rect(rounded)]
        let list = DrawList(size: size, items: items)
        let renderer = SoftwareRenderer(size: size)
        _ = try renderer.render(list, damage: .full)
        func kept(_ r: RectDraw) throws -> Bool {
            let key = try #require(
                RectPlanKey(transform: r.transform, rect: r.rect, radii: r.radii, antialiased: r.antialiased))
            return renderer.planCache.plan(for: key, clip: PixelRect(size: size)) != nil
        }
        #expect(try kept(squares[0]))
        #expect(try !kept(squares[squares.count - 1]))
        let keptSquares = squares.filter { (try? kept($0)) == true }.count
        #expect(keptSquares < RectPlanCache.squareBudget / 256, "\(keptSquares) square plans kept")
        #expect(try kept(rounded))
        // A second frame draws from kept plans and from splits: the bytes of a whole mask per rectangle.
        _ = try renderer.render(list, damage: .full)
        let pixels = try renderer.readPixels(PixelRect(size: size))
        let cold = try render(list, split: false)
        let differs = AxisAlignedCoverageTests.firstDifference(pixels.bytes, cold.bytes)
        #expect(differs == nil, "\(differs ?? "")")
    }

    @Test func plansKeptFromEarlierFramesDrawTheSameBytes() throws {
        let first = Self.scene(seed: 11, count: 100)
        var second = first
        for index in stride(from: 3, to: second.items.count, by: 5) {
            guard case .rect(var r) = second.items[index] else { continue }
            r.transform = r.transform.concatenating(.translation(-2.25, 4.5, 0))
            r.color.alpha *= 0.5
            second.items[index] = .rect(r)
        }
        let renderer = SoftwareRenderer(size: first.size)
        _ = try renderer.render(first, damage: .full)
        // The same list again (every plan kept), then a changed one (kept plans and new ones).
        for list in [first, second] {
            _ = try renderer.render(list, damage: .full)
            let kept = try renderer.readPixels(PixelRect(size: list.size))
            let cold = try render(list, split: false)
            let differs = AxisAlignedCoverageTests.firstDifference(kept.bytes, cold.bytes)
            #expect(differs == nil, "\(differs ?? "")")
        }
    }

    /// A plan is made for its whole target and cut to each clip: the same rectangles drawn in a small group (a
    /// smaller target), under damage rectangles, then in full frames, write what a whole mask writes.
    @Test func plansMadeForOneTargetAndClipServeOthers() throws {
        let items = Self.scene(seed: 13, count: 60).items
        let list = DrawList(
            size: PixelSize(width: 200, height: 180), clearColor: .black,
            items: [
                .group(
                    GroupDraw(bounds: PixelRect(x: 30, y: 25, width: 70, height: 55), items: items, opacity: 0.6))
            ] + items)
        let renderer = SoftwareRenderer(size: list.size)
        _ = try renderer.render(
            list,
            damage: .region([
                PixelRect(x: 0, y: 0, width: 37, height: 41), PixelRect(x: 90, y: 60, width: 55, height: 33),
            ]))
        _ = try renderer.render(list, damage: .region([PixelRect(x: 20, y: 10, width: 150, height: 150)]))
        let cut = try renderer.readPixels(PixelRect(x: 20, y: 10, width: 150, height: 150))
        _ = try renderer.render(list, damage: .full)
        let kept = try renderer.readPixels(PixelRect(size: list.size))
        let masked = try render(list, split: false)
        let differs = AxisAlignedCoverageTests.firstDifference(kept.bytes, masked.bytes)
        #expect(differs == nil, "full frame: \(differs ?? "")")
        let region = SoftwareRenderer.readRegion(masked, PixelRect(x: 20, y: 10, width: 150, height: 150))
        let regionDiffers = AxisAlignedCoverageTests.firstDifference(cut.bytes, region)
        #expect(regionDiffers == nil, "damage rectangle: \(regionDiffers ?? "")")
    }
}

extension SoftwareRenderer {
    /// `rect`'s RGBA bytes of a whole-list buffer, top row first.
    static func readRegion(_ buffer: PixelBuffer, _ rect: PixelRect) -> [UInt8] {
        var out: [UInt8] = []
        for row in rect.y..<rect.maxY {
            let start = (row * buffer.size.width + rect.x) * 4
            out += buffer.bytes[start..<(start + rect.width * 4)]
        }
        return out
    }
}
