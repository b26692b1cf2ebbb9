import AnimKit
import AnimProtocol
import AnimTransport
import Foundation

/// Property updates per second: many commits of 1,000 changes sent back to back through the SDK and applied
/// by the server, against the same encoded frames pushed through a bare SEQPACKET socket pair to a reader that
/// only receives them (the socket's own ceiling on this machine).
struct BulkThroughput {
    let client: Connection
    let runs: Int
    let commits = 50
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

    func rawSocketPropertiesPerSecond() throws -> Double {
        let frame = FrameCodec.encode(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: (0..<perCommit).map { index in
                        .setProperty(
                            WireSetProperty(
                                layer: UInt32(index + 1), keyPath: "position",
                                value: .point(WirePoint(x: 1, y: Double(index)))))
                    })))
        var samples: [Double] = []
        for _ in 0..<runs {
            let (writer, reader) = try SeqPacketSocket.pair()
            let total = commits
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                var received = 0
                while received < total, case .record = (try? reader.receive(maxBytes: 2 << 20)) ?? .closed {
                    received += 1
                }
                done.signal()
            }
            let elapsed = try seconds {
                thread.start()
                for _ in 0..<commits { _ = try writer.send(frame) }
                done.wait()
            }
            writer.close()
            reader.close()
            samples.append(Double(commits * perCommit) / elapsed)
        }
        return median(samples)
    }
}
