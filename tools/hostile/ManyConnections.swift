import AnimKit
import AnimTestSupport
import Foundation
import Glibc

/// Many connections at once: a burst of connects that do not wait for each other, and many clients that say
/// Hello and then nothing.
enum ManyConnections {
    /// Raises this process's descriptor limit to its hard limit, so the cases can hold `count` sockets.
    static func allowDescriptors(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(count + 256)))
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// `count` connects with Hello, back to back, before any Welcome is read; then every Welcome is awaited.
    static func burst(daemon: DaemonHarness, count: Int, report: HostileReport) throws {
        let name = "burst of \(count) connects"
        let figures = DaemonFigures(daemon: daemon)
        let monitor = try daemon.connect(name: "hostile-monitor")
        let fdsBefore = figures.descriptors
        var clients: [RawClient] = []
        var refused: [String: Int] = [:]
        let connecting = milliseconds {
            for index in 0..<count {
                do {
                    clients.append(
                        try RawClient(path: daemon.socketPath, name: "hostile-burst-\(index)", waitForWelcome: false))
                } catch {
                    refused["\(error)", default: 0] += 1
                }
            }
        }
        var welcomed = 0
        var closed = 0
        var errors: [String: Int] = [:]
        var pending = Array(clients.indices)
        let deadline = Date().addingTimeInterval(20)
        var fdsPeak = figures.descriptors
        while !pending.isEmpty && Date() < deadline {
            pending = try pending.filter { index in
                let drained = try clients[index].drain(limit: 1)
                for error in drained.errors { errors["\(error.code) \(error.message)", default: 0] += 1 }
                if drained.closed {
                    closed += 1
                    return false
                }
                if drained.records > 0 && drained.errors.isEmpty {
                    welcomed += 1
                    return false
                }
                return true
            }
            fdsPeak = max(fdsPeak, figures.descriptors)
            Thread.sleep(forTimeInterval: 0.05)
        }
        let monitorSync = try milliseconds { try monitor.sync() }
        report.add(name, "connects made / refused by connect()", "\(clients.count) / \(refused.values.reduce(0, +))")
        for (reason, times) in refused.sorted(by: { $0.value > $1.value }).prefix(3) {
            report.add(name, "connect() failed with", "\(times)× \(reason)")
        }
        report.add(name, "time to make them", String(format: "%.0f ms", connecting))
        report.add(
            name, "Welcomed / closed by the server / no answer in 20 s", "\(welcomed) / \(closed) / \(pending.count)")
        for (reason, times) in errors.sorted(by: { $0.value > $1.value }).prefix(3) {
            report.add(name, "ErrorReport", "\(times)× \(reason)")
        }
        report.add(name, "daemon fds before / peak", "\(fdsBefore) / \(fdsPeak)")
        report.add(name, "an established client's Sync right after", String(format: "%.2f ms", monitorSync))
        for client in clients { client.close() }
        clients.removeAll()
        Thread.sleep(forTimeInterval: 2)
        report.add(name, "daemon fds 2 s after they closed", "\(figures.descriptors)")
        report.add(name, "daemon alive", figures.alive)
    }

    /// `count` clients connected one after the other, each waiting for its Welcome, then left idle.
    static func idle(daemon: DaemonHarness, count: Int, report: HostileReport) throws {
        let name = "\(count) idle clients"
        let figures = DaemonFigures(daemon: daemon)
        Thread.sleep(forTimeInterval: 0.5)
        let before = figures.resident
        let fdsBefore = figures.descriptors
        var clients: [RawClient] = []
        var failed = 0
        for index in 0..<count {
            do {
                clients.append(try RawClient(path: daemon.socketPath, name: "hostile-idle-\(index)"))
            } catch {
                failed += 1
            }
        }
        Thread.sleep(forTimeInterval: 1)
        let loaded = figures.resident
        report.add(name, "connected / failed", "\(clients.count) / \(failed)")
        report.add(name, "RSS before", mebibytes: before)
        report.add(name, "RSS with them connected", mebibytes: loaded)
        report.add(
            name, "RSS per idle client",
            String(format: "%.0f bytes", Double(loaded - before) / Double(max(1, clients.count))))
        report.add(name, "daemon fds before / with them", "\(fdsBefore) / \(figures.descriptors)")
        let stillOpen = try clients.filter { try !$0.drain().closed }.count
        report.add(name, "still connected after 1 s idle", "\(stillOpen)")
        for client in clients { client.close() }
        clients.removeAll()
        Thread.sleep(forTimeInterval: 2)
        report.add(name, "RSS 2 s after they left", mebibytes: figures.resident)
        report.add(name, "daemon fds 2 s after they left", "\(figures.descriptors)")
        report.add(name, "daemon alive", figures.alive)
    }
}
