import AnimTestSupport
import ArgumentParser
import Foundation

/// Issue 16's hostile clients against a release `animserverd`, each case on a fresh daemon, each printing the
/// figure its bound is about. A measuring tool: it reports what it saw and fails only when a case could not run.
@main
struct Hostile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile",
        abstract: "Run hostile clients against a real animserverd and print what each did to it.",
        discussion: """
            Build in release mode first: swift build -c release --static-swift-stdlib --product animserverd --product hostile, then run \
            .build/release/hostile (all cases) or name some with --case. Cases: \
            \(Case.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    enum Case: String, CaseIterable, ExpressibleByArgument {
        case slowReader = "slow-reader"
        case nonReading = "non-reading"
        case connectBurst = "connect-burst"
        case idleClients = "idle-clients"
        case flood
        case killedMidCommit = "killed-mid-commit"
    }

    @Option(name: .customLong("case"), help: "A case to run (repeatable); all when none is named.")
    var cases: [Case] = []

    @Option(help: "Seconds the slow reader, the non-reading client and each half of the flood run.")
    var seconds = 10.0

    @Option(help: "Connections of the burst and of the idle clients.")
    var connections = 1000

    @Option(help: "Client processes killed mid-commit.")
    var kills = 30

    @Option(help: "The daemon's --renderer.")
    var renderer = "software"

    @Option(help: .hidden)
    var childCommit: String?

    func run() throws {
        if let childCommit { try KilledClients.commitForever(socketPath: childCommit) }
        ManyConnections.allowDescriptors(connections)
        let report = HostileReport()
        for hostileCase in cases.isEmpty ? Case.allCases : cases {
            FileHandle.standardError.write(Data("running \(hostileCase.rawValue)…\n".utf8))
            let daemon = try DaemonHarness(
                clock: "monotonic", size: "320x240", renderer: renderer, arguments: ["--log-level", "warning"])
            defer { daemon.stop() }
            switch hostileCase {
            case .slowReader: try SlowReaders.slowReader(daemon: daemon, seconds: seconds, report: report)
            case .nonReading: try SlowReaders.nonReading(daemon: daemon, seconds: seconds, report: report)
            case .connectBurst: try ManyConnections.burst(daemon: daemon, count: connections, report: report)
            case .idleClients: try ManyConnections.idle(daemon: daemon, count: connections, report: report)
            case .flood: try Flood.run(daemon: daemon, seconds: seconds / 2, report: report)
            case .killedMidCommit: try KilledClients.run(daemon: daemon, rounds: kills, report: report)
            }
        }
        report.print()
    }
}
