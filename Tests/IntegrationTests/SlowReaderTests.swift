import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Testing

/// Clients that do not read what the server sends them (protocol/README.md, "Errors"): the daemon's memory stays
/// bounded by the queue limit, the client that stopped reading is told so before its connection closes, and a fatal
/// report reaches a client however many replies were queued before it.
@Suite struct SlowReaderTests {
    /// The daemon's resident memory (VmRSS), in bytes.
    static func residentBytes(_ daemon: DaemonHarness) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(daemon.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// A client that asks (Sync) four times faster than it reads: its queue of replies only grows, so the server
    /// must stop it at the 16 MiB limit with `limitExceeded`, holding about that much for it meanwhile (before,
    /// sent replies stayed queued behind the unsent ones and the daemon grew by about 130 bytes per Sync).
    @Test func aClientThatReadsSlowerThanItAsksIsStoppedWithinTheQueueLimit() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: 3)
        let before = try #require(Self.residentBytes(daemon))
        try client.socket.setNonBlocking(true)
        var sent = 0
        var replies = 0
        var peak = before
        var report: ErrorReport?
        var stalledSince: Double?
        while report == nil && sent < 1_500_000 {
            let frame = FrameCodec.encode(.sync(Sync(request: UInt32(truncatingIfNeeded: sent))))
            // Once the server has sent its report and closed, sending fails (ECONNRESET, EPIPE): read what is left.
            guard let accepted = try? client.socket.send(frame) else { break }
            guard accepted else {
                // The server is not reading: busy, or it stopped reading this client after the report.
                let now = MonotonicClock.now()
                if now - (stalledSince ?? now) > 2 { break }
                stalledSince = stalledSince ?? now
                usleep(500)
                continue
            }
            stalledSince = nil
            sent += 1
            if sent % 4 == 0, case .record(let record) = try client.socket.receive(maxBytes: 2 << 20) {
                switch try FrameCodec.decode(record.bytes, fds: record.fds) {
                case .syncReply: replies += 1
                case .errorReport(let received): report = received
                default: break
                }
            }
            if sent % 10_000 == 0 { peak = max(peak, Self.residentBytes(daemon) ?? 0) }
        }
        peak = max(peak, Self.residentBytes(daemon) ?? 0)
        // Read what is left: replies already in the socket, then the report, then end of file.
        try client.socket.setNonBlocking(false)
        var last: Message?
        while report == nil, let message = try client.next() {
            if case .syncReply = message { replies += 1 }
            if case .errorReport(let received) = message { report = received }
            last = message
        }
        let stopped = try #require(report, "no report after \(sent) Syncs and \(replies) replies")
        #expect(last == nil || last?.errorReport != nil, "the report is the last message")
        #expect(try client.next() == nil, "the connection closes after the report")
        #expect(stopped.code == WireErrorCode.limitExceeded.rawValue)
        #expect(stopped.fatal)
        #expect(stopped.opcode == 0)
        #expect(stopped.field == "")
        #expect((Int(stopped.value) ?? 0) > 16 << 20)
        #expect(stopped.message.contains("stopped reading"))
        // Every Sync read was answered before the limit: the replies dropped are those the client never read.
        #expect(replies < sent)
        let growth = peak - before
        print("slow reader: \(sent) Syncs, \(replies) replies read, daemon RSS +\(growth >> 20) MiB at most")
        #expect(growth < 48 << 20, "the daemon grew by \(growth) bytes for one client")
        #expect(daemon.isRunning)
    }

    /// A client with 20,000 replies queued (it did not read them) that sends a record shorter than a header reads
    /// them all, then its `malformedFrame` report, then end of file (before, the channel was released with the
    /// queue unsent: 5,462 replies, no report).
    @Test func aFatalReportComesAfterTwentyThousandQueuedReplies() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: 3)
        let count = 20_000
        for request in 0..<count { client.send(.sync(Sync(request: UInt32(request)))) }
        try client.sendBytes([1, 2, 3])
        for request in 0..<count {
            let message = try #require(try client.next(), "reply \(request) of \(count)")
            guard case .syncReply(let reply) = message, reply.request == UInt32(request) else {
                Issue.record("reply \(request) is \(message)")
                return
            }
        }
        let report = try #require(try client.next()?.errorReport)
        #expect(report.code == WireErrorCode.malformedFrame.rawValue)
        #expect(report.fatal)
        #expect(try client.next() == nil, "the connection closes after the report")
        #expect(daemon.isRunning)
    }
}
