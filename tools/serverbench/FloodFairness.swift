import AnimKit
import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Synchronization

/// One client floods the daemon with large commits while others animate and Sync once a frame (issue 16,
/// item 4): the frames per second the server ran meanwhile (its status document's frame count) and the
/// others' Sync round trips. The same figures without the flood are the baseline.
struct FloodFairness {
    let daemon: DaemonHarness
    /// Property changes per flooding commit: position, bounds, opacity and zPosition of `changes / 4` layers.
    let changes: Int
    /// Infinite opacity animations attached to the flooder's first layers.
    let animations: Int
    let others: Int
    let seconds: Double

    struct Figures {
        var framesPerSecond: Double
        var syncP50: Double
        var syncP99: Double
        var syncMax: Double
        var commitsPerSecond: Double
    }

    /// The flooder's connection, sent to from its own thread.
    final class Flooder: @unchecked Sendable {
        let connection: RawConnection
        let frame: [UInt8]
        let stop = Atomic(false)
        let sent = Atomic(0)

        init(connection: RawConnection, frame: [UInt8]) {
            self.connection = connection
            self.frame = frame
        }

        func run() {
            while !stop.load(ordering: .relaxed) {
                guard (try? connection.send(frame)) != nil else { return }
                sent.add(1, ordering: .relaxed)
            }
        }
    }

    func measure(flood: Bool) throws -> Figures {
        let layerCount = max(1, changes / 4)
        var flooder: Flooder?
        if flood {
            let connection = try RawConnection(path: daemon.socketPath, acknowledgeCommits: false)
            try connection.createLayers(layerCount)
            var next: UInt64 = 1
            for start in stride(from: 0, to: min(animations, layerCount), by: 1000) {
                let end = min(start + 1000, animations, layerCount)
                try connection.send(
                    .commit(
                        Commit(
                            transaction: 2, completions: [],
                            operations: (start..<end).map { index in
                                defer { next += 1 }
                                return .addAnimation(Self.fade(layer: UInt32(index + 1), id: next))
                            })))
            }
            try connection.sync()
            flooder = Flooder(connection: connection, frame: Self.frame(layers: layerCount))
        }
        defer { flooder?.connection.close() }

        var clients: [Connection] = []
        var layers: [Layer] = []
        for index in 0..<others {
            let client = try daemon.connect(name: "flood-other-\(index)")
            client.delegateQueue = DispatchQueue(label: "serverbench.flood.events.\(index)")
            Transaction.begin()
            for _ in 0..<20 {
                let layer = Layer(connection: client)
                let fade = BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
                fade.duration = 1
                fade.repeatCount = .infinity
                try layer.add(fade, forKey: "fade")
                layers.append(layer)
            }
            Transaction.commit()
            try client.sync()
            clients.append(client)
        }
        let statusBefore = try Self.frames(clients[0])
        let began = MonotonicClock.now()
        if let flooder { Thread { flooder.run() }.start() }
        let latencies = Mutex<[Double]>([])
        let group = DispatchGroup()
        let interval = 1.0 / 60
        for client in clients {
            group.enter()
            Thread {
                defer { group.leave() }
                var tick = 1.0
                var mine: [Double] = []
                while true {
                    let wake = began + tick * interval
                    if wake > began + seconds { break }
                    let wait = wake - MonotonicClock.now()
                    if wait > 0 { usleep(UInt32(wait * 1e6)) }
                    let start = MonotonicClock.now()
                    guard (try? client.sync()) != nil else { break }
                    mine.append(MonotonicClock.now() - start)
                    // A late Sync skips the ticks it overran, as a display link does.
                    tick = max(tick + 1, ((MonotonicClock.now() - began) / interval).rounded(.up))
                }
                latencies.withLock { $0 += mine }
            }.start()
        }
        group.wait()
        let elapsed = MonotonicClock.now() - began
        let statusAfter = try Self.frames(clients[0])
        flooder?.stop.store(true, ordering: .relaxed)
        let sent = flooder?.sent.load(ordering: .relaxed) ?? 0
        let sorted = latencies.withLock { $0 }.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
        }
        withExtendedLifetime(layers) {}
        return Figures(
            framesPerSecond: Double(statusAfter.frames - statusBefore.frames)
                / (statusAfter.uptime - statusBefore.uptime),
            syncP50: percentile(0.5) * 1e3,
            syncP99: percentile(0.99) * 1e3, syncMax: (sorted.last ?? .nan) * 1e3,
            commitsPerSecond: Double(sent) / elapsed)
    }

    /// The core's frame count and the server's uptime from one status document: frames per second on the
    /// server's own clock, whatever the answer's delay.
    static func frames(_ client: Connection) throws -> (frames: UInt64, uptime: Double) {
        let status = try client.inspectStatus()
        return (status.frames, status.uptime)
    }

    static func frame(layers: Int) -> [UInt8] {
        var operations: [WireOperation] = []
        operations.reserveCapacity(layers * 4)
        for index in 0..<layers {
            let layer = UInt32(index + 1)
            let at = Double(index)
            operations.append(
                .setProperty(WireSetProperty(layer: layer, keyPath: "position", value: .point(WirePoint(x: 1, y: at)))))
            operations.append(
                .setProperty(
                    WireSetProperty(
                        layer: layer, keyPath: "bounds", value: .rect(WireRect(x: 0, y: 0, width: 10, height: at)))))
            operations.append(.setProperty(WireSetProperty(layer: layer, keyPath: "opacity", value: .number(0.5))))
            operations.append(.setProperty(WireSetProperty(layer: layer, keyPath: "zPosition", value: .number(at))))
        }
        return FrameCodec.encode(.commit(Commit(transaction: 3, completions: [], operations: operations)))
    }

    static func fade(layer: UInt32, id: UInt64) -> WireAddAnimation {
        WireAddAnimation(
            layer: layer, animationID: id, key: "fade", completion: 0, transactionDuration: 0.25,
            animation: WireAnimation(
                timing: WireTiming(
                    beginTime: 0, duration: 1, speed: 1, timeOffset: 0, repeatCount: .infinity, repeatDuration: 0,
                    autoreverses: false, fillMode: .removed),
                timingFunction: nil, removedOnCompletion: true,
                kind: .basic(
                    WireBasic(
                        keyPath: "opacity", fromValue: .number(0), toValue: .number(1), byValue: nil, additive: false,
                        cumulative: false, valueFunction: nil))))
    }
}
