import AnimProtocol
import AnimServer
import AnimTransport
import Logging

/// The in-process cost of one flooding commit (`FloodFairness.frame`) to a session whose first layers have
/// animations attached, with a frame between commits as in the daemon (a frame's snapshot shares the nodes the
/// next commit changes): milliseconds per commit and per frame, medians of `runs`.
struct CoreFloodCost {
    let changes: Int
    let animations: Int
    let runs: Int

    func milliseconds() throws -> (commit: Double, frame: Double) {
        let core = ServerCore(
            configuration: ServerConfiguration(), clock: .manual(start: 0), serverUID: 0,
            logger: Logger(label: "serverbench.core", factory: { _ in SwiftLogNoOpLogHandler() }))
        let session = core.openSession(credentials: PeerCredentials(pid: 1, uid: 0, gid: 0))
        _ = core.receive(.hello(Hello(minVersion: 1, maxVersion: 1, clientName: "bench")), fds: [], from: session)
        let layers = max(1, changes / 4)
        _ = core.receive(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: (0..<layers).map {
                        .createLayer(WireCreateLayer(layer: UInt32($0 + 1), layerClass: .layer))
                    })), fds: [], from: session)
        let attached = (0..<min(animations, layers)).map {
            WireOperation.addAnimation(FloodFairness.fade(layer: UInt32($0 + 1), id: UInt64($0 + 1)))
        }
        _ = core.receive(.commit(Commit(transaction: 2, completions: [], operations: attached)), fds: [], from: session)
        let frame = FloodFairness.frame(layers: layers)
        var commits: [Double] = []
        var frames: [Double] = []
        for run in 0..<runs {
            let time = Double(run + 1) / 60
            frames.append(seconds { _ = core.renderFrame(at: time) })
            commits.append(seconds { _ = core.receive(record: frame, fds: [], from: session) })
        }
        return (median(commits) * 1e3, median(frames) * 1e3)
    }
}
