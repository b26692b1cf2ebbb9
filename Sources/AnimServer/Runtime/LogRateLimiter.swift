/// Lets a message that may repeat without end (every failed accept while out of descriptors) through once per
/// interval, and counts the ones held back so the next one says how many there were.
struct LogRateLimiter {
    let interval: Double
    private var lastLogged: Double?
    private var suppressed = 0

    init(interval: Double) {
        self.interval = interval
    }

    /// At `now` (seconds): the number held back since the last one let through, when this one is let through;
    /// nil when it is held back.
    mutating func admit(at now: Double) -> Int? {
        if let lastLogged, now - lastLogged < interval {
            suppressed += 1
            return nil
        }
        lastLogged = now
        defer { suppressed = 0 }
        return suppressed
    }
}
