import AnimTestSupport
import Foundation

/// CPU time the daemon uses over a wall-clock interval (utime + stime from /proc/PID/stat): idle while its
/// clients hold static layers, or with one animation running among them.
struct DaemonCPU {
    let daemon: DaemonHarness

    func percentOfOneCore(seconds wall: Double) throws -> Double {
        Thread.sleep(forTimeInterval: 0.5)  // let the last frame and any pending work finish
        let start = try cpuSeconds(of: daemon.processIdentifier)
        Thread.sleep(forTimeInterval: wall)
        let end = try cpuSeconds(of: daemon.processIdentifier)
        return 100 * (end - start) / wall
    }

    private func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)  // utime, stime
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
