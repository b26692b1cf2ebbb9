import AnimCore
import AnimRender
import AnimTestSupport
import ArgumentParser
import Foundation

/// The soak (issue 16): many SDK clients with visible layers, a tenth animating, clients and layers coming and
/// going, against a release `animserverd`; the daemon's RSS, descriptors and frame times every second, into a
/// CSV and PNG charts; exits 1 when a bound is broken.
@main
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Load a real animserverd with churning clients for a while and check it gives everything back.",
        discussion: """
            Build in release mode first: swift build -c release --static-swift-stdlib --product animserverd --product soak, then run \
            .build/release/soak. Writes samples.csv, memory.png, descriptors.png and frametime.png into --output \
            and prints a summary; exits 1 when fds are not back to the start after every client left, RSS after \
            leaving is above RSS before + --rss-margin, a client lost its connection, or frames were missed.
            """)

    @Option(help: "Clients connected at once.")
    var clients = 32

    @Option(help: "Layers per client (6x6, each with a background colour).")
    var layers = 1000

    @Option(help: "Percent of each client's layers with a repeating animation.")
    var animatedPercent = 10.0

    @Option(help: "Seconds of load.")
    var duration = 600.0

    @Option(help: "Every this many seconds, --churn-clients clients leave and as many new ones join.")
    var churnInterval = 5.0

    @Option(help: "Clients replaced at each churn.")
    var churnClients = 4

    @Option(help: "The daemon's --renderer (software, gles or auto).")
    var renderer = "software"

    @Option(help: "The daemon's output size.")
    var size = "1280x720"

    @Option(help: "MiB that RSS after every client left may stay above RSS before the first came.")
    var rssMargin = 16

    @Option(help: "Percent of the frames the refresh rate asks for that may be missed.")
    var missedFramesPercent = 5.0

    @Option(help: "The folder the CSV and charts go to.")
    var output = "soak-output"

    func run() throws {
        let dimensions = size.split(separator: "x").compactMap { Int($0) }
        guard dimensions.count == 2 else { throw ValidationError("--size \(size) is not WIDTHxHEIGHT") }
        var setup = SoakConfiguration()
        setup.clients = clients
        setup.layersPerClient = layers
        setup.animatedFraction = animatedPercent / 100
        setup.duration = duration
        setup.churnInterval = churnInterval
        setup.churnClients = churnClients
        setup.outputWidth = dimensions[0]
        setup.outputHeight = dimensions[1]
        setup.residentMarginBytes = rssMargin << 20
        setup.missedFrameFraction = missedFramesPercent / 100
        let daemon = try DaemonHarness(
            clock: "monotonic", size: size, renderer: renderer, arguments: ["--log-level", "warning"])
        defer { daemon.stop() }
        let result = try SoakRun(daemon: daemon, configuration: setup).run { sample in
            let line =
                String(
                    format: "%6.1f s  RSS %7.1f MiB  fds %4d  clients %3d  layers %6d  frame p99 %6.2f ms  ",
                    sample.time, Double(sample.residentBytes) / 1_048_576, sample.openDescriptors,
                    sample.clients, sample.layers, sample.frameTimeP99) + sample.phase
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        try write(result)
        print(result.summary)
        print("samples and charts: \(output)/")
        let broken = result.violations
        guard broken.isEmpty else {
            for violation in broken { print("BOUND BROKEN: \(violation)") }
            throw ExitCode(1)
        }
        print("every bound held")
    }

    private func write(_ result: SoakResult) throws {
        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(result.csv.utf8).write(to: folder.appendingPathComponent("samples.csv"))
        let samples = result.samples
        func series(_ label: String, _ color: Int, _ value: (SoakSample) -> Double) -> ChartSeries {
            ChartSeries(
                label: label, points: samples.map { Point(x: $0.time, y: value($0)) }, color: Chart.palette[color])
        }
        let charts: [(String, Chart)] = [
            (
                "memory.png",
                Chart(
                    title: "animserverd RSS", xLabel: "seconds", yLabel: "MiB",
                    series: [series("RSS", 0) { Double($0.residentBytes) / 1_048_576 }])
            ),
            (
                "descriptors.png",
                Chart(
                    title: "animserverd open descriptors and clients", xLabel: "seconds", yLabel: "count",
                    series: [
                        series("open fds", 0) { Double($0.openDescriptors) },
                        series("clients", 1) { Double($0.clients) },
                    ])
            ),
            (
                "frametime.png",
                Chart(
                    title: "server frame time", xLabel: "seconds", yLabel: "ms",
                    series: [
                        series("p50", 0) { $0.frameTimeP50 }, series("p99", 1) { $0.frameTimeP99 },
                        series("max", 2) { $0.frameTimeMax },
                    ])
            ),
        ]
        for (name, chart) in charts {
            try chart.render().write(to: folder.appendingPathComponent(name).path)
        }
    }
}
