import AnimKit
import AnimRender
import AnimTestSupport
import Foundation
import Testing

/// `examples/core-animation-002` (seed 002's three demos) against the real daemon on a manual clock: its layers'
/// presentation values at exact times are those `animctl eval` gives for the seed's JSON files, and its frames match
/// goldens under both renderers (the 640 × 480 scene at a quarter, 160 × 120; tolerance
/// `RenderTolerance.golden(renderer:)`).
@Suite struct CoreAnimation002AppTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    /// The app's layer names and the files that describe them.
    static let demos = [
        ("curve", "examples/seed002-group.json"), ("line", "examples/seed002-line.json"),
        ("spin", "examples/seed002-rotation.json"),
    ]
    static let keyPaths = ["position", "opacity", "transform"]

    /// Starts the clock at a whole second S and the app at S; its animations begin when its commit is applied. It
    /// stays connected `hold` seconds after they end.
    static func start(
        _ daemon: DaemonHarness, _ observer: Connection, hold: Double = 0
    ) throws -> (SeedExampleProcess, Double) {
        let start = (try observer.clock(.query).time).rounded(.up) + 1
        try moveClock(observer, to: start)
        let app = try SeedExampleProcess(
            "example-core-animation-002", ["--socket", daemon.socketPath, "--size", "160x120", "--hold", "\(hold)"])
        #expect(app.waitForLine(containing: "started at t=\(start)"), "\(app.transcript)")
        return (app, start)
    }

    /// A value in its JSON form as plain numbers: a number, a point's two, a transform's sixteen.
    static func numbers(_ json: Any) -> [Double] {
        if let number = json as? NSNumber { return [number.doubleValue] }
        return (json as? [Any] ?? []).flatMap(numbers)
    }

    static func numbers(_ value: AnimationValue) throws -> [Double] {
        let data = try JSONEncoder().encode([value])
        return numbers(try JSONSerialization.jsonObject(with: data))
    }

    /// Every layer of the tree with a name, by name.
    static func named(_ layers: [InspectionDocuments.TreeLayer]) throws -> [String: [String: AnimationValue]] {
        var found: [String: [String: AnimationValue]] = [:]
        for layer in layers {
            if case .string(let name?)? = layer.properties["name"] { found[name] = layer.properties }
            found.merge(try named(layer.sublayers)) { first, _ in first }
        }
        return found
    }

    @Test func theAppsPresentationValuesAreWhatAnimctlEvalGivesForTheSeedFiles() throws {
        let daemon = try DaemonHarness()
        let observer = try connectClient(daemon, name: "observer")
        let (app, s) = try Self.start(daemon, observer, hold: 30)
        let session = try #require(try observer.inspectClients().first { $0.name == "core-animation-002" }?.session)
        let times = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5]

        var seen: [String: [[String: [Double]]]] = [:]
        for t in times {
            try moveClock(observer, to: s + t)
            let layers = try Self.named(observer.inspectTree(client: session, presentation: true).roots)
            for (name, _) in Self.demos {
                let properties = try #require(layers[name], "no layer named \(name)")
                var values: [String: [Double]] = [:]
                for keyPath in Self.keyPaths {
                    values[keyPath] = try Self.numbers(try #require(properties[keyPath]))
                }
                seen[name, default: []].append(values)
            }
        }

        for (name, file) in Self.demos {
            let eval = try daemon.animctl(
                ["eval", file, "--json", "--times", times.map { "\($0)" }.joined(separator: ",")]
                    + Self.keyPaths.flatMap { ["--key-path", $0] })
            #expect(eval.status == 0, "\(eval.standardError)")
            let document = try JSONSerialization.jsonObject(with: Data(eval.standardOutput.utf8)) as? [String: Any]
            let samples = try #require(document?["samples"] as? [[String: Any]])
            #expect(samples.count == times.count)
            for (index, sample) in samples.enumerated() {
                let values = try #require(sample["values"] as? [String: Any])
                for keyPath in Self.keyPaths {
                    let expected = Self.numbers(values[keyPath] as Any)
                    let actual = seen[name]?[index][keyPath] ?? []
                    #expect(
                        expected.count == actual.count && zip(expected, actual).allSatisfy { abs($0 - $1) < 1e-9 },
                        "\(name).\(keyPath) at \(times[index]) s: app \(actual), \(file) \(expected)")
                }
            }
        }
        // The curve's group is over by 1 s, the others by 2 s: the completion block has run and the app is done.
        #expect(app.waitForLine(containing: "done at t="), "\(app.transcript)")
    }

    @Test(arguments: TestRenderers.all)
    func theDemosMatchTheirGoldensAtFixedTimes(renderer: String) throws {
        let daemon = try DaemonHarness(renderer: renderer)
        let observer = try connectClient(daemon, name: "observer")
        let (app, s) = try Self.start(daemon, observer)
        // Half a second: the curve half way down and smaller, the line's image a quarter along and a quarter turned,
        // the spin a quarter turned. 1.5 s: the curve back home, the others three quarters round.
        for t in [0.5, 1.5] {
            try moveClock(observer, to: s + t)
            let shot = try observer.screenshot()
            let actual = PixelBuffer(size: PixelSize(width: shot.width, height: shot.height), bytes: shot.pixels)
            let stem = "core-animation-002-\(Int(t * 1000))ms"
            let golden = try GoldenImage.read(
                Self.goldens.appendingPathComponent("\(stem).png"), recording: renderer == "software" ? actual : nil)
            let comparison = try GoldenImage.compare(
                actual, against: golden, RenderTolerance.golden(renderer: renderer), label: "\(renderer)-\(stem)")
            #expect(comparison.passes, "\(renderer) at \(t) s: \(comparison.message)")
        }
        try moveClock(observer, to: s + 3)
        #expect(eventually(timeout: 30) { !app.process.isRunning }, "\(app.transcript)")
        #expect(app.process.terminationStatus == 0)
    }
}
