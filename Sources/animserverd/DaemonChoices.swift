import AnimDisplay
import AnimServer
import ArgumentParser
import Logging

enum ClockChoice: String, ExpressibleByArgument, CaseIterable {
    case monotonic, manual

    var mode: ServerClock.Mode {
        switch self {
        case .monotonic: .monotonic
        case .manual: .manual
        }
    }
}

/// The outputs this build drives: headless (tests, CI, screenshots only) or a display on DRM/KMS (kiosks).
enum OutputChoice: String, ExpressibleByArgument, CaseIterable {
    case headless, drm
}

extension RendererChoice: ExpressibleByArgument {}

extension SessionChoice: ExpressibleByArgument {}
extension OutputLayout: ExpressibleByArgument {}

enum LogLevelChoice: String, ExpressibleByArgument, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}
