import AnimServer
import Foundation

enum DaemonDefaults {
    /// Read when it exists and no --config is given, so a packaged unit needs no arguments.
    static let configPath = "/etc/animserver/animserverd.json"

    static func loadConfiguration(explicitPath: String?) throws -> ServerConfiguration {
        if let explicitPath { return try ServerConfiguration.load(path: explicitPath) }
        guard FileManager.default.fileExists(atPath: configPath) else { return ServerConfiguration() }
        return try ServerConfiguration.load(path: configPath)
    }
}
