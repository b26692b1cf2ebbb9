import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Synchronization
import Testing

/// A daemon at its descriptor limit (protocol/README.md, "Errors"; README.md, "Running the server"): it does not spin on the
/// listener, logs the failure a bounded number of times, reports its real descriptor count, answers an image it
/// cannot receive with the retryable `tryAgain` while the client keeps its layers, and serves a waiting
/// connection once a descriptor is free.
@Suite struct DescriptorExhaustionTests {
    /// CPU seconds (user + system) the process has used, from /proc/PID/stat.
    static func cpuSeconds(of pid: Int32) throws -> Double {
        let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start at state, field 3; utime and stime are 14, 15.
        let fields = text[text.index(after: try #require(text.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sets the soft and hard RLIMIT_NOFILE of a running process (util-linux prlimit).
    static func limitDescriptors(of pid: Int32, to count: Int) throws {
        let result = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/prlimit"), ["--pid", "\(pid)", "--nofile=\(count):\(count)"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func atTheDescriptorLimitTheDaemonPausesAcceptingAnswersTryAgainAndServesAfterAClose() throws {
        let daemon = try DaemonHarness()
        let holder = try connectClient(daemon, name: "holder")
        let errors = Mutex<[ServerError]>([])
        holder.errorHandler = { error in
            if case .server(let report) = error { errors.withLock { $0.append(report) } }
        }
        Transaction.begin()
        Transaction.disableActions = true
        let layers = (0..<1000).map { _ in AnimKit.Layer(connection: holder) }
        Transaction.commit()
        try holder.sync()
        let before = try serverStatus(holder)
        let openBefore = before.openFDs
        #expect(before.layers == layers.count)

        // Room for 3 more descriptors: 3 of the 6 clients below are accepted, the others wait in the backlog.
        try Self.limitDescriptors(of: daemon.processIdentifier, to: openBefore + 3)
        var clients: [RawClient] = []
        for _ in 0..<6 {
            let client = try RawClient(daemon, hello: false)
            client.send(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "raw")))
            clients.append(client)
        }
        for client in clients[0..<3] {
            guard case .welcome? = try client.next() else {
                Issue.record("an accepted client got no Welcome")
                return
            }
        }
        #expect(
            try eventually { try serverStatus(holder).clients == 4 },
            "the holder and 3 raw clients are served")
        let atLimit = try serverStatus(holder)
        #expect(atLimit.openFDs == openBefore + 3, "the real count at the limit, not 0")

        // Out of descriptors with connections waiting: the loop must not spin, nor the log grow per attempt.
        usleep(300_000)
        let logBefore = daemon.log.utf8.count
        let cpuBefore = try Self.cpuSeconds(of: daemon.processIdentifier)
        usleep(1_000_000)
        let cpuUsed = try Self.cpuSeconds(of: daemon.processIdentifier) - cpuBefore
        let logGrowth = daemon.log.utf8.count - logBefore
        #expect(cpuUsed < 0.15, "the daemon used \(cpuUsed) s of CPU in 1 s at its descriptor limit")
        #expect(logGrowth < 2048, "the log grew \(logGrowth) bytes in 1 s at the descriptor limit")
        let acceptLines = daemon.log.split(separator: "\n").filter { $0.contains("cannot accept a client") }
        #expect(acceptLines.count == 1, "logged once per interval: \(acceptLines.count) lines")

        // An image the daemon cannot receive is refused for now, not taken for a broken protocol.
        let pixels = [UInt8](repeating: 255, count: 4 * 4 * 4)
        let image = try holder.uploadImage(width: 4, height: 4, rgbaPremultiplied: pixels)
        try holder.sync()
        #expect(eventually { !errors.withLock { $0 }.isEmpty })
        let refused = try #require(errors.withLock { $0 }.first)
        #expect(refused.code == .tryAgain)
        #expect(!refused.isFatal)
        #expect(refused.opcode == ImageUpload.opcode)
        #expect(refused.request == UInt64(image.rawValue))
        #expect(refused.field == "fds")
        let kept = try serverStatus(holder)
        #expect(kept.layers == layers.count, "the client keeps its layers")
        #expect(kept.images == 0)

        // A descriptor frees: the next waiting connection is served.
        clients[0].socket.close()
        guard case .welcome? = try clients[3].next() else {
            Issue.record("a waiting client was not served after another closed")
            return
        }
        #expect(daemon.isRunning)
    }
}
