import Glibc

/// CLOCK_MONOTONIC, the one media clock client and server share (Core Animation's `CACurrentMediaTime`).
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (boot).
    public static func now() -> Double {
        Double(nanoseconds()) / 1e9
    }

    /// The same clock in whole nanoseconds, the unit timerfd deadlines are armed in.
    public static func nanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// `seconds` as nanoseconds, rounded up so a timer armed there never fires before `seconds` reads as reached.
    static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
        guard seconds.isFinite else { return seconds > 0 ? Int64.max : 0 }
        let value = (seconds * 1e9).rounded(.up)
        if value >= 9.2e18 { return Int64.max }
        if value <= 0 { return 0 }
        return Int64(value)
    }
}
