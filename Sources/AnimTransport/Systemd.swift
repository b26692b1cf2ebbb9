import CSystemd
import Logging

/// systemd integration through libsystemd: socket activation, readiness and the watchdog. Every call is a no-op
/// (or empty) when the process was not started by systemd.
public enum Systemd {
    private static let logger = Logger(label: "animserver.transport.systemd")

    /// The sockets passed by socket activation (sd_listen_fds(1): LISTEN_FDS is consumed and the fds are made
    /// close-on-exec). Empty when none were passed.
    public static func listenFDs() -> [Int32] {
        let count = sd_listen_fds(1)
        if count < 0 { logger.warning("sd_listen_fds failed", metadata: ["errno": "\(-count)"]) }
        guard count > 0 else { return [] }
        let start = Int32(SD_LISTEN_FDS_START)
        return Array(start..<start + count)
    }

    /// sd_notify(0, state): "READY=1", "WATCHDOG=1", "STATUS=…", "STOPPING=1".
    public static func notify(_ state: String) {
        let result = sd_notify(0, state)
        if result < 0 { logger.warning("sd_notify failed", metadata: ["state": "\(state)", "errno": "\(-result)"]) }
    }

    /// The watchdog interval in seconds (WATCHDOG_USEC for this process), nil when the watchdog is off. Send
    /// "WATCHDOG=1" at about half of it.
    public static func watchdogInterval() -> Double? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0 else { return nil }
        return Double(microseconds) / 1e6
    }
}
