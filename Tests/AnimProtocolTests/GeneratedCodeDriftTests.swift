import Foundation
import Testing

/// The committed generated code must be exactly what tools/protogen makes of protocol/spec.json.
@Suite struct GeneratedCodeDriftTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The protogen binary SwiftPM built next to this test bundle (`PROTOGEN_PATH` overrides).
    static var protogen: URL {
        if let path = ProcessInfo.processInfo.environment["PROTOGEN_PATH"] { return URL(fileURLWithPath: path) }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("protogen")
    }

    @Test func committedCodeMatchesTheSpec() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.protogen.path), "protogen is not built")
        let process = Process()
        let output = Pipe()
        process.executableURL = Self.protogen
        process.arguments = ["--check"]
        process.currentDirectoryURL = Self.repositoryRoot
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("6 files match"))
    }
}
