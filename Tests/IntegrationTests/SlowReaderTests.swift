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

    /// What `askUntilStopped` saw.
    struct Outcome {
        var sent = 0
        var replies = 0
        var report: ErrorReport?
        /// The daemon's largest RSS above what it was before the client came, sampled every 10,000 Syncs.
        var growth = 0
        /// The daemon's RSS above the start once the client left.
        var growthAfter = 0
        /// Whether the connection ended (end of file) after the report.
        var endOfFile = false
        /// Whether another client's Sync was answered afterwards.
        var otherAnswered = false
    }

    /// Sends up to `count` Syncs as fast as the server takes them, reading one reply per `readEvery` sent (never
    /// when nil), until a report comes or the connection closes; then reads what is left up to end of file and
    /// leaves.
    static func askUntilStopped(_ count: Int, readingOneIn readEvery: Int?) throws -> Outcome {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: 3)
        let before = try #require(residentBytes(daemon))
        var outcome = Outcome()
        var peak = before
        var stalledSince: Double?
        try client.socket.setNonBlocking(true)
        while outcome.report == nil && outcome.sent < count {
            let frame = FrameCodec.encode(.sync(Sync(request: UInt32(truncatingIfNeeded: outcome.sent))))
            // Once the server has sent its report and closed, sending fails (ECONNRESET, EPIPE): read what is left.
            guard let accepted = try? client.socket.send(frame) else { break }
            guard accepted else {
                // The server is busy; give up if it stopped reading altogether.
                let now = MonotonicClock.now()
                if now - (stalledSince ?? now) > 2 { break }
                stalledSince = stalledSince ?? now
                usleep(500)
                continue
            }
            stalledSince = nil
            outcome.sent += 1
            if let readEvery, outcome.sent % readEvery == 0,
                case .record(let record) = try client.socket.receive(maxBytes: 2 << 20)
            {
                switch try FrameCodec.decode(record.bytes, fds: record.fds) {
                case .syncReply: outcome.replies += 1
                case .errorReport(let received): outcome.report = received
                default: break
                }
            }
            if outcome.sent % 10_000 == 0 { peak = max(peak, residentBytes(daemon) ?? 0) }
        }
        peak = max(peak, residentBytes(daemon) ?? 0)
        outcome.growth = peak - before
        // Replies already in the socket, then the report, then end of file.
        try client.socket.setNonBlocking(false)
        while outcome.report == nil, let message = try client.next() {
            if case .syncReply = message { outcome.replies += 1 }
            if case .errorReport(let received) = message { outcome.report = received }
        }
        outcome.endOfFile = try client.socket.receive(maxBytes: 2 << 20).isEndOfFile
        client.socket.close()
        // What the client held is given back: its queue's memory freed makes the heap trimmed a second after it left
        // (without the trim glibc kept about 9 MiB of the small blocks freed).
        var after = Int.max
        _ = eventually(timeout: 5) {
            after = residentBytes(daemon) ?? Int.max
            return after - before < 4 << 20
        }
        outcome.growthAfter = after - before
        // The daemon still serves others.
        let other = try RawClient(daemon, version: 3)
        other.send(.sync(Sync(request: 7)))
        if case .syncReply(let reply)? = try other.next() { outcome.otherAnswered = reply.request == 7 }
        #expect(daemon.isRunning)
        return outcome
    }

    /// The report a client that stopped reading gets (protocol/README.md, "Errors"), and what the daemon held for it:
    /// about the 16 MiB limit while it lasted (13 MiB measured), and given back after it left (the heap is trimmed
    /// once the memory it held is free: 9 MiB stayed before).
    static func expectStoppedReading(_ outcome: Outcome) throws {
        #expect(outcome.growth < 32 << 20, "the daemon grew by \(outcome.growth) bytes for one client")
        #expect(outcome.growthAfter < 4 << 20, "the daemon kept \(outcome.growthAfter) bytes after the client left")
        #expect(outcome.endOfFile, "the connection closes after the report")
        #expect(outcome.otherAnswered)
        let report = try #require(
            outcome.report, "no report after \(outcome.sent) Syncs and \(outcome.replies) replies read")
        #expect(report.code == WireErrorCode.limitExceeded.rawValue)
        #expect(report.fatal)
        #expect(report.opcode == 0)
        #expect(report.field == "")
        #expect((Int(report.value) ?? 0) > 16 << 20)
        #expect(report.message.contains("stopped reading"))
    }

    /// A client that asks four times faster than it reads: its queue of replies only grows, so the server stops it
    /// at the 16 MiB limit, holding about that much for it meanwhile (before, sent replies stayed queued behind the
    /// unsent ones: the daemon grew by 144 MiB over 1.13 million Syncs and the client was closed without a word).
    @Test func aClientThatReadsSlowerThanItAsksIsStoppedWithinTheQueueLimit() throws {
        try Self.expectStoppedReading(Self.askUntilStopped(1_500_000, readingOneIn: 4))
    }

    /// A client that sends 300,000 Syncs before it reads: stopped at the same limit, which counts what each small
    /// reply costs the server, not only its 20 bytes (before, the limit counted 6 MB of payload here, so the client
    /// got every reply and the daemon held about 40 MB for it).
    @Test func aClientThatDoesNotReadIsStoppedWithinTheQueueLimit() throws {
        try Self.expectStoppedReading(Self.askUntilStopped(300_000, readingOneIn: nil))
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
        // The client reads only once the server has handled the bad record, so the replies are still queued then.
        #expect(eventually { daemon.log.contains("closing a client after a fatal error") })
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
        #expect(try client.socket.receive(maxBytes: 2 << 20).isEndOfFile, "the connection closes after the report")
        #expect(daemon.isRunning)
    }
}

extension ReceiveResult {
    /// End of file, not a receive that timed out.
    fileprivate var isEndOfFile: Bool {
        if case .closed = self { return true }
        return false
    }
}
