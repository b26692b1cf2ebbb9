import AnimCore
import Testing

@testable import AnimRender

/// CATextLayer rasters with DejaVu Sans. Glyph shapes are not pinned; the checks are where ink may and may not be.
/// At 20 units DejaVu Sans has an ascent of 18.56 and a line height of 23.28.
@Suite struct TextContentTests {
    typealias Pixels = ContentTestPixels

    static let ascent = 18.56
    static let lineHeight = 23.28

    func content(_ layer: LayerState, scale: Double = 1) throws -> Pixels {
        Pixels(try #require(ContentRasterizer().content(for: layer, scale: scale)))
    }

    func ink(_ layer: LayerState, scale: Double = 1) throws -> Rect {
        try #require(try content(layer, scale: scale).inkRect)
    }

    static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)

    @Test func oneLineInksTheFirstLineBoxOnly() throws {
        let out = try content(.contentText("Hello", bounds: Self.bounds))
        let ink = try #require(out.inkRect)
        #expect(ink.minY >= 0 && ink.maxY <= Self.lineHeight)
        // Capitals reach about 0.73 em above the baseline; nothing descends far below it.
        #expect(ink.minY < Self.ascent - 12)
        #expect(ink.maxY <= Self.ascent + 2)
        #expect(ink.minX >= 0 && ink.minX < 4)
        #expect(ink.maxX < 70)
        // The ink is the foreground colour: opaque black somewhere, never any colour.
        var opaque = false
        for row in 0..<out.image.height {
            for column in 0..<out.image.width {
                let p = out.pixel(column: column, row: row)
                #expect(p.r == 0 && p.g == 0 && p.b == 0)
                if p.a == 255 { opaque = true }
            }
        }
        #expect(opaque)
    }

    @Test func foregroundColourIsUsed() throws {
        let out = try content(
            .contentText("H", bounds: Self.bounds) { $0.foregroundColor = Color(red: 1, green: 0, blue: 0) })
        let ink = try #require(out.inkRect)
        // The left stem of the H is a solid vertical bar.
        #expect(out.pixel(x: ink.minX + 1, y: ink.midY) == (255, 0, 0, 255))
    }

    @Test func alignmentMovesTheInk() throws {
        let left = try ink(.contentText("Hello", bounds: Self.bounds) { $0.alignmentMode = "left" })
        let natural = try ink(.contentText("Hello", bounds: Self.bounds))
        #expect(left == natural)
        let center = try ink(.contentText("Hello", bounds: Self.bounds) { $0.alignmentMode = "center" })
        #expect(abs(center.midX - Self.bounds.midX) <= 2)
        #expect(abs(center.width - left.width) <= 1)
        let right = try ink(.contentText("Hello", bounds: Self.bounds) { $0.alignmentMode = "right" })
        #expect(right.maxX <= 200 && right.maxX >= 196)
    }

    @Test func wrappingMakesASecondLine() throws {
        let string = "alpha beta gamma delta"
        let narrow = Rect(x: 0, y: 0, width: 120, height: 100)
        let single = try ink(.contentText(string, bounds: narrow))
        // Descenders reach the line's bottom; antialiasing may touch the pixel row it ends in.
        #expect(single.maxY <= Self.lineHeight.rounded(.up))
        #expect(single.maxX > 119)
        let wrapped = try ink(.contentText(string, bounds: narrow) { $0.isWrapped = true })
        #expect(wrapped.maxY > Self.lineHeight + 10)
        #expect(wrapped.maxX < 120)
    }

    @Test func lineBreakStartsASecondLine() throws {
        let out = try ink(.contentText("A\nB", bounds: Self.bounds))
        #expect(out.minY < Self.ascent)
        #expect(out.maxY > Self.lineHeight + 10 && out.maxY <= 2 * Self.lineHeight)
    }

    @Test func truncationAtTheEndEndsInAnEllipsis() throws {
        let string = "Hello wonderful world"
        let narrow = Rect(x: 0, y: 0, width: 100, height: 40)
        let clipped = try ink(.contentText(string, bounds: narrow))
        #expect(clipped.maxX > 99)
        let out = try content(.contentText(string, bounds: narrow) { $0.truncationMode = "end" })
        let ink = try #require(out.inkRect)
        #expect(ink.maxX <= 100)
        // The rightmost ink is the ellipsis: dots sitting on the baseline.
        let column = Int((ink.maxX - out.content.rect.minX) * out.scaleX) - 1
        for row in 0..<out.image.height where out.pixel(column: column, row: row).a > 0 {
            let y = out.content.rect.minY + Double(row) / out.scaleY
            #expect(y >= Self.ascent - 4 && y <= Self.ascent + 1, "row \(row)")
        }
    }

    /// Start and middle truncation put the ellipsis first or inside: the leftmost ink column of "start" is the
    /// ellipsis (dots on the baseline), and "middle" keeps both ends of the line.
    @Test func truncationAtTheStartAndInTheMiddle() throws {
        let string = "Hello wonderful world"
        let narrow = Rect(x: 0, y: 0, width: 100, height: 40)
        let start = try content(.contentText(string, bounds: narrow) { $0.truncationMode = "start" })
        let startInk = try #require(start.inkRect)
        #expect(startInk.maxX <= 100)
        let column = Int((startInk.minX - start.content.rect.minX) * start.scaleX)
        for row in 0..<start.image.height where start.pixel(column: column, row: row).a > 0 {
            let y = start.content.rect.minY + Double(row) / start.scaleY
            #expect(y >= Self.ascent - 4 && y <= Self.ascent + 1, "row \(row)")
        }
        let middle = try ink(.contentText(string, bounds: narrow) { $0.truncationMode = "middle" })
        let end = try ink(.contentText(string, bounds: narrow) { $0.truncationMode = "end" })
        #expect(middle.maxX <= 100 && end.maxX <= 100)
        // "He…orld" rises to the "d"'s ascender at its end, and starts with the "H" as "Hello wo…" does.
        #expect(abs(middle.minX - end.minX) <= 1)
    }

    @Test func textIsClippedToTheBounds() throws {
        let short = Rect(x: 0, y: 0, width: 200, height: 30)
        let out = try content(.contentText("one\ntwo\nthree", bounds: short))
        #expect(out.content.rect.maxY <= 30)
        #expect(try #require(out.inkRect).maxY > Self.lineHeight)
    }

    @Test func boldHasMoreInk() throws {
        func total(_ font: String) throws -> Int {
            let out = try content(.contentText("Hello", bounds: Self.bounds) { $0.font = font })
            var sum = 0
            for row in 0..<out.image.height {
                for column in 0..<out.image.width { sum += Int(out.pixel(column: column, row: row).a) }
            }
            return sum
        }
        #expect(try total("DejaVuSans-Bold") > total("DejaVu Sans") * 5 / 4)
    }

    @Test func justifiedLinesSpanTheWidthButNotTheLast() throws {
        let narrow = Rect(x: 0, y: 0, width: 150, height: 100)
        let out = try content(
            .contentText("aa bb cc dd ee ff gg", bounds: narrow) {
                $0.isWrapped = true
                $0.alignmentMode = "justified"
            })
        func inkRight(row lineIndex: Int) -> Double {
            var right = -1.0
            let top = Int(Double(lineIndex) * Self.lineHeight * out.scaleY)
            let bottom = Int(Double(lineIndex + 1) * Self.lineHeight * out.scaleY)
            for row in top..<bottom {
                for column in 0..<out.image.width where out.pixel(column: column, row: row).a > 0 {
                    right = max(right, out.content.rect.minX + Double(column + 1) / out.scaleX)
                }
            }
            return right
        }
        #expect(inkRight(row: 0) > 147)
        let ink = try #require(out.inkRect)
        let lastLine = Int(((ink.maxY - 1) / Self.lineHeight).rounded(.down))
        #expect(lastLine >= 1)
        #expect(inkRight(row: lastLine) < 120)
    }

    @Test func boundsOriginMovesTheRect() throws {
        let moved = try content(.contentText("Hello", bounds: Rect(x: 30, y: -10, width: 200, height: 100)))
        let home = try content(.contentText("Hello", bounds: Self.bounds))
        #expect(moved.content.rect.minX - home.content.rect.minX == 30)
        #expect(moved.content.rect.minY - home.content.rect.minY == -10)
    }

    @Test func scaleSharpensWithoutMovingTheLayout() throws {
        let one = try ink(.contentText("Hello", bounds: Self.bounds))
        let four = try content(.contentText("Hello", bounds: Self.bounds), scale: 4)
        #expect(four.scaleX == 4)
        let inkFour = try #require(four.inkRect)
        #expect(abs(inkFour.minX - one.minX) <= 1 && abs(inkFour.maxX - one.maxX) <= 1)
        #expect(abs(inkFour.minY - one.minY) <= 1 && abs(inkFour.maxY - one.maxY) <= 1)
    }

    @Test func hugeGlyphsAreFilledAsOutlines() throws {
        let out = try content(.contentText("H", bounds: Rect(x: 0, y: 0, width: 400, height: 400), fontSize: 300))
        let ink = try #require(out.inkRect)
        #expect(ink.height > 200)
        #expect(out.pixel(x: ink.minX + 10, y: ink.midY).a == 255)
    }

    /// Glyphs filled as outlines keep their runs' colours: a red run and a green run at 1,200 pixels a glyph.
    @Test func outlinedGlyphsKeepTheirRunsColours() throws {
        let out = try content(
            .contentText("HH", bounds: Rect(x: 0, y: 0, width: 500, height: 400), fontSize: 300) {
                $0.string = AttributedText(
                    "HH",
                    runs: [
                        .init(location: 0, length: 1, foregroundColor: Color(red: 1, green: 0, blue: 0)),
                        .init(location: 1, length: 1, foregroundColor: Color(red: 0, green: 1, blue: 0)),
                    ])
            }, scale: 4)
        #expect(out.scaleX == 4)
        let ink = try #require(out.inkRect)
        // The left stem of each H, a third of the glyph's width in: solid red, then solid green.
        #expect(out.pixel(x: ink.minX + 20, y: ink.midY) == (255, 0, 0, 255))
        #expect(out.pixel(x: ink.maxX - 20, y: ink.midY) == (0, 255, 0, 255))
    }

    @Test func longStringsAreCutToTheBounds() throws {
        let long = String(repeating: "x", count: 200_000)
        let box = Rect(x: 0, y: 0, width: 100, height: 50)
        let wrapped = try content(.contentText(long, bounds: box) { $0.isWrapped = true })
        let wrappedInk = try #require(wrapped.inkRect)
        #expect(wrappedInk.maxY > Self.lineHeight && wrappedInk.maxY <= 50)
        let truncated = try ink(.contentText(long + " end", bounds: box) { $0.truncationMode = "middle" })
        #expect(truncated.maxX <= 100 && truncated.maxY <= Self.lineHeight)
    }

    @Test func nothingToDrawGivesNil() {
        let rasterizer = ContentRasterizer()
        #expect(rasterizer.content(for: .contentText("", bounds: Self.bounds), scale: 1) == nil)
        #expect(rasterizer.content(for: .contentText(nil, bounds: Self.bounds), scale: 1) == nil)
        #expect(
            rasterizer.content(for: .contentText("Hi", bounds: Self.bounds) { $0.foregroundColor = nil }, scale: 1)
                == nil)
        #expect(rasterizer.content(for: .contentText("Hi", bounds: .zero), scale: 1) == nil)
        #expect(rasterizer.content(for: .contentText("Hi", bounds: Self.bounds, fontSize: 0), scale: 1) == nil)
        #expect(rasterizer.content(for: .contentText("   ", bounds: Self.bounds), scale: 1) == nil)
    }
}
