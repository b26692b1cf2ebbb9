import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Testing

/// What a connection may cost and how long it may stay silent (README.md, "Running the server"; protocol/README.md,
/// "Errors"): the Hello timeout, the connection limits with the client told why, and receive memory that does
/// not grow with the number of idle connections.
@Suite struct ConnectionLimitTests {
    /// A daemon whose configuration file holds `json`.
    static func daemon(configuration json: String) throws -> (DaemonHarness, TemporaryFolder) {
        let folder = try TemporaryFolder(prefix: "animserverd-config")
        let path = try folder.file("animserverd.json", json)
        return (try DaemonHarness(arguments: ["--config", path]), folder)
    }

    /// A client that said Hello and was welcomed. The harness's readiness probe connected and closed; until the
    /// server has read that close the probe still counts against the limits, so the first clients may be
    /// refused for a moment.
    static func welcomedClient(_ daemon: DaemonHarness) throws -> RawClient {
        var client: RawClient?
        #expect(
            eventually {
                client = try? RawClient(daemon)
                return client != nil
            })
        return try #require(client)
    }

    @Test func aConnectionThatDoesNotSayHelloInTimeIsToldAndClosed() throws {
        let (daemon, _) = try Self.daemon(configuration: #"{"helloTimeout": 0.3}"#)
        let prompt = try RawClient(daemon)
        let silent = try RawClient(daemon, hello: false)
        let report = try #require(try silent.next()?.errorReport, "an ErrorReport before the close")
        #expect(report.code == WireErrorCode.notNegotiated.rawValue)
        #expect(report.field == "helloTimeout")
        #expect(report.value == "0.3")
        #expect(report.fatal)
        #expect(try silent.next() == nil, "the connection closes after the report")
        // A client that said Hello in time is not affected by the timeout: it connected first, so a timer left
        // armed for it would have fired before the silent client's, whose report has arrived.
        prompt.send(.sync(Sync(request: 7)))
        guard case .syncReply(let reply)? = try prompt.next() else {
            Issue.record("the client that said Hello was not served after the timeout")
            return
        }
        #expect(reply.request == 7)
    }

    @Test func aConnectionOverMaxConnectionsIsRefusedWithTooManyConnections() throws {
        let (daemon, _) = try Self.daemon(configuration: #"{"maxConnections": 2}"#)
        let first = try Self.welcomedClient(daemon)
        let second = try Self.welcomedClient(daemon)
        let third = try RawClient(daemon, hello: false)
        let report = try #require(try third.next()?.errorReport, "an ErrorReport before the close")
        #expect(report.code == WireErrorCode.tooManyConnections.rawValue)
        #expect(report.field == "maxConnections")
        #expect(report.value == "2")
        #expect(report.fatal)
        #expect(try third.next() == nil, "the connection closes after the report")
        // Once one closes, a new connection is served.
        first.socket.close()
        #expect(
            try eventually {
                let next = try RawClient(daemon, hello: false)
                next.send(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "later")))
                if case .welcome? = try next.next() { return true }
                return false
            })
        second.send(.sync(Sync(request: 1)))
        #expect(try second.next().map { if case .syncReply = $0 { true } else { false } } == true)
    }

    @Test func aConnectionOverMaxConnectionsPerUserIsRefusedNamingTheLimit() throws {
        let (daemon, _) = try Self.daemon(configuration: #"{"maxConnectionsPerUser": 1}"#)
        let first = try Self.welcomedClient(daemon)
        let second = try RawClient(daemon, hello: false)
        let report = try #require(try second.next()?.errorReport, "an ErrorReport before the close")
        #expect(report.code == WireErrorCode.tooManyConnections.rawValue)
        #expect(report.field == "maxConnectionsPerUser")
        #expect(report.value == "1")
        #expect(report.fatal)
        #expect(try second.next() == nil)
        first.send(.sync(Sync(request: 2)))
        #expect(try first.next().map { if case .syncReply = $0 { true } else { false } } == true)
    }

    /// Resident bytes of a process (VmRSS in /proc/PID/status).
    static func residentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }

    /// A commit of about 750 KB: one layer, then its opacity set 30,000 times (nothing of it is kept).
    static func largeCommit(transaction: UInt64) -> Message {
        let sets = (0..<30_000).map { index in
            WireOperation.setProperty(
                WireSetProperty(layer: 1, keyPath: "opacity", value: .number(Double(index % 100) / 100)))
        }
        return .commit(
            Commit(
                transaction: transaction, completions: [],
                operations: [.createLayer(WireCreateLayer(layer: 1, layerClass: .layer))] + sets))
    }

    /// Each connection used to keep a receive buffer of 2 MiB, touched as far as its largest record: idle
    /// clients that had each sent one large commit held that memory for as long as they stayed connected.
    /// `ANIMSERVER_IDLE_CLIENTS` raises the count for a measurement (the figures are printed). The daemon runs
    /// with glibc's mmap threshold fixed at 128 KiB, so the decoder's freed temporaries go back to the kernel
    /// and what is measured is what each connection keeps (with the default, dynamic threshold they stay in
    /// the heap, fragmented, about 0.9 MB per client: the allocator's tuning, not a connection's cost).
    @Test func idleClientsThatSentALargeCommitDoNotEachKeepItsBytes() throws {
        let count = ProcessInfo.processInfo.environment["ANIMSERVER_IDLE_CLIENTS"].flatMap { Int($0) } ?? 40
        let folder = try TemporaryFolder(prefix: "animserverd-config")
        let path = try folder.file(
            "animserverd.json", #"{"maxConnections": 5000, "maxConnectionsPerUser": 5000}"#)
        let daemon = try DaemonHarness(
            arguments: ["--config", path], environment: ["MALLOC_MMAP_THRESHOLD_": "131072"])
        let commit = FrameCodec.encode(Self.largeCommit(transaction: 1))
        #expect(commit.count > 700_000)
        // One client first, so memory the first large commit costs once (the shared buffer, the allocator's
        // arenas) is in the baseline.
        var clients = [try RawClient(daemon)]
        try clients[0].sendBytes(commit)
        guard case .commitApplied? = try clients[0].next() else {
            Issue.record("the large commit was not applied")
            return
        }
        let baseline = try Self.residentBytes(of: daemon.processIdentifier)
        for _ in 1..<count {
            let client = try RawClient(daemon)
            try client.sendBytes(commit)
            guard case .commitApplied? = try client.next() else {
                Issue.record("the large commit was not applied")
                return
            }
            clients.append(client)
        }
        let loaded = try Self.residentBytes(of: daemon.processIdentifier)
        let perClient = (loaded - baseline) / (count - 1)
        print(
            "idle clients after one large commit each: \(count), daemon RSS \(baseline) → \(loaded) bytes, \(perClient) bytes per client"
        )
        #expect(perClient < 128 * 1024, "each idle client costs \(perClient) bytes")
        #expect(daemon.isRunning)
    }
}
