import AnimKit
import AnimTransport
import Foundation

/// A real `animserverd` (the built binary) on a private socket, for integration tests: manual clock by default,
/// its log kept in a file that failures can show. Stopped (SIGTERM, then SIGKILL) by `stop()` or when released.
public final class DaemonHarness: @unchecked Sendable {
    public let socketPath: String
    public let folder: TemporaryFolder
    private let process: Process
    private let logURL: URL
    /// Where the daemon reports readiness (`$NOTIFY_SOCKET`); kept open while it runs, so its later reports
    /// (STOPPING=1) are delivered rather than failed.
    private let notifications: NotifySocket

    /// Starts the daemon and returns once it reported READY=1 on `$NOTIFY_SOCKET` (sent from its loop once the
    /// listener is registered, so its socket accepts connections by then). The output is small and drawn by the
    /// software renderer unless `size` and `renderer` say otherwise, so a test's frames cost little.
    /// `environment` adds to (or overrides) the variables the daemon inherits; `NOTIFY_SOCKET` is the harness's.
    public init(
        clock: String = "manual", size: String = "160x120", renderer: String = "software", arguments: [String] = [],
        environment: [String: String] = [:], timeout: Double = 20
    ) throws {
        folder = try TemporaryFolder(prefix: "animserverd")
        socketPath = folder.url.appendingPathComponent("animserver.sock").path
        logURL = folder.url.appendingPathComponent("animserverd.log")
        notifications = try NotifySocket(path: folder.url.appendingPathComponent("notify.sock").path)
        try Data().write(to: logURL)
        let binary = BuiltProgram.url("animserverd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError.notBuilt(binary.path)
        }
        let log = try FileHandle(forWritingTo: logURL)
        process = Process()
        process.executableURL = binary
        process.arguments =
            [
                "--socket", socketPath, "--clock", clock, "--size", size, "--renderer", renderer, "--log-level",
                "debug",
            ] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["NOTIFY_SOCKET": notifications.path]) { $1 }
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try log.close()
        try waitForReadiness(timeout: timeout)
    }

    /// The daemon's output so far (stderr and stdout).
    public var log: String {
        (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// A client connection with the real SDK.
    public func connect(name: String = "test") throws -> Connection {
        try Connection.connect(socketPath: socketPath, name: name)
    }

    /// Runs the built `animctl` against this daemon.
    public func animctl(_ arguments: [String]) throws -> ProgramResult {
        try BuiltProgram.run("animctl", arguments, environment: ["ANIMSERVER_SOCKET": socketPath])
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Waits for READY=1; a daemon that exits first fails at once (in slices of 0.1 s), one that stays silent
    /// fails after `timeout` seconds, both with its log.
    private func waitForReadiness(timeout: Double) throws {
        let deadline = MonotonicClock.now() + timeout
        while process.isRunning, MonotonicClock.now() < deadline {
            guard let message = notifications.receive(timeout: 0.1) else { continue }
            if message.split(separator: "\n").contains("READY=1") { return }
        }
        let exited = !process.isRunning
        stop()
        throw HarnessError.daemonDidNotStart(
            socket: socketPath,
            log: (exited ? "(exited with status \(process.terminationStatus))\n" : "(no READY=1 in \(timeout) s)\n")
                + log)
    }
}
