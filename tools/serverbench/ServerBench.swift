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
            Build in release mode first: swift build -c release --product animserverd and --product serverbench, \
            then run .build/release/serverbench. The daemon runs with a monotonic clock on a private socket.
            """)

    @Option(help: "Repetitions per measurement; medians are reported.")
    var runs = 15

    @Option(help: "Layers for the memory and idle measurements.")
    var layers = 10_000

    @Option(help: "Seconds of idle CPU sampling.")
    var idleSeconds = 5.0

    @Flag(help: "Only the in-process ServerCore cost of the bulk frame (no daemon).")
    var coreOnly = false

    @Flag(help: "Only the bulk frames sent straight to the daemon, against the bare socket.")
    var bulkOnly = false

    @Flag(help: "Only the daemon's memory per layer, on a fresh daemon.")
    var memoryOnly = false

    func run() throws {
        if coreOnly {
            let frame = BulkThroughput.frame(changes: 1000)
            let core = CoreApplyCost(frame: frame, layers: 1000, runs: runs)
            let report = BenchReport()
            report.add(
                "ServerCore applying the bulk frame, in process", try core.nanosecondsPerProperty(decoded: false),
                unit: "ns/property")
            report.print()
            return
        }
        let daemon = try DaemonHarness(clock: "monotonic", arguments: ["--log-level", "warning"])
        defer { daemon.stop() }
        if memoryOnly {
            let holder = try daemon.connect(name: "serverbench-memory")
            let (perLayer, kept) = try LayerMemory(daemon: daemon, client: holder).measure(layers: layers)
            Swift.print("server memory per layer, \(layers) layers: \(Int(perLayer.rounded())) bytes")
            withExtendedLifetime(kept) {}
            return
        }
        let client = try daemon.connect(name: "serverbench")
        client.delegateQueue = DispatchQueue(label: "serverbench.events")
        let report = BenchReport()

        if bulkOnly {
            let bulk = try BulkThroughput(client: client, runs: runs)
            let straight = try bulk.directServerPropertiesPerSecond(socketPath: daemon.socketPath)
            let raw = try bulk.rawSocketPropertiesPerSecond()
            report.add("the same frames sent straight to the server", straight, unit: "props/s")
            report.add("the same frames over a bare SEQPACKET pair", raw, unit: "props/s")
            report.add("server alone ÷ raw socket (target ≥ 50 %)", 100 * straight / raw, unit: "%")
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
        let server = try bulk.serverPropertiesPerSecond()
        let straight = try bulk.directServerPropertiesPerSecond(socketPath: daemon.socketPath)
        let raw = try bulk.rawSocketPropertiesPerSecond()
        let decoded = try bulk.rawSocketPropertiesPerSecond(decoding: true)
        report.add("bulk property updates through the SDK and the server", server, unit: "props/s")
        report.add("the same frames sent straight to the server", straight, unit: "props/s")
        report.add("the same frames over a bare SEQPACKET pair", raw, unit: "props/s")
        report.add("the same frames over a bare SEQPACKET pair, decoded", decoded, unit: "props/s")
        report.add("SDK and server ÷ raw socket (target ≥ 50 %)", 100 * server / raw, unit: "%")
        report.add("server alone ÷ raw socket (target ≥ 50 %)", 100 * straight / raw, unit: "%")
        let core = CoreApplyCost(frame: bulk.frame, layers: bulk.perCommit, runs: runs)
        report.add(
            "ServerCore applying the bulk frame, in process", try core.nanosecondsPerProperty(decoded: false),
            unit: "ns/property")
        report.add(
            "the same commit decoded beforehand, applied by the general path",
            try core.nanosecondsPerProperty(decoded: true), unit: "ns/property")

        // The layers stay referenced until the idle measurement: a released Layer is destroyed on the server.
        // A second client, so the layers above do not count against this one's quota.
        let holder = try daemon.connect(name: "serverbench-memory")
        let (perLayer, staticLayers) = try LayerMemory(daemon: daemon, client: holder).measure(layers: layers)
        report.add("server memory per layer, \(layers) layers (target ≤ 1024)", perLayer, unit: "bytes")

        let idle = try IdleCPU(daemon: daemon).percentOfOneCore(seconds: idleSeconds)
        report.add("idle CPU with \(layers + 2000) static layers (target < 0.5 %)", idle, unit: "% of a core")
        report.print()
        withExtendedLifetime(staticLayers) {}
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
