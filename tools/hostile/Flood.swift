import AnimKit
import AnimTestSupport
import Foundation

/// One client commits as fast as it can; another, well behaved, measures its Sync round trips and the frames
/// the loop builds, first without the flood and then during it.
enum Flood {
    /// Set from the measuring thread, read by the flooding one.
    private final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var commits = 0
        var isStopped: Bool { lock.withLock { stopped } }
        var committed: Int { lock.withLock { commits } }
        func stop() { lock.withLock { stopped = true } }
        func count() { lock.withLock { commits += 1 } }
    }

    static func run(daemon: DaemonHarness, seconds: Double, report: HostileReport) throws {
        let name = "flood of commits"
        let figures = DaemonFigures(daemon: daemon)
        let polite = try daemon.connect(name: "hostile-polite")
        Transaction.begin()
        let spinner = AnimKit.Layer(connection: polite)
        spinner.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = Point(x: 30, y: 30)
        spinner.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let fade = BasicAnimation(keyPath: "opacity", from: .number(0.2), to: .number(1))
        fade.duration = 1
        fade.repeatCount = .infinity
        try spinner.add(fade, forKey: "fade")
        Transaction.commit()
        try polite.sync()

        let quiet = try measure(polite, seconds: seconds)
        let flooder = try daemon.connect(name: "hostile-flooder")
        let flag = StopFlag()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            var layers: [AnimKit.Layer] = []
            Transaction.begin()
            for index in 0..<1000 {
                let layer = AnimKit.Layer(connection: flooder)
                layer.frame = Rect(x: Double(index % 40) * 8, y: Double(index / 40) * 8, width: 6, height: 6)
                layers.append(layer)
            }
            Transaction.commit()
            var round = 0.0
            while !flag.isStopped {
                round += 1
                Transaction.begin()
                for (index, layer) in layers.enumerated() {
                    layer.position = Point(x: Double(index % 40) * 8 + round.truncatingRemainder(dividingBy: 5), y: 4)
                }
                Transaction.commit()
                flag.count()
            }
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.5)
        let flooded = try measure(polite, seconds: seconds)
        flag.stop()
        done.wait()
        let floodCommits = flag.committed
        report.add(name, "flooder's commits of 1,000 position changes", "\(floodCommits)")
        report.add(
            name, "polite client's Sync p50 / p99, without the flood",
            String(format: "%.2f / %.2f ms", quiet.syncP50, quiet.syncP99))
        report.add(
            name, "polite client's Sync p50 / p99, during the flood",
            String(format: "%.2f / %.2f ms", flooded.syncP50, flooded.syncP99))
        report.add(
            name, "frames built per second, without / during the flood",
            String(format: "%.1f / %.1f", quiet.framesPerSecond, flooded.framesPerSecond))
        report.add(name, "flooder still connected", flooder.closeReason == nil ? "yes" : "no: \(flooder.closeReason!)")
        report.add(name, "daemon alive", figures.alive)
        flooder.close()
        withExtendedLifetime(spinner) {}
    }

    private struct Figures {
        var syncP50: Double
        var syncP99: Double
        var framesPerSecond: Double
    }

    /// Sync round trips back to back for `seconds`, and the frames the status document counted meanwhile.
    private static func measure(_ client: Connection, seconds: Double) throws -> Figures {
        let framesBefore = try frames(client)
        let start = Date()
        var latencies: [Double] = []
        while Date().timeIntervalSince(start) < seconds {
            latencies.append(try milliseconds { try client.sync() })
            Thread.sleep(forTimeInterval: 0.01)
        }
        let elapsed = Date().timeIntervalSince(start)
        let built = try frames(client) - framesBefore
        return Figures(
            syncP50: percentile(latencies, 0.5), syncP99: percentile(latencies, 0.99),
            framesPerSecond: Double(built) / elapsed)
    }

    private static func frames(_ client: Connection) throws -> UInt64 {
        try StatusDocument.read(client).frames
    }
}
