import Foundation
import Testing

/// What one run of the built `animctl` printed and how it exited.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

/// Runs the `animctl` binary SwiftPM built next to this test bundle, as a user would, from the repository root.
enum AnimctlRunner {
    /// The repository root (examples/ lives there).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `<build folder>/<triple>/<configuration>/animctl`: the test bundle's folder, whatever scratch path and
    /// configuration `swift test` used. `ANIMCTL_PATH` overrides it.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ANIMCTL_PATH"] { return URL(fileURLWithPath: path) }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("animctl")
    }

    static func run(_ arguments: [String]) throws -> CommandResult {
        let binary = binary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "animctl is not built at \(binary.path); run swift build (or set ANIMCTL_PATH)")
        let scratch = try TemporaryFolder()
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
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("animctl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to a file named `name` in the folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
