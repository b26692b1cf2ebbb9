import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Testing

/// The real daemon drawing CATextLayer text through the SDK (docs/core-animation-rules.md#text): sharp when a
/// transform animation scales it, and attributed strings' runs, in both renderers.
@Suite struct TextRenderingTests {
    /// A 6-point "Ab" scaled 4× by a transform animation (held at its end by fillMode forwards) draws the same
    /// pixels as a 24-point "Ab" in a layer 4× as large: it is rasterized at 4 pixels per point, not magnified.
    @Test(arguments: TestRenderers.all)
    func textScaledFourTimesByAnAnimationIsAsSharpAsFourTimesTheFontSize(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "sharp")
        let start = try client.clock(.query).time
        Transaction.begin()
        var layers: [TextLayer] = []
        for (fontSize, frame) in [
            (6.0, Rect(x: 0, y: 0, width: 30, height: 10)), (24, Rect(x: 0, y: 50, width: 120, height: 40)),
        ] {
            let text = TextLayer(connection: client)
            text.anchorPoint = .zero
            text.frame = frame
            text.string = "Ab"
            text.font = "DejaVu Sans"
            text.fontSize = fontSize
            text.foregroundColor = Color(red: 1, green: 1, blue: 1)
            layers.append(text)
        }
        let grow = BasicAnimation(
            keyPath: "transform", from: .transform(.identity), to: .transform(.scale(4, 4, 1)))
        grow.duration = 1
        grow.fillMode = .forwards
        grow.isRemovedOnCompletion = false
        try layers[0].add(grow, forKey: "grow")
        Transaction.commit()
        try client.sync()
        try moveClock(client, to: start + 2)
        let shot = try client.screenshot()
        var lit = 0
        var differences: [String] = []
        for y in 0..<40 {
            for x in 0..<120 {
                let scaled = y * 160 + x
                let large = (y + 50) * 160 + x
                if shot.pixels[large * 4] == 255 { lit += 1 }
                for c in 0..<4 where abs(Int(shot.pixels[scaled * 4 + c]) - Int(shot.pixels[large * 4 + c])) > 2 {
                    differences.append("(\(x), \(y)) channel \(c)")
                }
            }
        }
        #expect(lit >= 50, "\(lit) white pixels")
        let differing = differences.count
        #expect(differing == 0, "first differences: \(differences.prefix(5))")
        withExtendedLifetime(layers) {}
    }

    /// `attributedString` through the SDK: a red run and a green run over white text, each drawn in its colour.
    @Test(arguments: TestRenderers.all)
    func attributedRunsAreDrawnInTheirColours(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let client = try connectClient(daemon, name: "runs")
        Transaction.begin()
        let text = TextLayer(connection: client)
        text.frame = Rect(x: 0, y: 0, width: 160, height: 40)
        text.font = "DejaVuSans-Bold"
        text.fontSize = 30
        text.foregroundColor = Color(red: 1, green: 1, blue: 1)
        text.attributedString = AttributedText(
            "HH HH",
            runs: [
                .init(location: 0, length: 2, foregroundColor: Color(red: 1, green: 0, blue: 0)),
                .init(location: 3, length: 2, foregroundColor: Color(red: 0, green: 1, blue: 0), underline: .single),
            ])
        Transaction.commit()
        try client.sync()
        #expect(text.string == "HH HH")
        let shot = try client.screenshot()
        var red = 0
        var green = 0
        var white = 0
        for i in 0..<(160 * 40) {
            let (r, g, b) = (shot.pixels[i * 4], shot.pixels[i * 4 + 1], shot.pixels[i * 4 + 2])
            if r == 255 && g == 0 && b == 0 { red += 1 }
            if r == 0 && g == 255 && b == 0 { green += 1 }
            if r == 255 && g == 255 && b == 255 { white += 1 }
        }
        #expect(red > 50 && green > 50, "red \(red), green \(green)")
        #expect(white == 0, "\(white) pixels in the layer's own colour")
        withExtendedLifetime(text) {}
    }
}

/// Attributed strings on the wire against the real daemon: their runs checked, and refused on a connection speaking
/// a version before 4, which did not have them.
@Suite struct AttributedStringProtocolTests {
    /// Creates text layer 1 and sets its string to `value`.
    static func commit(_ value: WireValue, layer: UInt32 = 1) -> Message {
        .commit(
            Commit(
                transaction: 1, completions: [],
                operations: [
                    .createLayer(WireCreateLayer(layer: layer, layerClass: .text)),
                    .setProperty(WireSetProperty(layer: layer, keyPath: "string", value: value)),
                ]))
    }

    static let underlined = WireValue.attributedString(
        WireAttributedString(
            string: "Hi",
            runs: [
                WireTextRun(
                    location: 0, length: 2, font: nil, fontSize: nil, foregroundColor: nil, underline: .single, kern: 0)
            ]))

    @Test func versionThreeConnectionsAreRefusedAttributedStrings() throws {
        let daemon = try DaemonHarness()
        let old = try RawClient(daemon, version: 3)
        old.send(Self.commit(Self.underlined))
        let report = try #require(try old.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(report.code == WireErrorCode.invalidValue.rawValue)
        #expect(report.field == "Commit.operations[1].setProperty.value")
        #expect(report.message.contains("protocol version 4"))
        #expect(!report.fatal)
    }

    @Test func runsOutsideTheStringAreRefusedNamingTheRun() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: ProtocolVersion.current)
        client.send(Self.commit(Self.underlined))
        client.send(.sync(Sync(request: 2)))
        #expect(try client.next(where: { $0.errorReport != nil || $0.name == "SyncReply" })?.errorReport == nil)
        let past = WireValue.attributedString(
            WireAttributedString(
                string: "Hi",
                runs: [
                    WireTextRun(
                        location: 1, length: 2, font: nil, fontSize: nil, foregroundColor: nil, underline: .none,
                        kern: 0)
                ]))
        client.send(Self.commit(past, layer: 2))
        let report = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(report.code == WireErrorCode.invalidValue.rawValue)
        #expect(report.field == "Commit.operations[1].setProperty.value.attributedString.runs[0].length")
        #expect(report.value == "1..<3")
    }
}
