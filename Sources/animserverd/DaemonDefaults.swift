import AnimServer
import ArgumentParser
import Foundation

enum DaemonDefaults {
    /// Read when it exists and no --config is given, so a packaged unit needs no arguments.
    static let configPath = "/etc/animserver/animserverd.json"

    /// The smallest texture limit accepted: a CPU tile (256 pixels and a 1-pixel border) must fit.
    static let minimumTextureSize = 258

    /// $ANIMSERVER_MAX_TEXTURE_SIZE, when set.
    static func maxTextureSize(environment: [String: String]) throws -> Int? {
        guard let text = environment["ANIMSERVER_MAX_TEXTURE_SIZE"] else { return nil }
        guard let value = Int(text), value >= minimumTextureSize else {
            throw ValidationError(
                "ANIMSERVER_MAX_TEXTURE_SIZE=\(text): must be a whole number of pixels, at least \(minimumTextureSize)")
        }
        return value
    }

    static func loadConfiguration(explicitPath: String?) throws -> ServerConfiguration {
        if let explicitPath { return try ServerConfiguration.load(path: explicitPath) }
        guard FileManager.default.fileExists(atPath: configPath) else { return ServerConfiguration() }
        return try ServerConfiguration.load(path: configPath)
    }
}
