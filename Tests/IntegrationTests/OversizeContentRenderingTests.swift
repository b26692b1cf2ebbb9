import AnimKit
import AnimTestSupport
import Testing

/// The real daemon drawing text layers far wider than a raster drawn whole (4096 pixels): in tiles at full scale,
/// in both renderers (GLES with its texture limit forced to the least, 258).
@Suite struct OversizeContentRenderingTests {
    @Test(arguments: TestRenderers.all)
    func aSixteenThousandPointTickerIsAsSharpAsASmallLayer(renderer: String) throws {
        let daemon = try DaemonHarness(
            renderer: renderer, arguments: renderer == "gles" ? ["--max-texture-size", "258"] : [])
        let client = try connectClient(daemon, name: "ticker")
        Transaction.begin()
        // The same right-aligned words at the right end of a 16,000-point layer (its last 160 points in view,
        // rows 10…49) and of a 160-point one (rows 60…99).
        var layers: [TextLayer] = []
        for frame in [
            Rect(x: 160 - 16_000, y: 10, width: 16_000, height: 40), Rect(x: 0, y: 60, width: 160, height: 40),
        ] {
            let text = TextLayer(connection: client)
            text.frame = frame
            text.string = "Ticker 1234"
            text.fontSize = 24
            text.foregroundColor = Color(red: 1, green: 1, blue: 1)
            text.alignmentMode = .right
            layers.append(text)
        }
        Transaction.commit()
        try client.sync()
        let shot = try client.screenshot()
        var lit = 0
        var differences: [String] = []
        for y in 0..<40 {
            for x in 0..<160 {
                let wide = (y + 10) * 160 + x
                let small = (y + 60) * 160 + x
                if shot.pixels[small * 4] == 255 { lit += 1 }
                for c in 0..<4 where abs(Int(shot.pixels[wide * 4 + c]) - Int(shot.pixels[small * 4 + c])) > 1 {
                    differences.append("(\(x), \(y)) channel \(c)")
                }
            }
        }
        // Within 1/255 everywhere, and the words are there (full white pixels in their strokes).
        #expect(lit >= 50, "\(lit) white pixels")
        #expect(differences.isEmpty, "\(differences.count) differences, first \(differences.prefix(5))")
        withExtendedLifetime(layers) {}
    }
}
