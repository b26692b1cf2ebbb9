import Dispatch

/// The SDK's estimate of the server's media time (the animation clock events are stamped with), so that a
/// long press can begin when nothing else happens: the server time at Welcome, moved on by the local
/// monotonic clock at the server's rate (1 for a monotonic clock, 0 for a manual one), and moved forward to any
/// later time the server reports (an event's timestamp, a SyncReply, a ClockState).
struct MediaClock {
    private var serverTime: Double
    private var localTime: Double
    let rate: Double

    init(serverTime: Double, rate: Double, localTime: Double = MediaClock.localNow()) {
        self.serverTime = serverTime
        self.localTime = localTime
        self.rate = rate
    }

    static func localNow() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func now(local: Double = MediaClock.localNow()) -> Double {
        serverTime + (local - localTime) * rate
    }

    /// The server said its clock read `time`; a time behind the estimate (an event stamped before it was sent)
    /// leaves it.
    mutating func observe(_ time: Double, local: Double = MediaClock.localNow()) {
        guard time > now(local: local) else { return }
        serverTime = time
        localTime = local
    }

    /// Local seconds from now until the server's clock reads `time`; nil when it does not run by itself.
    func delay(until time: Double, local: Double = MediaClock.localNow()) -> Double? {
        guard rate > 0 else { return nil }
        return max(0, (time - now(local: local)) / rate)
    }
}
