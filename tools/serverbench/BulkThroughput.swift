import AnimKit
import AnimProtocol
import AnimTransport
import Foundation

/// Property updates per second: many commits of 1,000 changes sent back to back and applied by the server,
/// against the same encoded frames pushed through a bare SEQPACKET socket pair to a reader that only receives
/// them (the socket's own ceiling on this machine).
///
/// The server is measured twice: through the SDK (layer setters, transactions, encoding: the app's view), and
/// with the same pre-encoded frames the raw socket carries sent straight to its socket, so that figure and the
/// raw one differ only in what the receiving end does with each record. The raw reader is also measured
/// decoding each record, the part of the server's work that is the codec's.
struct BulkThroughput {
    let client: Connection
    let runs: Int
    /// Commits per sample: 400,000 changes, a few milliseconds at either end. With 50 the bare socket's sample
    /// lasted a third of a millisecond, and its fixed costs (the reader's wake-up, the final semaphore) made it
    /// read 10–20 % slower than it runs.
    let commits = 400
    let perCommit = 1000
    let layers: [Layer]

    init(client: Connection, runs: Int) throws {
        self.client = client
        self.runs = runs
        Transaction.begin()
        layers = (0..<perCommit).map { _ in Layer(connection: client) }
        Transaction.commit()
        try client.sync()
    }

    func serverPropertiesPerSecond() throws -> Double {
        var samples: [Double] = []
        for run in 0..<runs {
            let elapsed = try seconds {
                for commit in 0..<commits {
                    Transaction.begin()
                    Transaction.disableActions = true
                    for (index, layer) in layers.enumerated() {
                        layer.position = Point(x: Double(run * commits + commit), y: Double(index))
                    }
                    Transaction.commit()
                }
                try client.sync()
            }
            samples.append(Double(commits * perCommit) / elapsed)
        }
        return median(samples)
    }

    /// The frame both the raw socket and the direct server measurement send: 1,000 position changes of
    /// layers 1…1,000.
    var frame: [UInt8] { Self.frame(changes: perCommit) }

    static func frame(changes: Int) -> [UInt8] {
        FrameCodec.encode(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: (0..<changes).map { index in
                        .setProperty(
                            WireSetProperty(
                                layer: UInt32(index + 1), keyPath: "position",
                                value: .point(WirePoint(x: 1, y: Double(index)))))
                    })))
    }

    /// A connection of its own straight to the daemon at `socketPath`, with layers 1…1,000 created, for
    /// `directServerPropertiesPerSecond`.
    func directConnection(socketPath: String, acknowledgeCommits: Bool) throws -> RawConnection {
        let connection = try RawConnection(path: socketPath, acknowledgeCommits: acknowledgeCommits)
        try connection.createLayers(perCommit)
        return connection
    }

    /// One sample: `frame` sent back to back over `connection` until a Sync after them is answered (so every
    /// commit was applied).
    func directServerPropertiesPerSecond(over connection: RawConnection) throws -> Double {
        let frame = self.frame
        let elapsed = try seconds {
            for _ in 0..<commits { try connection.send(frame) }
            try connection.sync()
        }
        return Double(commits * perCommit) / elapsed
    }

    /// One sample: `frame` over a bare socket pair; with `decoding`, the reader decodes each record as the
    /// server does.
    func rawSocketPropertiesPerSecond(decoding: Bool = false) throws -> Double {
        let frame = self.frame
        let (writer, reader) = try SeqPacketSocket.pair()
        defer {
            writer.close()
            reader.close()
        }
        let total = commits
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var received = 0
            // The reader takes each record as a copy. Lending it instead (as the daemon's loop does) makes the
            // reader faster, but then it waits on the writer, and the writer's wake-ups make the pair about 10 %
            // slower (125–135 against 138–150 M/s here): the copy gives the higher ceiling, so it is the baseline.
            while received < total, case .record(let record) = (try? reader.receive(maxBytes: 2 << 20)) ?? .closed {
                if decoding {
                    _ = try? FrameCodec.decode(record.bytes, fds: record.fds, maxMessageBytes: 2 << 20)
                }
                received += 1
            }
            done.signal()
        }
        // The reader is already waiting in recvmsg when the clock starts, as the daemon's loop is in
        // epoll_wait: thread start-up is not part of the socket's figure.
        thread.start()
        Thread.sleep(forTimeInterval: 0.002)
        let elapsed = try seconds {
            for _ in 0..<commits { _ = try writer.send(frame) }
            done.wait()
        }
        return Double(commits * perCommit) / elapsed
    }
}
