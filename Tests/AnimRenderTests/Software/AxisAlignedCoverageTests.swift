import AnimCore
import Testing

@testable import AnimRender

/// `AxisAlignedCoverage` must give exactly `RectCoverage.rasterize`'s bytes: every pixel of the area once, from a
/// box or a block, with the same value.
@Suite struct AxisAlignedCoverageTests {
    /// A deterministic generator (64-bit LCG) for the sampled cases.
    struct Numbers {
        var seed: UInt64
        mutating func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() * Double(values.count)) % values.count] }
    }

    /// The split's bytes over `area`, or nil when a pixel is covered twice (or outside the area).
    static func assemble(_ split: inout AxisAlignedCoverage, area: PixelRect) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: area.pixelCount)
        var written = [Bool](repeating: false, count: area.pixelCount)
        func mark(_ rect: PixelRect) -> Bool {
            guard area.contains(rect) else { return false }
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let i = (y - area.y) * area.width + x - area.x
                    if written[i] { return false }
                    written[i] = true
                }
            }
            return true
        }
        for box in split.boxes {
            guard mark(box.rect) else { return nil }
            for y in box.rect.y..<box.rect.maxY {
                for x in box.rect.x..<box.rect.maxX { bytes[(y - area.y) * area.width + x - area.x] = box.value }
            }
        }
        for block in split.blocks {
            guard mark(block) else { return nil }
            // Odd blocks from the cache (`withBlock`, shared by every case), even ones computed (`writeBlock`).
            var local = [UInt8](repeating: 0, count: block.pixelCount)
            if (block.x + block.y) % 2 == 1 {
                split.withBlock(block) { source in
                    for i in 0..<block.pixelCount { local[i] = source[i] }
                }
            } else {
                local.withUnsafeMutableBufferPointer { buffer in
                    if let base = buffer.baseAddress { _ = split.writeBlock(block, into: base, stride: block.width) }
                }
            }
            for y in block.y..<block.maxY {
                for x in block.x..<block.maxX {
                    bytes[(y - area.y) * area.width + x - area.x] = local[(y - block.y) * block.width + x - block.x]
                }
            }
        }
        return bytes
    }

    /// "index i: a ≠ b" for the first byte that differs, nil when the arrays are equal.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        guard a.count == b.count else { return "\(a.count) bytes ≠ \(b.count) bytes" }
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "byte \(i): \(a[i]) ≠ \(b[i])"
    }

    @Test func sampledRectanglesMatchTheRulePixelByPixel() throws {
        var n = Numbers(seed: 42)
        var split = AxisAlignedCoverage()
        var checked = 0
        for index in 0..<600 {
            let fractions = [0, 0.25, 0.5, 0.75, 1.0 / 3]
            func coordinate(_ span: Double) -> Double {
                index % 3 == 0 ? n.next() * span : (n.next() * span).rounded() + n.pick(fractions)
            }
            let rect = Rect(x: coordinate(40), y: coordinate(40), width: coordinate(60), height: coordinate(60))
            let sx = n.pick([1, 1, 2, 0.5, 1.37, -1, -0.8, 3.25])
            let sy = index % 5 == 0 ? sx : n.pick([1, 2, 0.5, 0.73, -1.5, 1.0 / 3])
            var t = Transform3D.scale(sx, sy, 1).concatenating(
                .translation(coordinate(30) + (sx < 0 ? 120 : 0), coordinate(30) + (sy < 0 ? 120 : 0), 0))
            if index % 7 == 0 { t.m44 = n.pick([0.5, 2, 1.25]) }
            let radius = n.pick([0, 0, 8, 2.5, 30, 0.3])
            let radii =
                index % 4 == 0
                ? CornerRadii(topLeft: radius, topRight: 0, bottomLeft: n.next() * 12, bottomRight: radius / 2)
                : CornerRadii(radius: radius)
            let antialiased = index % 6 != 5
            let c = try #require(RectCoverage(transform: t, rect: rect, radii: radii, antialiased: antialiased))
            guard let bounds = c.outputBounds else { continue }
            var area = bounds
            if index % 3 == 1 {
                // A clip through the shape.
                let x = bounds.x + Int(n.next() * Double(bounds.width))
                let y = bounds.y + Int(n.next() * Double(bounds.height))
                area = PixelRect(x: x, y: y, width: 1 + Int(n.next() * 80), height: 1 + Int(n.next() * 80))
            }
            let alpha = index % 8 == 3 ? 0.6 : 1
            let didSplit = split.split(c, area: area, alpha: alpha)
            #expect(didSplit)
            let expected = c.rasterize(area: area, alpha: alpha)
            let actual = try #require(Self.assemble(&split, area: area), "case \(index): a pixel covered twice")
            let differs = Self.firstDifference(actual, expected)
            #expect(differs == nil, "case \(index): \(rect) under \(t) radii \(radii) in \(area): \(differs ?? "")")
            checked += 1
        }
        #expect(checked > 500)
    }

    @Test func halfPixelEdgesAreStripsAndOnlyTheCornersArePerPixel() throws {
        // 37×21 centred on (50, 40): every edge on a half pixel.
        let c = try #require(
            RectCoverage(transform: .translation(50, 40, 0), rect: Rect(x: -18.5, y: -10.5, width: 37, height: 21)))
        var split = AxisAlignedCoverage()
        let didSplit = split.split(c, area: PixelRect(x: 0, y: 0, width: 100, height: 100), alpha: 1)
        #expect(didSplit)
        // The interior at 255 and one strip of 128 on each side, 0.5 covered.
        #expect(split.boxes.contains(CoverageBox(rect: PixelRect(x: 32, y: 30, width: 36, height: 20), value: 255)))
        let halfCovered: Int = split.boxes.filter { $0.value == 128 }.map(\.rect.pixelCount).reduce(0, +)
        #expect(halfCovered == 2 * 36 + 2 * 20)
        let perPixel: Int = split.blocks.map(\.pixelCount).reduce(0, +)
        #expect(perPixel <= 16)
    }

    @Test func roundedCornersArePerPixelOnlyInTheirSquares() throws {
        let c = try #require(
            RectCoverage(
                transform: .identity, rect: Rect(x: 10.5, y: 10.5, width: 101, height: 61),
                radii: CornerRadii(radius: 8)
            ))
        var split = AxisAlignedCoverage()
        let didSplit = split.split(c, area: PixelRect(x: 0, y: 0, width: 200, height: 200), alpha: 1)
        #expect(didSplit)
        // Four corners of about 9×9 pixels.
        #expect(split.blocks.count == 4)
        #expect(split.blocks.allSatisfy { $0.width <= 11 && $0.height <= 11 })
    }

    @Test func bordersAndRotationsAreNotSplit() throws {
        var split = AxisAlignedCoverage()
        let area = PixelRect(x: 0, y: 0, width: 64, height: 64)
        let border = try #require(
            RectCoverage(transform: .identity, rect: Rect(x: 2.5, y: 2.5, width: 30, height: 30), borderWidth: 2))
        let borderSplit = split.split(border, area: area, alpha: 1)
        #expect(!borderSplit)
        let rotated = try #require(
            RectCoverage(transform: .rotation(0.3, 0, 0, 1), rect: Rect(x: 2.5, y: 2.5, width: 30, height: 30)))
        let rotatedSplit = split.split(rotated, area: area, alpha: 1)
        #expect(!rotatedSplit)
        var perspective = Transform3D.identity
        perspective.m14 = 0.001
        let projected = try #require(
            RectCoverage(transform: perspective, rect: Rect(x: 2.5, y: 2.5, width: 30, height: 30)))
        let projectedSplit = split.split(projected, area: area, alpha: 1)
        #expect(!projectedSplit)
    }
}
