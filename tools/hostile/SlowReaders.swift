import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation

/// Clients that ask for replies faster than they read them: what the daemon's memory does, and whether it cuts
/// them off (and says why).
enum SlowReaders {
    /// A client asks for the tree of another client's 3,000 layers (a reply of hundreds of kilobytes) 50 times a
    /// second and reads one record a second, for `seconds`.
    static func slowReader(daemon: DaemonHarness, seconds: Double, report: HostileReport) throws {
        let name = "slow reader"
        let figures = DaemonFigures(daemon: daemon)
        let owner = try daemon.connect(name: "hostile-owner")
        var layers: [AnimKit.Layer] = []
        for start in stride(from: 0, to: 3000, by: 1000) {
            Transaction.begin()
            for index in start..<start + 1000 {
                let layer = AnimKit.Layer(connection: owner)
                layer.frame = Rect(x: Double(index % 40) * 8, y: Double(index / 40 % 30) * 8, width: 6, height: 6)
                layers.append(layer)
            }
            Transaction.commit()
        }
        try owner.sync()
        Thread.sleep(forTimeInterval: 0.5)
        let before = figures.resident
        let reader = try RawClient(path: daemon.socketPath, name: "hostile-slow-reader")
        try reader.socket.setNonBlocking(true)
        var asked = 0
        var read = 0
        var peak = before
        var closed = false
        var errors: [ErrorReport] = []
        let start = Date()
        var nextRead = 1.0
        while Date().timeIntervalSince(start) < seconds && !closed {
            for _ in 0..<5 {
                let query = WireInspectQuery.tree(WireInspectTree(client: owner.session, presentation: false))
                do {
                    if try reader.send(.inspectRequest(InspectRequest(request: reader.request(), query: query))) {
                        asked += 1
                    }
                } catch {
                    closed = true
                }
            }
            if Date().timeIntervalSince(start) >= nextRead {
                nextRead += 1
                let drained = try reader.drain(limit: 1)
                read += drained.records
                errors += drained.errors
                closed = closed || drained.closed
            }
            peak = max(peak, figures.resident)
            Thread.sleep(forTimeInterval: 0.1)
        }
        let final = try reader.drain()
        errors += final.errors
        let ownerAlive = (try? owner.sync()) != nil
        report.add(name, "inspect requests sent (tree of 3,000 layers) in \(Int(seconds)) s", "\(asked)")
        report.add(name, "records read (one a second)", "\(read)")
        report.add(name, "RSS before", mebibytes: before)
        report.add(name, "RSS growth at peak", mebibytes: peak - before)
        report.add(name, "server closed the connection", closedWith(closed || final.closed, errors, client: reader))
        reader.close()
        Thread.sleep(forTimeInterval: 1.5)
        report.add(name, "RSS growth 1.5 s after it left", mebibytes: figures.resident - before)
        report.add(name, "the layers' owner still served", ownerAlive ? "yes" : "NO")
        report.add(name, "daemon alive", figures.alive)
        withExtendedLifetime(layers) {}
    }

    /// A client sends Sync as fast as the socket takes it and never reads a reply, for `seconds`.
    static func nonReading(daemon: DaemonHarness, seconds: Double, report: HostileReport) throws {
        let name = "non-reading client"
        let figures = DaemonFigures(daemon: daemon)
        let bystander = try daemon.connect(name: "hostile-bystander")
        let before = figures.resident
        let client = try RawClient(path: daemon.socketPath, name: "hostile-non-reader")
        try client.socket.setNonBlocking(true)
        var sent = 0
        var full = 0
        var peak = before
        var closed = false
        let start = Date()
        while Date().timeIntervalSince(start) < seconds && !closed {
            do {
                if try client.send(.sync(Sync(request: client.request()))) {
                    sent += 1
                    continue
                }
                full += 1
            } catch {
                closed = true
            }
            peak = max(peak, figures.resident)
            Thread.sleep(forTimeInterval: 0.01)
        }
        var bystanderLatencies: [Double] = []
        for _ in 0..<20 { bystanderLatencies.append(try milliseconds { try bystander.sync() }) }
        let drained = try client.drain()
        report.add(name, "Syncs sent in \(Int(seconds)) s, never read", "\(sent)")
        report.add(name, "times its socket was full", "\(full)")
        report.add(name, "replies waiting for it when it finally read", "\(drained.records)")
        report.add(name, "RSS growth at peak (the queue of replies)", mebibytes: peak - before)
        report.add(
            name, "server closed the connection", closedWith(closed || drained.closed, drained.errors, client: client))
        report.add(
            name, "another client's Sync meanwhile, p50 / max",
            String(format: "%.2f / %.2f ms", percentile(bystanderLatencies, 0.5), bystanderLatencies.max() ?? 0))
        client.close()
        Thread.sleep(forTimeInterval: 1.5)
        report.add(name, "RSS growth 1.5 s after it left", mebibytes: figures.resident - before)
        report.add(name, "daemon alive", figures.alive)
    }
}
