import Foundation

/// What one run of a built program printed and how it exited.
public struct ProgramResult: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
}

/// The executables SwiftPM built next to the running test bundle (`<scratch>/<triple>/<configuration>/`), run as a
/// user would run them.
public enum BuiltProgram {
    /// The repository root, where examples/ and protocol/ live.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built `name`; the environment variable `<NAME>_PATH` (e.g. `ANIMCTL_PATH`) overrides it.
    public static func url(_ name: String) -> URL {
        let override = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_PATH"
        if let path = ProcessInfo.processInfo.environment[override] { return URL(fileURLWithPath: path) }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs the built `name` with `arguments` from the repository root and waits for it to exit.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ProgramResult {
        try run(executable: url(name), arguments, environment: environment)
    }

    /// Runs any program (a built one, or a system tool such as setpriv) the same way.
    public static func run(
        executable binary: URL, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ProgramResult {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError.notBuilt(binary.path)
        }
        let scratch = try TemporaryFolder(prefix: binary.lastPathComponent)
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return ProgramResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

/// What went wrong while preparing or running a program under test.
public enum HarnessError: Error, CustomStringConvertible {
    case notBuilt(String)
    case daemonDidNotStart(socket: String, log: String)

    public var description: String {
        switch self {
        case .notBuilt(let path): "\(path) is not built; run swift build first (or set <NAME>_PATH)"
        case .daemonDidNotStart(let socket, let log):
            "animserverd (socket \(socket)) did not report READY=1 on its NOTIFY_SOCKET; its log:\n\(log)"
        }
    }
}
