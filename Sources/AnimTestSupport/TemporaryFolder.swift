import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init(prefix: String = "animserver-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to a file named `name` in the folder and returns its path.
    public func file(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
