/// Conversions along a chain of timed objects (docs/core-animation-rules.md#parent-time-to-local-time, #converttime):
/// absolute time → root layer → … → layer → animation. A chain lists each object's `MediaTiming` root first; the root's
/// parent time is absolute time.
public enum TimeSpace {
    /// The local time of the chain's last object at absolute time `t`, applying `localTime(fromParent:)` from
    /// the root down. An empty chain is absolute time itself.
    public static func localTime(fromAbsolute t: Double, chain: some Sequence<MediaTiming>) -> Double {
        var time = t
        for timing in chain {
            time = timing.localTime(fromParent: time)
        }
        return time
    }

    /// The absolute time at which the chain's last object has local time `t`, inverting the chain from the
    /// leaf up; nil when any object in it has speed 0 (its local time is pinned, so no single time maps back).
    public static func absoluteTime(fromLocal t: Double, chain: some BidirectionalCollection<MediaTiming>) -> Double? {
        var time = t
        for timing in chain.reversed() {
            guard let parent = timing.parentTime(fromLocal: time) else { return nil }
            time = parent
        }
        return time
    }

    /// Converts local time `t` of the object at the end of chain `from` to the local time of the object at the
    /// end of chain `to` (CALayer `convertTime(_:to:)`; an empty chain is absolute time).
    ///
    /// The leading elements the two chains share are their common ancestors: the conversion goes up only to
    /// the last of them and back down, so a paused common ancestor does not prevent it. It is nil when an
    /// object on the way up (in `from` below the common part) has speed 0.
    public static func convert(_ t: Double, from: [MediaTiming], to: [MediaTiming]) -> Double? {
        var shared = 0
        while shared < from.count, shared < to.count, from[shared] == to[shared] {
            shared += 1
        }
        guard let ancestorTime = absoluteTime(fromLocal: t, chain: from[shared...]) else { return nil }
        return localTime(fromAbsolute: ancestorTime, chain: to[shared...])
    }
}
