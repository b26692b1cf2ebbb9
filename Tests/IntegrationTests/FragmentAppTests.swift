import AnimKit
import AnimRender
import AnimTestSupport
import Foundation
import Testing

/// `examples/fragment-004` (seed 004) against the real daemon on a manual clock, 160 × 120: a 144 × 80 banner at
/// (8, 8) masked by 6 × 2 pieces of 24 × 40, a piece every 1/16 s, each fading over 1/4 s, so a hide or a reveal
/// runs 11/16 + 4/16 = 15/16 s; held hidden 1/2 s; a banner every 2 s. Pieces are numbered column by column
/// (piece k is column k / 2, row k % 2), as the article tags them.
///
/// From the start S: hidden at S + 15/16, revealed from S + 23/16 to S + 38/16 = S + 2.375, the first auto-advance
/// at S + 4.375, banner 1 current at S + 5.3125. The app prints each step once the server has applied it.
///
/// Tolerance (`RenderTolerance.golden(renderer:)`): software within 2/255 on 99.9 % of pixels; GLES within 2/255 on
/// 99 % and never more than 64/255.
@Suite struct FragmentAppTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let arguments = [
        "--size", "160x120", "--cols", "6", "--rows", "2", "--stagger", "0.0625", "--fade", "0.25", "--hold", "0.5",
        "--interval", "2",
    ]
    /// The background the pieces uncover: (0.08, 0.09, 0.12).
    static let background: [Int] = [20, 23, 31]

    /// Starts the daemon's clock at a whole second S and the app at S.
    static func start(_ daemon: DaemonHarness, _ observer: Connection) throws -> (SeedExampleProcess, Double) {
        let start = (try observer.clock(.query).time).rounded(.up) + 1
        try moveClock(observer, to: start)
        let app = try SeedExampleProcess(
            "example-fragment-004", ["--socket", daemon.socketPath] + arguments)
        #expect(app.waitForLine(containing: "hiding from t=\(start)"), "\(app.transcript)")
        return (app, start)
    }

    /// Moves the clock to `time` and waits for the app's line saying what the frame there made it do.
    static func step(_ observer: Connection, to time: Double, _ app: SeedExampleProcess, until line: String) throws {
        try moveClock(observer, to: time)
        #expect(app.waitForLine(containing: line), "waiting for '\(line)': \(app.transcript)")
    }

    static func frame(_ observer: Connection) throws -> PixelBuffer {
        let shot = try observer.screenshot()
        return PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
    }

    /// The screenshot matches the golden `fragment-<name>.png` (recorded from the software renderer when `record`).
    static func expectGolden(_ actual: PixelBuffer, _ name: String, renderer: String, record: Bool = true) throws {
        let golden = try GoldenImage.read(
            goldens.appendingPathComponent("fragment-\(name).png"),
            recording: record && renderer == "software" ? actual : nil)
        let comparison = try GoldenImage.compare(
            actual, against: golden, RenderTolerance.golden(renderer: renderer), label: "\(renderer)-fragment-\(name)")
        #expect(comparison.passes, "\(renderer) \(name): \(comparison.message)")
    }

    /// The RGB at the centre of piece `k`, in output pixels.
    static func piece(_ k: Int, in frame: PixelBuffer) -> [Int] {
        let x = 8 + (k / 2) * 24 + 12
        let y = 8 + (k % 2) * 40 + 20
        let i = (y * frame.size.width + x) * 4
        return (0..<3).map { Int(frame.bytes[i + $0]) }
    }

    /// How much of piece `k` shows: 0 where it shows the background, 1 where it shows `banner`'s pixel.
    static func shown(_ k: Int, in frame: PixelBuffer, banner: [Int]) -> Double {
        let rgb = piece(k, in: frame)
        let channel = (0..<3).max { abs(banner[$0] - background[$0]) < abs(banner[$1] - background[$1]) }!
        return Double(rgb[channel] - background[channel]) / Double(banner[channel] - background[channel])
    }

    @Test(arguments: TestRenderers.all)
    func theFragmentHidesAndRevealsPieceByPieceThenTheCarouselAdvancesAtItsInterval(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let observer = try connectClient(daemon, name: "observer")
        let (app, s) = try Self.start(daemon, observer)
        let whole = try Self.frame(observer)
        let banner = (0..<12).map { Self.piece($0, in: whole) }

        // Half a second in: pieces 0–4 have faded out, 5, 6, 7 are a quarter, half and three quarters shown, 8–11 are
        // whole (piece k fades from S + k/16 to S + k/16 + 1/4).
        try moveClock(observer, to: s + 0.5)
        let hiding = try Self.frame(observer)
        let fractions = (0..<12).map { Self.shown($0, in: hiding, banner: banner[$0]) }
        let expected = [0, 0, 0, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1, 1]
        for k in 0..<12 {
            #expect(abs(fractions[k] - expected[k]) < 0.03, "\(renderer) piece \(k) shows \(fractions[k])")
        }
        try Self.expectGolden(hiding, "hiding", renderer: renderer)

        try Self.step(observer, to: s + 1, app, until: "hidden at t=\(s + 0.9375), revealing from t=\(s + 1.4375)")
        let hidden = try Self.frame(observer)
        for k in 0..<12 {
            let rgb = Self.piece(k, in: hidden)
            #expect(Self.near(rgb, Self.background), "\(renderer) piece \(k): \(rgb)")
        }
        try Self.expectGolden(hidden, "hidden", renderer: renderer)

        // Half a second into the reveal, the other way round: 7–11 back, 6, 5, 4 three quarters, half, a quarter.
        try moveClock(observer, to: s + 1.9375)
        let revealing = try Self.frame(observer)
        let back = [0, 0, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1, 1, 1]
        for k in 0..<12 {
            let fraction = Self.shown(k, in: revealing, banner: banner[k])
            #expect(abs(fraction - back[k]) < 0.03, "\(renderer) piece \(k) shows \(fraction) revealing")
        }
        try Self.expectGolden(revealing, "revealing", renderer: renderer)

        // Revealed at S + 2.375, after the last piece's animation stopped; the bar has filled 1/16 by S + 2.5.
        try Self.step(observer, to: s + 2.5, app, until: "revealed at t=\(s + 2.375): banner 0 current")
        try Self.expectGolden(try Self.frame(observer), "done", renderer: renderer)

        // The bar's 2 s run out: banner 1 comes in under banner 0's pieces from S + 4.375 exactly.
        try Self.step(observer, to: s + 4.5, app, until: "banner 0 → 1 (auto) from t=\(s + 4.375)")
        try moveClock(observer, to: s + 4.875)
        try Self.expectGolden(try Self.frame(observer), "changing", renderer: renderer)
        // The last piece fades until S + 5.3125: until it stops, banner 0 stays current.
        try moveClock(observer, to: s + 5.25)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!app.output.text.contains("banner 1 current"), "\(app.transcript)")
        try Self.step(observer, to: s + 5.5, app, until: "banner 1 current at t=\(s + 5.3125)")
        try Self.expectGolden(try Self.frame(observer), "banner-1", renderer: renderer)
        #expect(!app.output.text.contains("error"), "\(app.transcript)")
    }

    /// Compares with the goldens the test above records without any swipe, and never records them.
    @Test(arguments: TestRenderers.all)
    func swipesDuringTheFragmentAreIgnoredAndAnIdleSwipeChangesBannerItsWay(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let observer = try connectClient(daemon, name: "observer")
        let (app, s) = try Self.start(daemon, observer)
        let white = [255, 255, 255]
        let left = [120.0, 48, 40, 48]
        let right = [40.0, 48, 120, 48]

        // A swipe left while the first banner is being hidden: ignored, every later frame as without it.
        let first = try swipeOnManualClock(daemon, clock: observer, from: s + 0.5, left, duration: 0.125)
        #expect(first?.status == 0, "\(first?.standardError ?? "animctl did not run")")
        #expect(app.waitForLine(containing: "swipe left at t="), "\(app.transcript)")
        let ignored = try #require(Self.time(after: "swipe left at t=", in: app, upTo: " ignored"))
        #expect(ignored > s + 0.5 && ignored < s + 0.9375, "\(app.transcript)")
        try Self.step(observer, to: s + 1, app, until: "revealing from t=\(s + 1.4375)")
        try Self.expectGolden(try Self.frame(observer), "hidden", renderer: renderer, record: false)
        try Self.step(observer, to: s + 2.5, app, until: "revealed at t=\(s + 2.375)")
        try Self.expectGolden(try Self.frame(observer), "done", renderer: renderer, record: false)

        // A swipe right while banner 1 comes in: ignored, the frame is the one without it and 1 follows 0.
        try Self.step(observer, to: s + 4.5, app, until: "banner 0 → 1 (auto) from t=\(s + 4.375)")
        let second = try swipeOnManualClock(daemon, clock: observer, from: s + 4.5, right, duration: 0.125)
        #expect(second?.status == 0, "\(second?.standardError ?? "animctl did not run")")
        #expect(app.waitForLine(containing: "swipe right at t="), "\(app.transcript)")
        let during = try #require(Self.time(after: "swipe right at t=", in: app, upTo: " ignored"))
        #expect(during > s + 4.5 && during < s + 5.3125, "\(app.transcript)")
        try moveClock(observer, to: s + 4.875)
        try Self.expectGolden(try Self.frame(observer), "changing", renderer: renderer, record: false)
        try Self.step(observer, to: s + 5.5, app, until: "banner 1 current at t=\(s + 5.3125)")
        try Self.expectGolden(try Self.frame(observer), "banner-1", renderer: renderer, record: false)

        // Idle: a swipe right goes back to banner 0, a swipe left on to banner 1 again, each a whole fragment.
        try moveClock(observer, to: s + 6)
        let back = try swipeOnManualClock(daemon, clock: observer, from: s + 6, right, duration: 0.125)
        #expect(back?.status == 0, "\(back?.standardError ?? "animctl did not run")")
        #expect(app.waitForLine(containing: "banner 1 → 0 (swipe right) from t="), "\(app.transcript)")
        let backAt = try #require(Self.time(after: "banner 1 → 0 (swipe right) from t=", in: app))
        try Self.step(observer, to: backAt + 1, app, until: "banner 0 current at t=\(backAt + 0.9375)")
        let zero = try Self.frame(observer)
        // Banner 0's left edge is (230, 90, 70); banner 1's (30, 150, 140). The current page's dot is white.
        #expect(Self.near(Self.pixel(zero, 8, 30), [230, 90, 70]), "\(renderer) \(Self.pixel(zero, 8, 30))")
        #expect(Self.near(Self.pixel(zero, 62, 99), white) && !Self.near(Self.pixel(zero, 74, 99), white))

        let onwards = backAt + 1.5
        try moveClock(observer, to: onwards)
        let next = try swipeOnManualClock(daemon, clock: observer, from: onwards, left, duration: 0.125)
        #expect(next?.status == 0, "\(next?.standardError ?? "animctl did not run")")
        #expect(app.waitForLine(containing: "banner 0 → 1 (swipe left) from t="), "\(app.transcript)")
        let nextAt = try #require(Self.time(after: "banner 0 → 1 (swipe left) from t=", in: app))
        try Self.step(observer, to: nextAt + 1, app, until: "banner 1 current at t=\(nextAt + 0.9375)")
        let one = try Self.frame(observer)
        #expect(Self.near(Self.pixel(one, 8, 30), [30, 150, 140]), "\(renderer) \(Self.pixel(one, 8, 30))")
        #expect(Self.near(Self.pixel(one, 74, 99), white) && !Self.near(Self.pixel(one, 62, 99), white))
        // Every change the app made, in order: no banner was skipped.
        let changes = app.lines.filter { $0.hasPrefix("banner ") && $0.contains("→") }.map { $0.prefix(12) }
        #expect(changes == ["banner 0 → 1", "banner 1 → 0", "banner 0 → 1"], "\(app.transcript)")
    }

    /// Within 2/255 in each channel.
    static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    static func pixel(_ frame: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * frame.size.width + x) * 4
        return (0..<3).map { Int(frame.bytes[i + $0]) }
    }

    /// The time printed after `prefix` (up to `end`, or the line's end) on the first of the app's lines that has it.
    static func time(after prefix: String, in app: SeedExampleProcess, upTo end: String? = nil) -> Double? {
        guard let line = app.lines.first(where: { $0.contains(prefix) }) else { return nil }
        let rest = line.components(separatedBy: prefix)[1]
        return Double(end.map { rest.components(separatedBy: $0)[0] } ?? rest)
    }
}
