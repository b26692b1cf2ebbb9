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

    /// Starts the daemon and returns once its socket accepts connections. The output is small and drawn by the
    /// software renderer unless `size` and `renderer` say otherwise, so a test's frames cost little.
    /// `environment` adds to (or overrides) the variables the daemon inherits.
    public init(
        clock: String = "manual", size: String = "160x120", renderer: String = "software", arguments: [String] = [],
        environment: [String: String] = [:], timeout: Double = 20
    ) throws {
        folder = try TemporaryFolder(prefix: "animserverd")
        socketPath = folder.url.appendingPathComponent("animserver.sock").path
        logURL = folder.url.appendingPathComponent("animserverd.log")
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
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try log.close()
        try waitForSocket(timeout: timeout)
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

    private func waitForSocket(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let socket = try? SeqPacketSocket.connect(path: socketPath) {
                socket.close()
                return
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        stop()
        throw HarnessError.daemonDidNotStart(socket: socketPath, log: log)
    }
}
