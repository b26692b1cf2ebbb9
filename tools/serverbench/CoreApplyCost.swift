import AnimProtocol
import AnimServer
import AnimTransport
import Logging

/// The server's own CPU cost of a bulk commit, without sockets or threads: `ServerCore.receive(record:…)` (what
/// the daemon's loop calls with each record) applying the bulk frame to a session that has its 1,000 layers, and
/// the same frame decoded into a `Message` first and applied through `receive(_:fds:from:)` (the general path,
/// which every commit took before the batch path). Nanoseconds per property, median of `runs`.
struct CoreApplyCost {
    let frame: [UInt8]
    let layers: Int
    let runs: Int
    let commitsPerRun = 200

    func nanosecondsPerProperty(decoded: Bool) throws -> Double {
        let core = ServerCore(
            configuration: ServerConfiguration(), clock: .manual(start: 0), serverUID: 0,
            logger: Logger(label: "serverbench.core", factory: { _ in SwiftLogNoOpLogHandler() }))
        let session = core.openSession(credentials: PeerCredentials(pid: 1, uid: 0, gid: 0))
        _ = core.receive(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "bench")), fds: [], from: session)
        let create = Commit(
            transaction: 1, completions: [],
            operations: (0..<layers).map { .createLayer(WireCreateLayer(layer: UInt32($0 + 1), layerClass: .layer)) })
        _ = core.receive(.commit(create), fds: [], from: session)
        var samples: [Double] = []
        for _ in 0..<runs {
            let message = try FrameCodec.decode(frame)
            let elapsed = seconds {
                for _ in 0..<commitsPerRun {
                    if decoded {
                        _ = core.receive(message, fds: [], from: session)
                    } else {
                        _ = core.receive(record: frame, fds: [], from: session)
                    }
                }
            }
            samples.append(elapsed * 1e9 / Double(commitsPerRun * layers))
        }
        return median(samples)
    }
}
