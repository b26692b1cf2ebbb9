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

/// The outputs this build drives. DRM/KMS comes with the kiosk work; headless serves tests and CI.
enum OutputChoice: String, ExpressibleByArgument, CaseIterable {
    case headless
}

extension RendererChoice: ExpressibleByArgument {}

enum LogLevelChoice: String, ExpressibleByArgument, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}
