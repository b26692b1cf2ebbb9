import AnimKit
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// The daemon as systemd runs it: started by socket activation, reporting readiness and watchdog pings on
/// `$NOTIFY_SOCKET`. systemd-socket-activate (from the systemd package) stands in for PID 1.
@Suite struct SystemdIntegrationTests {
    @Test func aSocketActivatedDaemonServesTheSocketSystemdPassed() throws {
        let folder = try TemporaryFolder(prefix: "activation")
        let socket = folder.url.appendingPathComponent("activated.sock").path
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        activator.arguments = [
            "--seqpacket", "--listen", socket, BuiltProgram.url("animserverd").path, "--clock", "manual",
        ]
        activator.standardOutput = FileHandle.nullDevice
        activator.standardError = FileHandle.nullDevice
        try activator.run()
        defer {
            activator.terminate()
            activator.waitUntilExit()
        }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })

        // The first connection starts the daemon, which adopts the listening socket and answers it.
        let client = try Connection.connect(socketPath: socket, name: "activated")
        client.delegateQueue = DispatchQueue(label: "activated")
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        layer.opacity = 0.3
        Transaction.commit()
        try client.sync()
        #expect(try layer.presentation().opacity == 0.3)
        #expect(try client.clock(.query).mode == .manual)
    }

    @Test func theDaemonReportsReadinessAndPingsTheWatchdog() throws {
        let folder = try TemporaryFolder(prefix: "notify")
        let notifyPath = folder.url.appendingPathComponent("notify.sock").path
        let notify = try NotifySocket(path: notifyPath)
        let daemon = Process()
        daemon.executableURL = BuiltProgram.url("animserverd")
        daemon.arguments = ["--socket", folder.url.appendingPathComponent("d.sock").path]
        daemon.environment = ProcessInfo.processInfo.environment.merging([
            "NOTIFY_SOCKET": notifyPath, "WATCHDOG_USEC": "200000",
        ]) { $1 }
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, messages.filter({ $0.contains("WATCHDOG=1") }).count < 3 {
            if let message = notify.receive() { messages.append(message) }
        }
        let ready = try #require(messages.first { $0.contains("READY=1") })
        #expect(ready.contains("STATUS=serving on"))
        // A 0.2 s watchdog is pinged every 0.1 s from the event loop.
        #expect(messages.filter { $0.contains("WATCHDOG=1") }.count >= 3)

        daemon.terminate()
        daemon.waitUntilExit()
        #expect(daemon.terminationStatus == 0)
        var stopping = false
        while let message = notify.receive() { stopping = stopping || message.contains("STOPPING=1") }
        #expect(stopping)
    }
}
