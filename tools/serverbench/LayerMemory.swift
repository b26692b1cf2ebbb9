import AnimKit
import AnimTestSupport
import Foundation

/// The daemon's resident memory (from /proc/PID/statm) before and after a client creates N layers with a few
/// properties set, divided by N. Several commits of 1,000 so no message nears the size limit.
struct LayerMemory {
    let daemon: DaemonHarness
    let client: Connection

    /// The bytes per layer, and the layers (the caller keeps them alive).
    func measure(layers count: Int) throws -> (bytesPerLayer: Double, layers: [Layer]) {
        let before = try residentBytes(of: daemon.processIdentifier)
        var created: [Layer] = []
        for start in stride(from: 0, to: count, by: 1000) {
            Transaction.begin()
            for index in start..<min(count, start + 1000) {
                let layer = Layer(connection: client)
                layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                layer.position = Point(x: Double(index % 100) * 10, y: Double(index / 100) * 10)
                created.append(layer)
            }
            Transaction.commit()
        }
        try client.sync()
        Thread.sleep(forTimeInterval: 0.2)  // the frame after the last commit
        let after = try residentBytes(of: daemon.processIdentifier)
        return (Double(after - before) / Double(count), created)
    }
}

func residentBytes(of pid: Int32) throws -> Int {
    let statm = try String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8)
    let pages = Int(statm.split(separator: " ")[1]) ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
