import AnimCore
import AnimKit
import AnimProtocol
import AnimTransport
import Dispatch
import Foundation

/// The SDK's own cost per property change and per commit, with no daemon: the client talks over a socket
/// pair to a thread that only receives (and answers Sync), so what is timed is the app thread's work.
/// Baseline in the same run: the same Commit frame built from wire values and encoded by hand, which is the
/// floor the SDK's commit path cannot go below. Medians of `runs` commits. Build in release mode:
/// `swift build -c release --static-swift-stdlib --product kitbench && .build/release/kitbench [commits] [changes] [animated commits]`.
@main
struct KitBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let commits = arguments.first ?? 100
        let changes = arguments.dropFirst().first ?? 1000
        let animatedCommits = arguments.dropFirst(2).first ?? max(1, commits / 10)
        let server = try SinkServer()
        let connection = server.connection

        Transaction.begin()
        let layers = (0..<changes).map { _ in Layer(connection: connection) }
        Transaction.commit()
        try connection.sync()

        var changeSamples: [Double] = []
        var commitSamples: [Double] = []
        var animatedSamples: [Double] = []
        var readSamples: [Double] = []
        var encodeSamples: [Double] = []
        var checksum = 0.0
        for run in 0..<commits {
            Transaction.begin()
            Transaction.disableActions = true
            let start = DispatchTime.now().uptimeNanoseconds
            for (index, layer) in layers.enumerated() {
                layer.position = Point(x: Double(run), y: Double(index))
            }
            let changed = DispatchTime.now().uptimeNanoseconds
            Transaction.commit()
            let committed = DispatchTime.now().uptimeNanoseconds
            changeSamples.append(Double(changed - start) / Double(changes))
            commitSamples.append(Double(committed - changed) / Double(changes))

            let readStart = DispatchTime.now().uptimeNanoseconds
            for layer in layers { checksum += layer.position.x }
            readSamples.append(Double(DispatchTime.now().uptimeNanoseconds - readStart) / Double(changes))

            // The floor: the same operations as wire values, encoded and sent as one frame.
            let encodeStart = DispatchTime.now().uptimeNanoseconds
            var operations: [WireOperation] = []
            operations.reserveCapacity(changes)
            for index in 0..<changes {
                operations.append(
                    .setProperty(
                        WireSetProperty(
                            layer: UInt32(index + 1), keyPath: "position",
                            value: .point(WirePoint(x: Double(run), y: Double(index))))))
            }
            _ = try server.client.send(
                FrameCodec.encode(.commit(Commit(transaction: 0, completions: [], operations: operations))))
            encodeSamples.append(Double(DispatchTime.now().uptimeNanoseconds - encodeStart) / Double(changes))
        }
        try connection.sync()

        // Implicit animations: each change also looks up and adds its action (fewer commits: animations pile up).
        for run in 0..<animatedCommits {
            Transaction.begin()
            let start = DispatchTime.now().uptimeNanoseconds
            for (index, layer) in layers.enumerated() {
                layer.position = Point(x: Double(run + 1000), y: Double(index))
            }
            Transaction.commit()
            animatedSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(changes))
        }
        try connection.sync()

        // New layers set up with actions on (no action runs: the server has not seen them yet), then let go.
        var creationSamples: [Double] = []
        for _ in 0..<max(1, commits / 10) {
            Transaction.begin()
            let start = DispatchTime.now().uptimeNanoseconds
            var created: [Layer]? = (0..<changes).map { index in
                let layer = Layer(connection: connection)
                layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                layer.position = Point(x: Double(index), y: 0)
                return layer
            }
            Transaction.commit()
            creationSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(changes))
            // Their destroyLayers go out in a commit of their own, outside the timed ones.
            Transaction.begin()
            created = nil
            Transaction.commit()
            if created != nil { print("") }
        }
        try connection.sync()

        print("kitbench: \(commits) commits of \(changes) position changes, medians in ns per change")
        print(String(format: "  change (actions off)          %8.1f", median(changeSamples)))
        print(String(format: "  commit (encode + send)        %8.1f", median(commitSamples)))
        print(String(format: "  change + commit               %8.1f", median(changeSamples) + median(commitSamples)))
        print(String(format: "  baseline: wire ops encoded    %8.1f", median(encodeSamples)))
        print(String(format: "  model read (layer.position)   %8.1f", median(readSamples)))
        print(String(format: "  change + commit, animated     %8.1f", median(animatedSamples)))
        print(String(format: "  new layer + 2 changes, commit %8.1f  (per layer)", median(creationSamples)))
        if checksum.isNaN { print("") }
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// A stand-in server: welcomes the SDK, answers Sync, and drops everything else unread.
final class SinkServer: @unchecked Sendable {
    let socket: SeqPacketSocket
    /// A second client end whose frames the sink also drains: the baseline's frames go there.
    let client: SeqPacketSocket
    let connection: Connection

    init() throws {
        let (client, server) = try SeqPacketSocket.pair()
        socket = server
        let (rawClient, rawServer) = try SeqPacketSocket.pair()
        self.client = rawClient
        let welcome = Welcome(
            version: 1, session: 1, serverTime: 0, clockMode: .manual, maxMessageBytes: 16 << 20,
            maxLayers: 1 << 20, maxAnimations: 1 << 20, maxImageBytes: 1 << 24)
        _ = try server.send(FrameCodec.encode(.welcome(welcome)))
        connection = try Connection.connect(socket: client, name: "kitbench")
        _ = try server.receive(maxBytes: 1 << 16)  // the Hello
        let sink = Thread { [socket] in
            while case .record(let record)? = try? socket.receive(maxBytes: 16 << 20, maxFDs: 4) {
                // Only a Sync is small: decode those and answer.
                guard record.bytes.count < 64, case .sync(let s)? = try? FrameCodec.decode(record.bytes) else {
                    continue
                }
                _ = try? socket.send(FrameCodec.encode(.syncReply(SyncReply(request: s.request, time: 0))))
            }
        }
        sink.start()
        let drain = Thread {
            while case .record? = try? rawServer.receive(maxBytes: 16 << 20) {}
        }
        drain.start()
    }
}
