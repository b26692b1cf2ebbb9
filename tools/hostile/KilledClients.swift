import AnimKit
import AnimTestSupport
import Foundation
import Glibc

/// Client processes killed (SIGKILL) while they commit: the daemon gives back their descriptors and memory.
enum KilledClients {
    /// What a child process does until it is killed: 500 layers created, moved and destroyed, commit after commit.
    static func commitForever(socketPath: String) throws -> Never {
        let client = try Connection.connect(socketPath: socketPath, name: "hostile-doomed")
        var round = 0.0
        while true {
            round += 1
            var layers: [AnimKit.Layer] = []
            Transaction.begin()
            for index in 0..<500 {
                let layer = AnimKit.Layer(connection: client)
                layer.frame = Rect(
                    x: Double(index % 40) * 8 + round.truncatingRemainder(dividingBy: 4), y: 4, width: 6, height: 6)
                layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
                layers.append(layer)
            }
            Transaction.commit()
            layers.removeAll()
        }
    }

    static func run(daemon: DaemonHarness, rounds: Int, report: HostileReport) throws {
        let name = "clients killed mid-commit"
        let figures = DaemonFigures(daemon: daemon)
        let monitor = try daemon.connect(name: "hostile-monitor")
        Thread.sleep(forTimeInterval: 0.5)
        let before = figures.resident
        let fdsBefore = figures.descriptors
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<rounds {
            let child = Process()
            child.executableURL = executable
            child.arguments = ["--child-commit", daemon.socketPath]
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.1...0.4, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        Thread.sleep(forTimeInterval: 2)
        let status = try StatusDocument.read(monitor)
        report.add(name, "child processes killed while committing", "\(rounds)")
        report.add(name, "clients the daemon still counts (the monitor is 1)", "\(status.clients)")
        report.add(name, "layers the daemon still holds", "\(status.layers)")
        report.add(name, "daemon fds before / 2 s after", "\(fdsBefore) / \(figures.descriptors)")
        report.add(name, "RSS before", mebibytes: before)
        report.add(name, "RSS growth 2 s after", mebibytes: figures.resident - before)
        report.add(name, "daemon alive", figures.alive)
    }
}
