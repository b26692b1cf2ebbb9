import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import ArgumentParser
import Dispatch
import Foundation
import Glibc

/// The server's speed and memory targets (issue 3), measured against a real `animserverd` from the same build
/// folder, with each figure's baseline taken in the same run. Medians of `--runs` repetitions.
@main
struct ServerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serverbench",
        abstract: "Measure commit latency, bulk throughput against the raw socket, memory per layer and idle CPU.",
        discussion: """
            Build in release mode first: swift build -c release --static-swift-stdlib --product animserverd and --product serverbench, \
            then run .build/release/serverbench. The daemon runs with a monotonic clock on a private socket.
            """)

    @Option(help: "Repetitions per measurement; medians are reported.")
    var runs = 15

    @Option(help: "Layers for the memory and idle measurements.")
    var layers = 10_000

    @Option(help: "Seconds of idle CPU sampling.")
    var idleSeconds = 5.0

    @Option(help: "Rounds of the bulk comparison; each is a block of --runs samples per figure.")
    var rounds = 5

    @Flag(help: "Only the in-process ServerCore cost of the bulk frame (no daemon).")
    var coreOnly = false

    @Flag(help: "Only the bulk frames sent straight to the daemon, against the bare socket.")
    var bulkOnly = false

    @Flag(help: "Only the daemon's memory: per layer (drawing nothing, and visible), empty, and after clients leave.")
    var memoryOnly = false

    @Option(help: "Fresh daemons per memory figure; medians are reported.")
    var memoryRuns = 3

    @Flag(help: "Only the flood: one client sends large commits flat out while others animate and Sync each frame.")
    var floodOnly = false

    @Option(help: "Property changes per flooding commit (--flood-only).")
    var floodChanges = 28_000

    @Option(help: "Animations attached to the flooder's layers (--flood-only).")
    var floodAnimations = 0

    @Option(help: "Other clients, each animating 20 layers and syncing once a frame (--flood-only).")
    var floodOthers = 3

    @Option(help: "Seconds per flood sample (--flood-only); --runs samples, medians reported.")
    var floodSeconds = 2.0

    func run() throws {
        let report = BenchReport()
        if coreOnly {
            let core = CoreApplyCost(frame: BulkThroughput.frame(changes: 1000), layers: 1000, runs: runs)
            try addCoreCost(core, generalPathToo: false, to: report)
            for animations in [0, floodAnimations] {
                let cost = try CoreFloodCost(changes: floodChanges, animations: animations, runs: runs).milliseconds()
                report.add(
                    "ServerCore applying a \(floodChanges)-change commit, \(animations) animations attached",
                    cost.commit, unit: "ms")
                // Four key paths on each layer in turn: the case that looked each one up again by its text.
                report.add("the same, per change", cost.commit * 1e6 / Double(floodChanges), unit: "ns")
                report.add("a frame between those commits", cost.frame, unit: "ms")
            }
            report.print()
            return
        }
        let daemon = try DaemonHarness(clock: "monotonic", arguments: ["--log-level", "warning"])
        defer { daemon.stop() }
        if floodOnly {
            try addFlood(daemon: daemon, to: report)
            report.print()
            return
        }
        if memoryOnly {
            let kept = try addMemory(daemon: daemon, to: report)
            try addVisibleMemory(to: report)
            report.print()
            withExtendedLifetime(kept) {}
            return
        }
        let client = try daemon.connect(name: "serverbench")
        client.delegateQueue = DispatchQueue(label: "serverbench.events")
        if bulkOnly {
            try addBulk(try BulkThroughput(client: client, runs: runs), daemon: daemon, full: false, to: report)
            report.print()
            return
        }

        let latency = try CommitLatency(client: client, runs: runs)
        report.add("sync round trip (baseline)", try latency.syncOnly(), unit: "µs")
        report.add("commit → applied, 1 property", try latency.commit(properties: 1), unit: "µs")
        report.add("commit → applied, 1,000 properties", try latency.commit(properties: 1000), unit: "µs")
        let direct = try DirectCommitLatency(socketPath: daemon.socketPath, runs: runs)
        report.add("sync round trip without the SDK", try direct.syncOnly(), unit: "µs")
        report.add("commit → applied, 1 property, without the SDK", try direct.commit(properties: 1), unit: "µs")
        report.add(
            "commit → applied, 1,000 properties, without the SDK", try direct.commit(properties: 1000), unit: "µs")
        direct.close()

        let bulk = try BulkThroughput(client: client, runs: max(3, runs / 3))
        try addBulk(bulk, daemon: daemon, full: true, to: report)
        try addCoreCost(
            CoreApplyCost(frame: bulk.frame, layers: bulk.perCommit, runs: runs), generalPathToo: true, to: report)

        // The layers stay referenced until the idle measurement: a released Layer is destroyed on the server.
        let staticLayers = try addMemory(daemon: daemon, to: report)
        let idle = try DaemonCPU(daemon: daemon).percentOfOneCore(seconds: idleSeconds)
        report.add("idle CPU with \(layers + 2000) static layers (target < 0.5 %)", idle, unit: "% of a core")
        if let first = staticLayers.first {
            // One layer's opacity animating: every frame still compiles the draw list from every layer.
            let fade = BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
            fade.duration = 1
            fade.repeatCount = .infinity
            Transaction.begin()
            try first.add(fade, forKey: "fade")
            Transaction.commit()
            let busy = try DaemonCPU(daemon: daemon).percentOfOneCore(seconds: idleSeconds)
            report.add("CPU with the same layers and one of them animating", busy, unit: "% of a core")
        }
        try addVisibleMemory(to: report)
        report.print()
        withExtendedLifetime(staticLayers) {}
    }

    /// The empty daemon on each renderer choice, visible layers, and what stays after clients leave, each the
    /// median over `memoryRuns` fresh daemons.
    private func addVisibleMemory(to report: BenchReport) throws {
        let runs = 0..<max(1, memoryRuns)
        let size = VisibleMemory.outputSize
        for renderer in ["software", "auto"] {
            let empty = try runs.map { _ in try VisibleMemory.emptyDaemon(renderer: renderer) }
            report.add(
                "empty daemon RSS, \(size), --renderer \(renderer)",
                median(empty.map { Double($0.residentBytes) }) / 1_048_576, unit: "MiB")
            report.add(
                "daemon start to socket accepting, --renderer \(renderer)",
                median(empty.map { $0.startSeconds }) * 1000, unit: "ms")
        }
        let visible = try runs.map { _ in try VisibleMemory.bytesPerVisibleLayer(count: layers) }
        report.add(
            "server memory per visible layer (background colour, drawn), \(layers) layers (target ≤ 1024)",
            median(visible), unit: "bytes")
        let clients = 16
        let each = 1000
        let soak = try runs.map { _ in try VisibleMemory.afterClientsLeave(clients: clients, layersEach: each) }
        report.add("RSS before any client", median(soak.map { Double($0.empty) }) / 1_048_576, unit: "MiB")
        report.add(
            "RSS with \(clients) clients × \(each) visible layers (10 % animating, churned)",
            median(soak.map { Double($0.loaded) }) / 1_048_576, unit: "MiB")
        report.add(
            "RSS 1.5 s after those clients left", median(soak.map { Double($0.afterLeaving) }) / 1_048_576,
            unit: "MiB")
    }

    /// Bulk updates against the bare socket; `full` adds the SDK's figure and the decoding reader's. Each round
    /// takes a block of samples back to back for each figure (the bare socket measured right after the server,
    /// taking turns sample by sample, runs a third slower on this two-core machine, which would flatter the
    /// server) and gives each figure its block's median. A figure is the median of its rounds and the ratio
    /// the median of the rounds' ratios: a burst of noise from a neighbour that sinks one whole block then
    /// spoils one round, not the result.
    private func addBulk(_ bulk: BulkThroughput, daemon: DaemonHarness, full: Bool, to report: BenchReport) throws {
        let server = full ? try bulk.serverPropertiesPerSecond() : nil
        let quiet = try bulk.directConnection(socketPath: daemon.socketPath, acknowledgeCommits: false)
        let acknowledged = try bulk.directConnection(socketPath: daemon.socketPath, acknowledgeCommits: true)
        defer {
            quiet.close()
            acknowledged.close()
        }
        var straight: [Double] = []
        var straightAcknowledged: [Double] = []
        var raw: [Double] = []
        for _ in 0..<rounds {
            straight.append(
                median(try (0..<bulk.runs).map { _ in try bulk.directServerPropertiesPerSecond(over: quiet) }))
            straightAcknowledged.append(
                median(try (0..<bulk.runs).map { _ in try bulk.directServerPropertiesPerSecond(over: acknowledged) }))
            raw.append(median(try (0..<bulk.runs).map { _ in try bulk.rawSocketPropertiesPerSecond() }))
        }
        let rawMedian = median(raw)
        let ratios = zip(straight, raw).map { 100 * $0 / $1 }
        let acknowledgedRatios = zip(straightAcknowledged, raw).map { 100 * $0 / $1 }
        let decoded =
            full ? median(try (0..<bulk.runs).map { _ in try bulk.rawSocketPropertiesPerSecond(decoding: true) }) : nil
        if let server { report.add("bulk property updates through the SDK and the server", server, unit: "props/s") }
        report.add("the same frames sent straight to the server", median(straight), unit: "props/s")
        report.add(
            "the same frames straight to the server, CommitApplied on", median(straightAcknowledged), unit: "props/s")
        report.add("the same frames over a bare SEQPACKET pair", rawMedian, unit: "props/s")
        if let decoded { report.add("the same frames over a bare SEQPACKET pair, decoded", decoded, unit: "props/s") }
        if let server { report.add("SDK and server ÷ raw socket (target ≥ 50 %)", 100 * server / rawMedian, unit: "%") }
        report.add("server alone ÷ raw socket (target ≥ 50 %), median of \(rounds) rounds", median(ratios), unit: "%")
        report.add("server alone ÷ raw socket, lowest round", ratios.min() ?? .nan, unit: "%")
        report.add("server alone ÷ raw socket, highest round", ratios.max() ?? .nan, unit: "%")
        report.add("server alone, CommitApplied on, ÷ raw socket", median(acknowledgedRatios), unit: "%")
    }

    /// Medians over `--runs` samples of the others' figures without a flood, then with it.
    private func addFlood(daemon: DaemonHarness, to report: BenchReport) throws {
        let flood = FloodFairness(
            daemon: daemon, changes: floodChanges, animations: floodAnimations, others: floodOthers,
            seconds: floodSeconds)
        for flooding in [false, true] {
            let samples = try (0..<runs).map { _ in try flood.measure(flood: flooding) }
            let label =
                flooding
                ? "flood of \(floodChanges)-change commits, \(floodAnimations) animations on its layers"
                : "no flood"
            report.add("\(label): frames per second", median(samples.map(\.framesPerSecond)), unit: "fps")
            report.add("\(label): others' Sync p50", median(samples.map(\.syncP50)), unit: "ms")
            report.add("\(label): others' Sync p99", median(samples.map(\.syncP99)), unit: "ms")
            report.add("\(label): others' Sync max", median(samples.map(\.syncMax)), unit: "ms")
            if flooding {
                report.add("\(label): flooder's commits sent", median(samples.map(\.commitsPerSecond)), unit: "per s")
            }
        }
    }

    private func addCoreCost(_ core: CoreApplyCost, generalPathToo: Bool, to report: BenchReport) throws {
        report.add(
            "ServerCore applying the bulk frame, in process", try core.nanosecondsPerProperty(decoded: false),
            unit: "ns/property")
        guard generalPathToo else { return }
        report.add(
            "the same commit decoded beforehand, applied by the general path",
            try core.nanosecondsPerProperty(decoded: true), unit: "ns/property")
    }

    /// Memory per layer, measured with a client of its own (so the layers do not count against another's
    /// quota); returns the layers, which the caller keeps alive.
    private func addMemory(daemon: DaemonHarness, to report: BenchReport) throws -> [Layer] {
        let holder = try daemon.connect(name: "serverbench-memory")
        let (perLayer, kept) = try LayerMemory(daemon: daemon, client: holder).measure(layers: layers)
        report.add("server memory per layer, \(layers) layers (target ≤ 1024)", perLayer, unit: "bytes")
        return kept
    }
}

/// A Markdown table of the figures, in the order measured.
final class BenchReport {
    private var rows: [(String, Double, String)] = []

    func add(_ name: String, _ value: Double, unit: String) { rows.append((name, value, unit)) }

    func print() {
        Swift.print("| measurement | median | unit |\n|---|---|---|")
        for (name, value, unit) in rows {
            let text = value >= 100 ? String(Int(value.rounded())) : String(format: "%.2f", value)
            Swift.print("| \(name) | \(text) | \(unit) |")
        }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = MonotonicClock.now()
    try body()
    return MonotonicClock.now() - start
}
