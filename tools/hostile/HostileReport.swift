import AnimProtocol
import AnimTestSupport
import Foundation

/// The figures a case measured, printed as one Markdown table.
final class HostileReport {
    private var rows: [(String, String, String)] = []

    func add(_ hostileCase: String, _ name: String, _ value: String) { rows.append((hostileCase, name, value)) }

    func add(_ hostileCase: String, _ name: String, mebibytes bytes: Int) {
        add(hostileCase, name, String(format: "%.1f MiB", Double(bytes) / 1_048_576))
    }

    func print() {
        Swift.print("| case | measurement | value |\n|---|---|---|")
        for (hostileCase, name, value) in rows { Swift.print("| \(hostileCase) | \(name) | \(value) |") }
    }
}

/// What a case reads of the daemon from outside.
struct DaemonFigures {
    let daemon: DaemonHarness

    var resident: Int { (try? ProcessFigures.residentBytes(of: daemon.processIdentifier)) ?? 0 }
    var descriptors: Int { (try? ProcessFigures.openDescriptors(of: daemon.processIdentifier)) ?? 0 }
    var alive: String { daemon.isRunning ? "yes" : "NO (exited)" }
}

/// Milliseconds of `body`, once.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = Date()
    try body()
    return Date().timeIntervalSince(start) * 1000
}

/// The value at `fraction` (0…1) of the sorted values.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

/// "yes, ErrorReport <code> (<message>)" for the report a closed connection got, "no" when it stayed open; the
/// socket error the client saw follows.
func closedWith(_ closed: Bool, _ errors: [ErrorReport], client: RawClient) -> String {
    guard closed else { return "no" }
    let seen = client.failure.map { "; the client saw: \($0)" } ?? ""
    guard let last = errors.last else { return "yes, without an ErrorReport" + seen }
    return "yes, ErrorReport \(last.code) (\(last.message))" + seen
}
